import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { toDecimal } from '../../../core/money'
import type { FreightRuleRow } from '../../../gateway/order-rows'
import type { MessageKey } from '../../../i18n/catalogues'
import { useStores } from '../../../stores/context'
import type { DeliveryStore } from '../delivery.store'
import './DeliveryTerms.css'

type T = (key: MessageKey, values?: Record<string, string | number>) => string

/** Metres as km, at most one decimal, no trailing zero (1000 → 1, 2500 → 2.5), as the delivery range is said. */
export const kmText = (metres: number | string): string => String(Math.round(Number(metres) / 100) / 10)

/** The fee tiers in words, in the order they are tried: distance ones, then goods-amount ones (FreightRuleGet). */
export function freightLines(rules: FreightRuleRow[], t: T, amount: (v: string) => string): string[] {
  if (rules.length === 0) return [t('delivery.freeInRange')]
  const fee = (r: FreightRuleRow) => (toDecimal(r.Fee).gt(0) ? amount(r.Fee) : t('delivery.free'))
  const out: string[] = []
  for (const r of rules.filter((x) => x.RuleType === 'distance')) out.push(t('delivery.tierDistance', { km: kmText(r.UpTo), fee: fee(r) }))
  const byAmount = rules.filter((x) => x.RuleType === 'amount')
  for (const r of byAmount) out.push(t('delivery.tierAmount', { amount: amount(r.UpTo), fee: fee(r) }))
  if (byAmount.length > 0) out.push(t('delivery.tierAbove', { amount: amount(byAmount[byAmount.length - 1].UpTo) }))
  return out
}

/**
 * The branch page's delivery terms: the fee tiers, and "Check delivery to my location" (the host
 * asks for the place only on that tap): how far, whether it delivers there, the fee for the goods
 * in the cart there and the minutes delivery adds.
 */
export const DeliveryTerms = observer(function DeliveryTerms(props: { store: DeliveryStore }) {
  const { i18n, format } = useStores()
  const t = i18n.t
  const s = props.store
  const amount = (v: string) => format.amount(v)
  const info = s.info
  const busy = s.checkState === 'locating' || s.checkState === 'checking'
  return (
    <View className='so-delivery' data-testid='branch-freight'>
      <Text className='so-delivery__title' role='heading' aria-level={2}>
        {t('delivery.title')}
      </Text>
      {s.rulesState === 'ready' ? (
        <View role='list' className='so-delivery__tiers'>
          {freightLines(s.rules, t, amount).map((line) => (
            <Text key={line} role='listitem' className='so-delivery__tier' data-testid='freight-tier'>
              {line}
            </Text>
          ))}
        </View>
      ) : s.rulesState === 'failed' ? (
        <View className='so-delivery__problem'>
          <Text>{t('delivery.rulesFailed')}</Text>
          <View className='so-delivery__retry' role='button' tabIndex={0} onClick={() => void s.load(s.baseId)}>
            {t('common.retry')}
          </View>
        </View>
      ) : (
        <Text className='so-delivery__note'>{t('shell.loading')}</Text>
      )}
      <View
        className={`so-delivery__check${busy ? ' so-delivery__check--busy' : ''}`}
        role='button'
        tabIndex={0}
        aria-disabled={busy}
        data-testid='delivery-check'
        onClick={() => void s.check()}
      >
        {busy ? t('delivery.checking') : t('delivery.check')}
      </View>
      <View role='status' className='so-delivery__result' data-testid='delivery-result' data-state={s.checkState}>
        {s.checkState === 'ready' && info && (
          <>
            <Text className='so-delivery__line' data-testid='delivery-distance'>
              {t('delivery.distance', { km: kmText(info.Distance) })}
            </Text>
            {info.InRange === 1 ? (
              <>
                <Text className='so-delivery__line so-delivery__line--ok' data-testid='delivery-in-range'>
                  {t('delivery.inRange')}
                </Text>
                <Text className='so-delivery__line' data-testid='delivery-fee'>
                  {toDecimal(s.infoAmount).gt(0)
                    ? t('delivery.feeForCart', { fee: amount(info.Freight), amount: amount(s.infoAmount) })
                    : t('delivery.fee', { fee: amount(info.Freight) })}
                </Text>
                <Text className='so-delivery__line' data-testid='delivery-time'>
                  {t('delivery.time', { n: info.DtbDuration })}
                </Text>
              </>
            ) : (
              <Text className='so-delivery__line so-delivery__line--no' data-testid='delivery-out-of-range'>
                {info.MaxDistance > 0 ? t('delivery.outOfRange', { km: kmText(info.MaxDistance) }) : t('delivery.outOfRangeAny')}
              </Text>
            )}
          </>
        )}
        {s.checkState === 'unlocated' && <Text className='so-delivery__line so-delivery__line--no'>{t('delivery.unlocated')}</Text>}
        {s.checkState === 'failed' && <Text className='so-delivery__line so-delivery__line--no'>{t('delivery.checkFailed')}</Text>}
      </View>
    </View>
  )
})
