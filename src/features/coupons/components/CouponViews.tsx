import { View, Text, Image, Input } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState, type ReactNode } from 'react'
import { CARD_STATUS, type AvailableCardRow, type CouponCardRow, type CouponPlanRow, type CouponTerms } from '../../../gateway/coupon-rows'
import type { MessageKey } from '../../../i18n/catalogues'
import { useStores } from '../../../stores/context'
import { StateView } from '../../../ui/StateView'
import { listFootKey } from '../../../ui/list-foot'
import { radioKeys, radioStops } from '../../../ui/radio-group'
import { CARD_TABS } from '../coupons.store'
import { cardValidity, couponRules, couponValue, eventKey, planValidity, reasonText } from '../coupon-texts'
import { dateText, dateTimeText } from '../../../i18n/dates'
import './CouponViews.css'

/** Views that act as controls take focus (Taro's View props do not list tabIndex; H5 passes it on). */
const focusable = { tabIndex: 0 } as Record<string, unknown>
const heading = (level: number) => ({ role: 'heading', 'aria-level': level }) as Record<string, unknown>

/** The texts of one coupon's terms, with the page's formatter. */
function useTermTexts() {
  const { i18n, format } = useStores()
  const amount = (v: string) => format.amount(v)
  const service = (s: string) => i18n.t(`checkout.service.${s}` as MessageKey)
  return {
    value: (c: CouponTerms) => couponValue(c, i18n.t, amount),
    rules: (c: CouponTerms) => couponRules(c, i18n.t, amount, service),
    amount
  }
}

/**
 * A coupon as a ticket: its value on the left, its name, rules and validity beside, and what the
 * page puts on the right (a button, a state). `dim`: used, expired or not usable here.
 */
export const CouponTicket = observer(function CouponTicket(props: {
  terms: CouponTerms
  validity: string
  dim?: boolean
  note?: string
  testId?: string
  cardId?: string
  /** The ticket opens something (the card's details): the whole upper part is that button. */
  onOpen?(): void
  children?: ReactNode
}) {
  const texts = useTermTexts()
  const c = props.terms
  const body = (
    <>
      <View className='so-coupon__value'>
        <Text className='so-coupon__figure' data-testid='coupon-value'>
          {texts.value(c)}
        </Text>
      </View>
      <View className='so-coupon__main'>
        <Text className='so-coupon__name' data-testid='coupon-name'>
          {c.CouponName}
        </Text>
        {texts.rules(c).map((r) => (
          <Text key={r} className='so-coupon__rule'>
            {r}
          </Text>
        ))}
        <Text className='so-coupon__rule so-coupon__validity' data-testid='coupon-validity'>
          {props.validity}
        </Text>
        {props.note && (
          <Text className='so-coupon__note' data-testid='coupon-note'>
            {props.note}
          </Text>
        )}
      </View>
    </>
  )
  return (
    <View className={`so-coupon${props.dim ? ' so-coupon--dim' : ''}`} role='listitem' data-testid={props.testId} data-card-id={props.cardId} data-plan-id={c.PlanID}>
      {props.onOpen ? (
        <View className='so-coupon__open' role='button' {...focusable} onClick={props.onOpen}>
          {body}
        </View>
      ) : (
        <View className='so-coupon__open'>{body}</View>
      )}
      {props.children && <View className='so-coupon__side'>{props.children}</View>}
    </View>
  )
})

/** The state tabs of couponsList with their counts (a tablist: the arrow keys move between tabs). */
export const CardTabs = observer(function CardTabs() {
  const { coupons, i18n } = useStores()
  const stops = radioStops(CARD_TABS.map((s) => ({ on: s === coupons.tab })))
  return (
    <View className='so-coupon-tabs' role='tablist' aria-label={i18n.t('coupon.tabs')} {...radioKeysAsTabs}>
      {CARD_TABS.map((s, i) => {
        const n = coupons.counts[s]
        const label = i18n.t(`coupon.tab.${s}` as MessageKey)
        return (
          <View
            key={s}
            className={`so-coupon-tabs__tab${s === coupons.tab ? ' so-coupon-tabs__tab--on' : ''}`}
            role='tab'
            tabIndex={stops(i)}
            aria-selected={s === coupons.tab}
            data-testid={`coupon-tab-${s}`}
            onClick={() => coupons.chooseTab(s)}
          >
            {n !== undefined && n > 0 ? i18n.t('coupon.tabCount', { label, n }) : label}
          </View>
        )
      })}
    </View>
  )
})

/** The radio group's arrow keys, for tabs: they find role=tab instead of role=radio. */
const radioKeysAsTabs = {
  onKeyDown(e: { key: string; currentTarget: unknown; target: unknown; preventDefault(): void }) {
    const group = e.currentTarget as { querySelectorAll?(s: string): ArrayLike<{ focus?(): void; click?(): void }> } | null
    const step = ({ ArrowRight: 1, ArrowLeft: -1 } as Record<string, number>)[e.key]
    if (!step || typeof group?.querySelectorAll !== 'function') return
    const tabs = Array.from(group.querySelectorAll('[role=tab]'))
    const at = tabs.indexOf(e.target as never)
    if (at < 0) return
    e.preventDefault()
    const next = tabs[(at + step + tabs.length) % tabs.length]
    next.focus?.()
    next.click?.()
  }
}

/** The cards of the tab on show, each opening its details. */
export const CardList = observer(function CardList(props: { onOpen(card: CouponCardRow): void }) {
  const { coupons, i18n } = useStores()
  const list = coupons.list
  const tab = coupons.tab
  let body: ReactNode
  if (list.state === 'idle' || list.state === 'loading') body = <StateView kind='loading' text={i18n.t('shell.loading')} />
  else if (list.state === 'failed') body = <StateView kind='failed' text={i18n.t('coupon.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void list.refresh()} />
  else if (list.rows.length === 0) body = <StateView kind='empty' text={i18n.t(`coupon.empty.${tab}` as MessageKey)} />
  else
    body = (
      <>
        {list.refreshing && <Text className='so-coupon-list__foot'>{i18n.t('list.refreshing')}</Text>}
        <View className='so-coupon-list__rows' role='list' data-testid='coupon-cards'>
          {list.rows.map((card) => (
            <CardTicket key={card.CardID} card={card} onOpen={() => props.onOpen(card)} />
          ))}
        </View>
        <Text className='so-coupon-list__foot'>{i18n.t(listFootKey(list, 'coupon.end'))}</Text>
      </>
    )
  return (
    <View className='so-coupon-list' role='tabpanel' aria-label={i18n.t(`coupon.tab.${tab}` as MessageKey)}>
      {body}
    </View>
  )
})

/** One of the member's cards. */
export const CardTicket = observer(function CardTicket(props: { card: CouponCardRow; onOpen?(): void; children?: ReactNode; note?: string }) {
  const { i18n } = useStores()
  const c = props.card
  const state = i18n.t(`coupon.tab.${c.Status}` as MessageKey)
  return (
    <CouponTicket
      terms={c}
      validity={cardValidity(c, i18n.t, (d) => dateText(d, i18n))}
      dim={c.Status !== CARD_STATUS.AVAILABLE}
      testId='coupon-card'
      cardId={c.CardID}
      note={props.note}
      onOpen={props.onOpen}
    >
      {props.children ?? (c.Status !== CARD_STATUS.AVAILABLE ? <Text className='so-coupon__state'>{state}</Text> : undefined)}
    </CouponTicket>
  )
})

/** The plans of this shop that can be claimed, each with Claim (or why not). */
export const PlanList = observer(function PlanList(props: { onClaimed?(card: CouponCardRow): void; /** A plan's ticket opens its details (couponPlan). */ onOpen?(plan: CouponPlanRow): void }) {
  const { coupons, i18n, format } = useStores()
  if (coupons.plansState === 'failed')
    return (
      <View className='so-coupon-section'>
        <Text className='so-coupon-section__title' {...heading(2)}>
          {i18n.t('coupon.plans')}
        </Text>
        <StateView kind='failed' text={i18n.t('coupon.plansFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void coupons.loadPlans()} />
      </View>
    )
  if (coupons.plans.length === 0) return null
  const amount = (v: string) => format.amount(v)
  return (
    <View className='so-coupon-section' data-testid='coupon-plans'>
      <Text className='so-coupon-section__title' {...heading(2)}>
        {i18n.t('coupon.plans')}
      </Text>
      <View role='list'>
        {coupons.plans.map((p: CouponPlanRow) => {
          const busy = coupons.claimingId === p.PlanID
          const problem = coupons.claimProblem[p.PlanID]
          const why = p.CanClaim === 1 ? '' : reasonText(p.Reason, i18n.t, amount)
          const notes = [p.HeldQua > 0 ? i18n.t('coupon.held', { n: p.HeldQua }) : '', p.LeftQua >= 0 ? i18n.t('coupon.left', { n: p.LeftQua }) : ''].filter(Boolean)
          return (
            <CouponTicket
              key={p.PlanID}
              terms={p}
              validity={planValidity(p, i18n.t, (d) => dateText(d, i18n))}
              testId='coupon-plan'
              note={notes.join(' · ')}
              dim={p.CanClaim !== 1}
              onOpen={props.onOpen ? () => props.onOpen?.(p) : undefined}
            >
              {p.CanClaim === 1 ? (
                <View
                  className={`so-coupon__claim${busy ? ' so-coupon__claim--off' : ''}`}
                  role='button'
                  {...focusable}
                  aria-disabled={busy}
                  aria-label={i18n.t('coupon.claimName', { name: p.CouponName })}
                  data-testid='coupon-claim'
                  onClick={() => void coupons.claim(p.PlanID).then((ok) => ok && props.onClaimed?.(coupons.claimed[p.PlanID]))}
                >
                  {busy ? i18n.t('coupon.claiming') : i18n.t('coupon.claim')}
                </View>
              ) : (
                <Text className='so-coupon__state' data-testid='coupon-plan-why'>
                  {why}
                </Text>
              )}
              {problem && (
                <Text className='so-coupon__problem' role='alert' data-testid='coupon-claim-problem'>
                  {problem.message || i18n.t('network.error')}
                </Text>
              )}
            </CouponTicket>
          )
        })}
      </View>
    </View>
  )
})

/** 'Enter coupon code': check what a typed code is, then put it in the member's cards. */
export const CodeEntry = observer(function CodeEntry(props: { onRedeemed?(card: CouponCardRow): void }) {
  const { coupons, i18n, format } = useStores()
  const [code, setCode] = useState('')
  const v = coupons.voucher
  const busy = coupons.voucherState === 'querying' || coupons.voucherState === 'redeeming'
  const problem = coupons.voucherProblem
  const check = () => {
    if (busy) return
    if (!code.trim()) return
    void coupons.queryCode(code)
  }
  return (
    <View className='so-coupon-section so-coupon-code-entry' data-testid='coupon-code-entry'>
      <Text className='so-coupon-section__title' {...heading(2)}>
        {i18n.t('coupon.enterCode')}
      </Text>
      <View className='so-coupon-code-entry__row'>
        <Input
          className='so-coupon-code-entry__input'
          value={code}
          maxlength={40}
          placeholder={i18n.t('coupon.codeLabel')}
          confirmType='search'
          nativeProps={{ 'aria-label': i18n.t('coupon.codeLabel'), autoComplete: 'off', autoCapitalize: 'characters' }}
          data-testid='coupon-code-input'
          onInput={(e) => {
            setCode(e.detail.value)
            if (coupons.voucherState !== 'idle') coupons.resetCode()
          }}
          onConfirm={check}
        />
        <View className={`so-coupon__claim${busy || !code.trim() ? ' so-coupon__claim--off' : ''}`} role='button' {...focusable} aria-disabled={busy || !code.trim()} data-testid='coupon-code-check' onClick={check}>
          {i18n.t('coupon.check')}
        </View>
      </View>
      <View role='status' className='so-coupon-code-entry__status'>
        {problem && (
          <Text className='so-coupon__problem' data-testid='coupon-code-problem'>
            {problem.message || i18n.t(problem.code === '20054' ? 'resultcode.20054' : 'network.error')}
          </Text>
        )}
        {coupons.voucherState === 'redeemed' && <Text data-testid='coupon-code-redeemed'>{i18n.t('coupon.redeemed')}</Text>}
      </View>
      {v && (
        <View role='list'>
          <CouponTicket
            terms={v}
            validity={cardValidity(v, i18n.t, (d) => dateText(d, i18n))}
            dim={v.Redeemable !== 1 && coupons.voucherState !== 'redeemed'}
            testId='coupon-voucher'
            note={v.IsMine === 1 ? i18n.t('coupon.codeMine') : v.Redeemable === 1 ? '' : reasonText(v.Reason, i18n.t, (x) => format.amount(x))}
          />
        </View>
      )}
      {v && v.Redeemable === 1 && coupons.voucherState !== 'redeemed' && (
        <View
          className={`so-coupon__claim so-coupon__claim--wide${coupons.voucherState === 'redeeming' ? ' so-coupon__claim--off' : ''}`}
          role='button'
          {...focusable}
          data-testid='coupon-code-redeem'
          onClick={() => void coupons.redeem().then((ok) => ok && coupons.redeemed && props.onRedeemed?.(coupons.redeemed))}
        >
          {coupons.voucherState === 'redeeming' ? i18n.t('coupon.redeeming') : i18n.t('coupon.redeem')}
        </View>
      )}
    </View>
  )
})

/** couponDetails: the card, its code as text and as a QR image for the counter, its rules and history. */
export const CardDetail = observer(function CardDetail(props: { qrUri(code: string): string }) {
  const { coupons, i18n } = useStores()
  const c = coupons.card
  if (!c) {
    if (coupons.cardState === 'failed')
      return <StateView kind='failed' text={coupons.cardProblem?.message || i18n.t('coupon.cardFailed')} />
    return <StateView kind='loading' text={i18n.t('shell.loading')} />
  }
  const available = c.Status === CARD_STATUS.AVAILABLE
  return (
    <View className='so-coupon-detail' data-testid='coupon-detail' data-status={c.Status}>
      <View role='list'>
        <CardTicket card={c} />
      </View>
      <View className='so-coupon-section so-coupon-detail__code'>
        <Text className='so-coupon-section__title' {...heading(2)}>
          {i18n.t('coupon.code')}
        </Text>
        {available && (
          // Named by its wrapper (Taro's H5 Image puts an aria-label on a <div>), as the member code does.
          <View className='so-coupon-detail__qr' role='img' aria-label={i18n.t('coupon.codeAlt', { code: c.CardCode })} data-testid='coupon-qr'>
            <Image className='so-coupon-detail__qr-img' src={props.qrUri(c.CardCode)} mode='aspectFit' imgProps={{ alt: '' }} />
          </View>
        )}
        <Text className='so-coupon-detail__code-text' data-testid='coupon-code'>
          {c.CardCode}
        </Text>
        {available && <Text className='so-coupon-section__note'>{i18n.t('coupon.codeNote')}</Text>}
        {c.SheetID && <Text className='so-coupon-section__note'>{i18n.t('coupon.usedOn', { sheet: c.SheetID })}</Text>}
      </View>
      {c.Description && (
        <View className='so-coupon-section'>
          <Text className='so-coupon-section__title' {...heading(2)}>
            {i18n.t('coupon.rules')}
          </Text>
          <Text className='so-coupon-section__text'>{c.Description}</Text>
        </View>
      )}
      {coupons.events.length > 0 && (
        <View className='so-coupon-section'>
          <Text className='so-coupon-section__title' {...heading(2)}>
            {i18n.t('coupon.history')}
          </Text>
          <View role='list'>
            {coupons.events.map((e) => (
              <View key={e.Seq} className='so-coupon-event' role='listitem' data-testid='coupon-event' data-action={e.Action}>
                <Text className='so-coupon-event__what'>{i18n.t(eventKey(e.Action))}</Text>
                <Text className='so-coupon-event__when'>{dateTimeText(e.EventDate, i18n)}</Text>
              </View>
            ))}
          </View>
        </View>
      )}
    </View>
  )
})

/**
 * couponSelect: 'No coupon', then the cards that apply to this order with what each saves, then
 * those that do not with why. Choosing one is a radio; the page goes back with it.
 */
export const CouponChoice = observer(function CouponChoice(props: { chosen: string; onChoose(cardId: string): void; onRetry(): void }) {
  const { coupons, i18n, format } = useStores()
  const amount = (v: string) => format.amount(v)
  if (coupons.forOrderState === 'idle' || coupons.forOrderState === 'loading') return <StateView kind='loading' text={i18n.t('shell.loading')} />
  if (coupons.forOrderState === 'failed')
    return <StateView kind='failed' text={coupons.forOrderProblem?.message || i18n.t('coupon.forOrderFailed')} retryLabel={i18n.t('common.retry')} onRetry={props.onRetry} />
  const usable = coupons.usableForOrder
  const unusable = coupons.unusableForOrder
  const stops = radioStops([{ on: !props.chosen }, ...usable.map((r) => ({ on: r.CardID === props.chosen }))])
  return (
    <View className='so-coupon-choice' data-testid='coupon-choice'>
      <View role='radiogroup' aria-label={i18n.t('coupon.select')} {...radioKeys}>
        <View
          className={`so-coupon-choice__none${!props.chosen ? ' so-coupon-choice__none--on' : ''}`}
          role='radio'
          tabIndex={stops(0)}
          aria-checked={!props.chosen}
          data-testid='coupon-choose-none'
          onClick={() => props.onChoose('')}
        >
          <Text>{i18n.t('coupon.none')}</Text>
          <View className={`so-coupon-choice__dot${!props.chosen ? ' so-coupon-choice__dot--on' : ''}`} aria-hidden />
        </View>
        <Text className='so-coupon-section__title so-coupon-choice__title' {...heading(2)}>
          {i18n.t('coupon.usable', { n: usable.length })}
        </Text>
        {usable.length === 0 && <Text className='so-coupon-choice__empty'>{i18n.t('coupon.noneForOrder')}</Text>}
        {usable.map((r: AvailableCardRow, i) => {
          const on = r.CardID === props.chosen
          const saves = i18n.t('coupon.saves', { amount: amount(r.OffAmount) })
          return (
            <View
              key={r.CardID}
              className={`so-coupon-choice__card${on ? ' so-coupon-choice__card--on' : ''}`}
              role='radio'
              tabIndex={stops(i + 1)}
              aria-checked={on}
              data-testid='coupon-choose'
              data-card-id={r.CardID}
              onClick={() => props.onChoose(r.CardID)}
            >
              <CardBody card={r} note={saves} />
              <View className={`so-coupon-choice__dot${on ? ' so-coupon-choice__dot--on' : ''}`} aria-hidden />
            </View>
          )
        })}
      </View>
      {unusable.length > 0 && (
        <View className='so-coupon-choice__unusable' data-testid='coupon-unusable'>
          <Text className='so-coupon-section__title so-coupon-choice__title' {...heading(2)}>
            {i18n.t('coupon.unusable', { n: unusable.length })}
          </Text>
          <View role='list'>
            {unusable.map((r) => (
              <View key={r.CardID} role='listitem' className='so-coupon-choice__card so-coupon-choice__card--off' data-testid='coupon-not-usable' data-card-id={r.CardID}>
                <CardBody card={r} note={reasonText(r.Reason, i18n.t, amount, r)} />
              </View>
            ))}
          </View>
        </View>
      )}
    </View>
  )
})

/** A ticket's inside for the choice list (the radio is the row itself: no nested controls). */
const CardBody = observer(function CardBody(props: { card: AvailableCardRow; note: string }) {
  const { i18n } = useStores()
  const texts = useTermTexts()
  const c = props.card
  return (
    <View className='so-coupon so-coupon--flat'>
      <View className='so-coupon__value'>
        <Text className='so-coupon__figure'>{texts.value(c)}</Text>
      </View>
      <View className='so-coupon__main'>
        <Text className='so-coupon__name'>{c.CouponName}</Text>
        {texts.rules(c).map((r) => (
          <Text key={r} className='so-coupon__rule'>
            {r}
          </Text>
        ))}
        <Text className='so-coupon__rule'>{cardValidity(c, i18n.t, (d) => dateText(d, i18n))}</Text>
        <Text className={`so-coupon__note${c.Applies === 1 ? ' so-coupon__note--saves' : ''}`} data-testid='coupon-choice-note'>
          {props.note}
        </Text>
      </View>
    </View>
  )
})
