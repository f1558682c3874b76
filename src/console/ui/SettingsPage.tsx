/**
 * Settings (owners): the enterprise (names, currency, time zone, languages, decimals, the
 * quantity rule of table bills, other settings) and the setup file (download it; upload one to
 * replace this restaurant's setup).
 */
import { observer } from 'mobx-react-lite'
import { useEffect, type ChangeEvent, type FormEvent } from 'react'
import { LOCALES } from '../../gateway/contract'
import { HTML_LANG, LANGUAGE_NAMES } from '../i18n'
import { KITCHEN_LOCALE_SETTING, type QuantityRule, type SettingsForm, type SettingsStore } from '../stores/settings-store'
import { useConsole } from './console-context'
import { Alert, Check, Field, PageHeading, SelectField, Status } from './controls'
import { NamesFields, ProblemsAlert } from './setup-controls'

const TIME_ZONES = ['Asia/Macau', 'Asia/Hong_Kong', 'Asia/Shanghai', 'Asia/Taipei', 'Asia/Singapore', 'UTC']
const CURRENCIES = ['MOP$', 'HK$', '¥', 'NT$', 'S$', '$']
const RULES: readonly QuantityRule[] = ['raise', 'any', 'none']

export const SettingsPage = observer(function SettingsPage() {
  const store = useConsole()
  const settings = store.settings
  useEffect(() => {
    void settings.load()
  }, [settings])
  const { t } = store
  return (
    <>
      <PageHeading>{t('settings.title')}</PageHeading>
      <Status message={settings.notice} />
      {settings.loading && !settings.form ? <p role='status'>{t('common.loading')}</p> : null}
      {settings.form ? <EnterpriseForm form={settings.form} settings={settings} /> : <Alert message={settings.error} />}
      <SetupFileSection settings={settings} />
    </>
  )
})

const EnterpriseForm = observer(function EnterpriseForm({ form, settings }: { form: SettingsForm; settings: SettingsStore }) {
  const store = useConsole()
  const { t } = store
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void settings.save()
  }
  const local = Object.values(form.errors).filter((e): e is string => Boolean(e))
  return (
    <form className='form narrow' onSubmit={submit} noValidate aria-labelledby='settings-enterprise'>
      <h2 id='settings-enterprise'>{t('settings.enterprise')}</h2>
      <ProblemsAlert message={settings.error || (local.length ? t('error.checkFields') : '')} problems={[...local, ...settings.problems]} />
      <NamesFields legend={t('settings.names')} hint={t('setup.entNamesHint')} names={form.names} onName={(l, v) => form.setName(l, v)} error={settings.errorOf('names')} />
      <div className='field-row'>
        <Field label={t('setup.currency')} value={form.currency} onValue={(v) => form.set('currency', v)} list='settings-currencies' hint={t('settings.currencyHint')} error={settings.errorOf('currency')} autoComplete='off' />
        <Field label={t('setup.timeZone')} value={form.timeZone} onValue={(v) => form.set('timeZone', v)} list='settings-time-zones' hint={t('settings.timeZoneHint')} error={settings.errorOf('timeZone')} autoComplete='off' />
      </div>
      <datalist id='settings-currencies'>
        {CURRENCIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <datalist id='settings-time-zones'>
        {TIME_ZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <fieldset aria-describedby={settings.errorOf('languages') ? 'settings-languages-error' : undefined}>
        <legend>{t('setup.languages')}</legend>
        <div className='checks'>
          {LOCALES.map((l) => (
            <Check key={l} label={LANGUAGE_NAMES[l]} lang={HTML_LANG[l]} checked={form.languages.includes(l)} onChecked={(on) => form.toggleLanguage(l, on)} />
          ))}
        </div>
        {settings.errorOf('languages') ? (
          <p id='settings-languages-error' className='field-error'>
            {settings.errorOf('languages')}
          </p>
        ) : null}
        {form.languages.length > 0 ? (
          <SelectField
            label={t('setup.defaultLanguage')}
            value={form.languages[0]}
            onValue={(v) => form.setFirstLanguage(v as (typeof form.languages)[number])}
            options={form.languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: HTML_LANG[l] }))}
          />
        ) : null}
      </fieldset>
      <div className='field-row field-row-even'>
        <Field label={t('settings.amoPoint')} value={form.amoPoint} onValue={(v) => form.set('amoPoint', v)} inputMode='numeric' hint={t('settings.decimalsHint')} error={settings.errorOf('amoPoint')} />
        <Field label={t('settings.pricePoint')} value={form.pricePoint} onValue={(v) => form.set('pricePoint', v)} inputMode='numeric' hint={t('settings.decimalsHint')} error={settings.errorOf('pricePoint')} />
      </div>
      <fieldset>
        <legend>{t('settings.quantityRule')}</legend>
        <p className='hint'>{t('settings.quantityRuleHint')}</p>
        <div className='checks checks-column'>
          {RULES.map((rule) => (
            <Check key={rule} type='radio' name='quantity-rule' label={t(`settings.rule.${rule}`)} checked={form.quantityRule === rule} onChecked={(on) => on && form.setQuantityRule(rule)} />
          ))}
        </div>
      </fieldset>
      <SelectField
        label={t('settings.kitchenLocale')}
        hint={t('settings.kitchenLocaleHint')}
        value={form.kitchenLocale}
        onValue={(v) => form.setKitchenLocale(v)}
        options={[{ value: '', label: t('settings.kitchenLocaleDefault') }, ...LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: HTML_LANG[l] }))]}
      />
      <fieldset>
        <legend>{t('settings.other')}</legend>
        <p className='hint'>{t('settings.otherHint')}</p>
        {form.settings.map((row, i) => row.name.trim() === KITCHEN_LOCALE_SETTING ? null : (
          <div className='field-row field-row-remove' key={i}>
            <Field label={t('settings.settingName')} value={row.name} onValue={(v) => form.setSetting(i, 'name', v)} autoComplete='off' />
            <Field label={t('settings.settingValue', { name: row.name || t('settings.settingName') })} value={row.value} onValue={(v) => form.setSetting(i, 'value', v)} autoComplete='off' />
            <button type='button' className='button button-small button-danger' onClick={() => form.removeSetting(i)} aria-label={t('settings.removeSetting', { name: row.name || String(i + 1) })}>
              {t('common.remove')}
            </button>
          </div>
        ))}
        {settings.errorOf('settings') ? <p className='field-error'>{settings.errorOf('settings')}</p> : null}
        <div className='actions'>
          <button type='button' className='button button-small' onClick={() => form.addSetting()}>
            {t('settings.addSetting')}
          </button>
        </div>
      </fieldset>
      <Field label={t('field.reason')} value={form.reason} onValue={(v) => form.set('reason', v)} hint={t('staff.reasonHint')} autoComplete='off' />
      <div className='actions'>
        <button type='submit' className='button button-primary' disabled={settings.busy}>
          {settings.busy ? t('common.working') : t('common.save')}
        </button>
      </div>
    </form>
  )
})

const SetupFileSection = observer(function SetupFileSection({ settings }: { settings: SettingsStore }) {
  const store = useConsole()
  const { t } = store
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (!file) return
    void file.text().then((text) => settings.chooseImport(file.name, text))
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void settings.confirmImport()
  }
  return (
    <section className='narrow section' aria-labelledby='settings-file'>
      <h2 id='settings-file'>{t('settings.file')}</h2>
      <p className='lead'>{t('settings.fileIntro')}</p>
      <div className='card form'>
        <h3>{t('settings.export')}</h3>
        <Check label={t('settings.exportCodes')} checked={settings.exportCodes} onChecked={(on) => settings.setExportCodes(on)} />
        <p className='hint'>{t('settings.exportCodesHint')}</p>
        <div className='actions'>
          <button type='button' className='button' onClick={() => void settings.exportFile()} disabled={settings.exporting}>
            {settings.exporting ? t('common.working') : t('settings.exportButton')}
          </button>
        </div>
      </div>
      <form className='card form' onSubmit={submit} noValidate>
        <h3>{t('settings.import')}</h3>
        <p className='hint' id='settings-import-hint'>
          {t('settings.importHint')}
        </p>
        <div className='field'>
          <label htmlFor='settings-import-file'>{t('settings.importFile')}</label>
          <input id='settings-import-file' type='file' accept='application/json,.json' onChange={choose} aria-describedby='settings-import-hint' />
        </div>
        <ProblemsAlert message={settings.importError} problems={settings.importProblems} />
        {settings.imported ? (
          <p role='status' className='status status-on'>
            {t('settings.imported', { shops: settings.imported.Shops, branches: settings.imported.Branches, tables: settings.imported.Tables, rules: settings.imported.RechargeRules, menus: settings.imported.Menus })}
          </p>
        ) : null}
        {settings.importText ? (
          <>
            <p>{t('settings.importChosen', { file: settings.importName, shops: settings.importShops })}</p>
            <Check label={t('settings.importCodes')} checked={settings.importCodes} onChecked={(on) => settings.setImport('importCodes', on)} />
            <Check label={t('settings.importAgree')} checked={settings.importAgreed} onChecked={(on) => settings.setImport('importAgreed', on)} />
            <Field label={t('field.reason')} value={settings.importReason} onValue={(v) => settings.setImportReason(v)} hint={t('staff.reasonHint')} autoComplete='off' />
            <div className='actions'>
              <button type='submit' className='button button-danger' disabled={settings.importing}>
                {settings.importing ? t('common.working') : t('settings.importButton')}
              </button>
              <button type='button' className='button' onClick={() => settings.cancelImport()}>
                {t('common.cancel')}
              </button>
            </div>
          </>
        ) : null}
      </form>
    </section>
  )
})
