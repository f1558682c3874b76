import { Picker, View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useMemo, useState } from 'react'
import { useStores } from '../../../stores/context'
import { birthdayColumns, dateParts, partsToDate, type ColumnTexts } from './birthday-columns'
import { formatDate } from '../../../i18n/dates'
import './BirthdayPicker.css'

/**
 * The birthday field: year, month and day columns in the language on screen, with its own
 * 'Cancel' and 'Done' (Taro's H5 date picker says '取消/确定' and '1990年' in every language).
 */
export const BirthdayPicker = observer(function BirthdayPicker(props: { value: string; today: string; onChange(date: string): void }) {
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
  // What the open picker shows while the diner turns its columns (the value only changes on Done).
  const [turning, setTurning] = useState(() => dateParts(props.value, '1990-01-01'))
  const columns = birthdayColumns(turning, props.today, texts)
  return (
    <Picker
      mode='multiSelector'
      range={columns.labels}
      value={columns.index}
      textProps={{ okText: i18n.t('picker.ok'), cancelText: i18n.t('common.cancel') }}
      onColumnChange={(e) => {
        const { column, value } = e.detail as { column: number; value: number }
        const next = { ...turning }
        if (column === 0) next.y = columns.years[value]
        else if (column === 1) next.m = columns.months[value]
        else next.d = columns.days[value]
        setTurning(next)
      }}
      onCancel={() => setTurning(dateParts(props.value, '1990-01-01'))}
      onChange={(e) => {
        const [yi, mi, di] = (e.detail.value as number[]).map(Number)
        const picked = birthdayColumns({ y: columns.years[yi], m: columns.months[mi] ?? 1, d: columns.days[di] ?? 1 }, props.today, texts)
        const date = partsToDate({ y: picked.years[picked.index[0]], m: picked.months[picked.index[1]], d: picked.days[picked.index[2]] })
        setTurning(dateParts(date, date))
        props.onChange(date)
      }}
    >
      <View className='so-member-picker' data-testid='birthday'>
        <Text>{props.value ? formatDate(props.value, i18n.t('date.long')) : i18n.t('member.birthdayNone')}</Text>
        <Text className='so-mine-entry__arrow'>›</Text>
      </View>
    </Picker>
  )
})
