import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import type { BaseDetailRow } from '../../../gateway/address-rows'
import { hasLocation } from '../../../core/geo'
import { daysText, deliveryText, hoursText, serviceTexts } from '../branch-texts'
import './Branch.css'

/**
 * A branch as its page shows it: name and shop, address with a map link, opening hours and days,
 * the phone as a call link, services, delivery range and its tables. What the links do is the
 * page's (onMap, onCall, onChooseTable: absent, the link is not offered).
 */
export const BranchDetails = observer(function BranchDetails(props: {
  detail: BaseDetailRow
  onMap(): void
  onCall(): void
  onChooseTable?(): void
  /** More about the branch below its card (the page's: delivery terms, issue 27). */
  extra?: React.ReactNode
}) {
  const { i18n } = useStores()
  const d = props.detail
  const t = i18n.t
  const separator = i18n.locale === 'en' ? ', ' : '、'
  return (
    <View className='so-branch' data-testid='branch-details'>
      <View className='so-branch__hero'>
        <Text className='so-branch__shop' data-testid='branch-shop'>
          {d.ShopName}
        </Text>
        <Text className='so-branch__name' role='heading' aria-level={1} data-testid='branch-title'>
          {d.BaseName}
        </Text>
      </View>
      <View className='so-branch__card'>
        <Row label={t('branch.address')} testId='branch-address'>
          <Text className='so-branch__text'>{d.Address || '—'}</Text>
          {hasLocation(d.Lat, d.Lng) && (
            <View
              className='so-branch__link'
              role='button'
              tabIndex={0}
              aria-label={t('branch.mapLabel', { name: d.BaseName })}
              data-testid='branch-map'
              onClick={props.onMap}
            >
              <Text aria-hidden>{t('branch.map')}</Text>
            </View>
          )}
        </Row>
        <Row label={t('branch.hours')} testId='branch-hours'>
          <Text className='so-branch__text'>{hoursText(d, t)}</Text>
          <Text className='so-branch__sub' data-testid='branch-days'>
            {daysText(d, t, separator)}
          </Text>
        </Row>
        <Row label={t('branch.phone')} testId='branch-phone'>
          {d.Phone ? (
            <View
              className='so-branch__call'
              role='link'
              tabIndex={0}
              aria-label={t('branch.call', { phone: d.Phone })}
              data-testid='branch-call'
              onClick={props.onCall}
            >
              <Text aria-hidden>{d.Phone}</Text>
            </View>
          ) : (
            <Text className='so-branch__text'>—</Text>
          )}
        </Row>
        <Row label={t('branch.services')} testId='branch-services'>
          <View className='so-branch__chips'>
            {serviceTexts(d, t).map((s) => (
              <Text key={s} className='so-branch__chip'>
                {s}
              </Text>
            ))}
          </View>
        </Row>
        <Row label={t('branch.delivery')} testId='branch-delivery'>
          <Text className='so-branch__text'>{deliveryText(d, t)}</Text>
        </Row>
        {d.TableCount > 0 && (
          // A count, under a label that says so ('Table' led to 'Table: 6 tables', issue 27 item 20).
          <Row label={t('branch.seating')} testId='branch-tables'>
            <Text className='so-branch__text'>{t('branch.tables', { n: d.TableCount })}</Text>
          </Row>
        )}
      </View>
      {props.onChooseTable && d.TableCount > 0 && (
        <View className='so-branch__action' role='button' tabIndex={0} data-testid='branch-choose-table' onClick={props.onChooseTable}>
          {t('home.chooseTable')}
        </View>
      )}
      {props.extra}
    </View>
  )
})

function Row(props: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <View className='so-branch__row'>
      <Text className='so-branch__label'>{props.label}</Text>
      <View className='so-branch__value' data-testid={props.testId}>
        {props.children}
      </View>
    </View>
  )
}
