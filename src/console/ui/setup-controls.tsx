/** Controls the Settings, Branches and Tables pages share: names in three languages, a refused save's problems. */
import { observer } from 'mobx-react-lite'
import { LOCALES, type Locale } from '../../gateway/contract'
import { HTML_LANG } from '../i18n'
import type { Names } from '../stores/setup-forms'
import { useConsole } from './console-context'
import { Alert, Field } from './controls'
import './setup-pages.css'

/**
 * A name per language, in a group. One is enough (the app shows it for the others); each input
 * says which language it takes and is marked with it, so a screen reader reads it rightly.
 */
export const NamesFields = observer(function NamesFields(props: { legend: string; hint?: string; names: Names; onName: (locale: Locale, value: string) => void; error?: string; max?: number }) {
  const { t } = useConsole()
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.hint ? <p className='hint'>{props.hint}</p> : null}
      {props.error ? <p className='field-error'>{props.error}</p> : null}
      <div className='field-row field-row-three'>
        {LOCALES.map((l) => (
          <Field key={l} label={t(`setup.entName.${l}`)} value={props.names[l]} onValue={(v) => props.onName(l, v)} lang={HTML_LANG[l]} maxLength={props.max ?? 200} autoComplete='off' aria-invalid={props.error ? true : undefined} />
        ))}
      </div>
    </fieldset>
  )
})

/**
 * What went wrong with a save: the server's message, or, for a refused setup (21100), a short
 * lead and every problem as a list (each names its field as the server spells it).
 */
export const ProblemsAlert = observer(function ProblemsAlert({ message, problems }: { message: string; problems: readonly string[] }) {
  const { t } = useConsole()
  if (!message && problems.length === 0) return null
  return <Alert message={problems.length ? t('setup.problems') : message} list={problems} />
})
