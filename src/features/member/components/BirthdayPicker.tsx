import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useStores } from '../../../stores/context'
import { birthdayColumns, dateParts, partsToDate, type ColumnTexts } from './birthday-columns'
import { formatDate } from '../../../i18n/dates'
import { focusNode, keepInside } from '../../../ui/dialog-focus'
import './BirthdayPicker.css'

const FALLBACK = '1990-01-01'

/** The keys a column answers (a listbox's usual ones): how far each moves the choice. */
const STEPS: Record<string, number | 'first' | 'last'> = { ArrowUp: -1, ArrowDown: 1, PageUp: -5, PageDown: 5, Home: 'first', End: 'last' }

interface KeyEvent {
  key: string
  shiftKey?: boolean
  target?: unknown
  preventDefault(): void
  stopPropagation?(): void
}

/**
 * The birthday field: a button showing the date, which opens a dialog of three columns (year,
 * month, day) in the language on screen, with its own 'Cancel' and 'Done' (Taro's H5 date picker
 * says '取消/确定' and '1990年' in every language, and is neither named nor keyboard-operable).
 *
 * The dialog takes the focus (the year column) and gives it back to the button when it closes;
 * Tab stays inside it, Escape cancels. Each column is a listbox: a tap on a row, or the arrow keys,
 * Page Up/Down, Home and End on the focused column choose; the value only changes on Done.
 */
export const BirthdayPicker = observer(function BirthdayPicker(props: { value: string; today: string; label: string; onChange(date: string): void }) {
  const { i18n } = useStores()
  const texts: ColumnTexts = useMemo(
    () => ({
      year: (n) => i18n.t('picker.year', { n }),
      months: i18n.t('picker.months').split(','),
      day: (n) => i18n.t('picker.day', { n })
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.locale]
  )
  const [open, setOpen] = useState(false)
  // What the open picker shows while the diner turns its columns (the value only changes on Done).
  const [turning, setTurning] = useState(() => dateParts(props.value, FALLBACK))
  const opener = useRef<unknown>(null)
  const sheet = useRef<unknown>(null)
  const firstColumn = useRef<unknown>(null)
  const wasOpen = useRef(false)
  const columns = birthdayColumns(turning, props.today, texts)

  // Focus into the dialog when it opens, back to the button when it closes.
  useLayoutEffect(() => {
    if (open) focusNode(firstColumn.current)
    else if (wasOpen.current) focusNode(opener.current)
    wasOpen.current = open
  }, [open])

  const shown = props.value ? formatDate(props.value, i18n.t('date.long')) : i18n.t('member.birthdayNone')
  const cancel = () => {
    setTurning(dateParts(props.value, FALLBACK))
    setOpen(false)
  }
  const done = () => {
    const date = partsToDate({ y: columns.years[columns.index[0]], m: columns.months[columns.index[1]], d: columns.days[columns.index[2]] })
    setTurning(dateParts(date, date))
    setOpen(false)
    props.onChange(date)
  }
  const pick = (column: 0 | 1 | 2, i: number) => {
    const next = { ...turning }
    if (column === 0) next.y = columns.years[i]
    else if (column === 1) next.m = columns.months[i]
    else next.d = columns.days[i]
    // A day the new month lacks (31 Feb) becomes its last; no date after today.
    const fitted = birthdayColumns(next, props.today, texts)
    setTurning({ y: fitted.years[fitted.index[0]], m: fitted.months[fitted.index[1]], d: fitted.days[fitted.index[2]] })
  }

  return (
    <>
      <View
        ref={opener as never}
        className='so-member-picker'
        role='button'
        tabIndex={0}
        aria-haspopup='dialog'
        aria-expanded={open}
        aria-label={i18n.t('member.birthdayButton', { label: props.label, date: shown })}
        data-testid='birthday'
        onClick={() => setOpen(true)}
      >
        <Text>{shown}</Text>
        <View className='so-chevron' aria-hidden />
      </View>
      {open && (
        <View className='so-bday' data-testid='birthday-picker'>
          <View className='so-bday__mask' aria-hidden onClick={cancel} />
          <View
            ref={sheet as never}
            className='so-bday__sheet'
            role='dialog'
            aria-modal='true'
            aria-label={props.label}
            onKeyDown={(e: KeyEvent) => {
              if (e.key === 'Escape') {
                e.preventDefault()
                cancel()
              } else if (e.key === 'Tab' && keepInside(sheet.current, e.target, !!e.shiftKey)) e.preventDefault()
            }}
          >
            <View className='so-bday__bar'>
              <View className='so-bday__btn' role='button' tabIndex={0} data-testid='birthday-cancel' onClick={cancel}>
                {i18n.t('common.cancel')}
              </View>
              <Text className='so-bday__title' role='heading' aria-level={2}>
                {props.label}
              </Text>
              <View className='so-bday__btn so-bday__btn--ok' role='button' tabIndex={0} data-testid='birthday-done' onClick={done}>
                {i18n.t('picker.ok')}
              </View>
            </View>
            <View className='so-bday__cols'>
              {([0, 1, 2] as const).map((c) => (
                <Column
                  key={c}
                  id={`so-bday-${c}`}
                  name={i18n.t(c === 0 ? 'picker.yearColumn' : c === 1 ? 'picker.monthColumn' : 'picker.dayColumn')}
                  labels={columns.labels[c]}
                  index={columns.index[c]}
                  nodeRef={c === 0 ? firstColumn : undefined}
                  onPick={(i) => pick(c, i)}
                />
              ))}
            </View>
          </View>
        </View>
      )}
    </>
  )
})

/** One column: a listbox whose chosen row is its active descendant, kept in view. */
function Column(props: { id: string; name: string; labels: string[]; index: number; nodeRef?: { current: unknown }; onPick(i: number): void }) {
  const own = useRef<unknown>(null)
  const ref = props.nodeRef ?? own
  const optionId = (i: number) => `${props.id}-${i}`
  useEffect(() => {
    // H5: scroll the chosen row to the middle (a mini-program's node has no such properties; nothing happens).
    const list = ref.current as { scrollTop?: number; clientHeight?: number; querySelector?(s: string): unknown } | null
    const row = list?.querySelector?.(`#${optionId(props.index)}`) as { offsetTop?: number; offsetHeight?: number } | null | undefined
    if (list && row && typeof row.offsetTop === 'number' && typeof list.clientHeight === 'number') {
      list.scrollTop = Math.max(0, row.offsetTop - list.clientHeight / 2 + (row.offsetHeight ?? 0) / 2)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.index, props.labels.length])
  const last = props.labels.length - 1
  return (
    <View
      ref={ref as never}
      className='so-bday__col'
      role='listbox'
      tabIndex={0}
      aria-label={props.name}
      aria-activedescendant={optionId(props.index)}
      data-testid={`${props.id}`}
      onKeyDown={(e: KeyEvent) => {
        const step = STEPS[e.key]
        if (step === undefined) return
        e.preventDefault()
        const to = step === 'first' ? 0 : step === 'last' ? last : Math.min(last, Math.max(0, props.index + step))
        if (to !== props.index) props.onPick(to)
      }}
    >
      {props.labels.map((label, i) => (
        <View
          key={label}
          id={optionId(i)}
          className={`so-bday__opt${i === props.index ? ' so-bday__opt--on' : ''}`}
          role='option'
          aria-selected={i === props.index}
          onClick={() => props.onPick(i)}
        >
          {label}
        </View>
      ))}
    </View>
  )
}
