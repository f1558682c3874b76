import { View, Text, Input, Textarea } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useDidShow } from '@tarojs/taro'
import { useRef, useState } from 'react'
import { lineAmount, type CartLine } from '../../../core/cart'
import { isAfterMidnight } from '../../../core/appointment-slots'
import { toDecimal } from '../../../core/money'
import type { PayMode, ServiceType } from '../../../gateway/order-rows'
import { RESULTCODES } from '../../../gateway/codes'
import type { MessageKey } from '../../../i18n/catalogues'
import { useStores } from '../../../stores/context'
import { Stepper } from '../../../ui/Stepper'
import { StateView } from '../../../ui/StateView'
import { StayingAlert } from '../../../ui/StayingAlert'
import { radioKeys, radioStops } from '../../../ui/radio-group'
import { packHolds } from '../../../ui/pack-label'
import { PAYMENT_METHODS, MAX_BAGS, type SubmitResult } from '../checkout.store'
import { PlacedNotice } from './PlacedNotice'
import { ReadyEstimateLine } from './ReadyEstimate'
import { ROUTES } from '../../shell/routes'
import { PAST_HOME_ROUTES } from '../../shell/routes-past-home'
import type { VipAddressRow } from '../../../gateway/address-rows'
import { afterConfirm } from '../../../hosts/confirm-signal'
import { bomPickText, remarkChoiceText } from '../../../core/choice-text'
import { unitForCount } from '../../../i18n/plural'
import { weekDayText } from '../../../i18n/dates'
import type { Locale } from '../../../gateway/contract'
import './ConfirmPage.css'

export interface ConfirmPageProps {
  mode: PayMode
  onBackToCart(): void
  onOpenTerms(): void
  /** The order or round was placed: the page clears the cart and moves on. */
  onPlaced(result: Extract<SubmitResult, { ok: true }>): void
  /** Payment methods beyond online payment that the page composes in (the member's balance). */
  extraPayMethods?: React.ReactNode
  /** The coupon row the page composes in (the member's cards), above the payment choice. */
  couponRow?: React.ReactNode
  /** No branch is chosen yet (a shop's counter code): the diner chooses one first. */
  onChooseBranch(): void
  /** Opens an order placed earlier (the cart is empty because it was sent). */
  onOpenOrder(sheetId: string): void
}

/**
 * What was chosen on a line, as the cart shows it: 'Large · Spice: Mild · Tea · +Egg'; a pack unit
 * is named with the quantity ('× 1 · Box') and here only by what it holds ('piece × 6'), nothing
 * when its name says so already ('× 1 · Box of 6': src/ui/pack-label.ts, as the cart and goods details).
 */
export function confirmLineChoices(line: CartLine, packText: string, locale: Locale): string {
  const parts: string[] = []
  if (line.sku?.SkuName) parts.push(line.sku.SkuName)
  if (line.isPack && line.PUnit && packText) parts.push(packText)
  for (const r of line.remarkList) parts.push(remarkChoiceText(r.name, r.option, locale))
  for (const b of line.bomList) parts.push(bomPickText(b.GoodsName, b.remarkList ?? [], locale))
  for (const a of line.attachmentList) parts.push(`+${a.Value}`)
  return parts.join(' · ')
}

/** Refusals of the chosen coupon card: the way on is to order without it (or choose another in the coupon row). */
const COUPON_CODES: string[] = [RESULTCODES.COUPON_NOT_FOUND, RESULTCODES.COUPON_NOT_AVAILABLE, RESULTCODES.COUPON_MIN_SPEND]

/** Views that act as controls take focus (Taro's View props do not list tabIndex; H5 passes it on). */
const focusable = { tabIndex: 0 } as Record<string, unknown>

/** Focuses a View's element where the host has one (H5); elsewhere nothing. */
const focusOn = (el: unknown) => (el as { focus?: () => void } | null)?.focus?.()

/** A section's title is a level-two heading: a screen reader moves from one to the next. */
const heading2 = { role: 'heading', 'aria-level': 2 } as Record<string, unknown>

/** A saved address as the confirm page shows it (issue 16): who, their phone, and where. */
function SavedAddress(props: { address: VipAddressRow }) {
  const a = props.address
  const where = [a.RegionName, a.Street, a.Detail, a.HouseNo].map((x) => x.trim()).filter(Boolean).join(' · ')
  return (
    <View className='so-confirm__address' data-testid='delivery-address-card' data-address={a.AddressID}>
      <View className='so-confirm__address-who'>
        <Text className='so-confirm__address-contact' data-testid='delivery-card-contact'>
          {a.Contact}
        </Text>
        <Text className='so-confirm__address-phone' data-testid='delivery-card-phone'>{`+${a.AreaNo} ${a.Phone}`}</Text>
      </View>
      <Text className='so-confirm__address-line' data-testid='delivery-card-address'>
        {where}
      </Text>
    </View>
  )
}

const Section = (props: { title: string; testId?: string; children: React.ReactNode }) => (
  <View className='so-confirm__section' data-testid={props.testId}>
    <Text className='so-confirm__section-title' {...heading2}>
      {props.title}
    </Text>
    {props.children}
  </View>
)

/**
 * The confirm page of one payment mode (spec §2 postpayOrderConfirm / prepayOrderConfirm):
 * service style, appointed time, delivery details, the goods, remarks, bags, payment choice,
 * the server's totals, the privacy-policy agreement and the submit button.
 */
export const ConfirmPage = observer(function ConfirmPage(props: ConfirmPageProps) {
  const { checkout, session, i18n, format, host } = useStores()
  const c = checkout
  const base = session.baseInfo
  const prepay = props.mode === 'prepay'
  const service = c.serviceType
  const entries = c.entries
  /**
   * Why the order was not placed, until the diner dismisses it (it asks them to act: choose a time,
   * tick the policy box…): read out as an alert, not a toast that leaves after 2 s.
   */
  const [refusal, setRefusal] = useState('')
  // The policy box, where OK on "agree to the policy first" takes the diner (issue 27 item 14).
  const agreeRef = useRef<unknown>(null)
  const [refusalAsksAgree, setRefusalAsksAgree] = useState(false)
  // After that OK the box's row is marked until it is ticked: the way there is seen, not only focused.
  const [agreeAsked, setAgreeAsked] = useState(false)
  // Back from the policy page: focus on the link that opened it, as a dialog gives it back.
  const termsRef = useRef<unknown>(null)
  const openedTerms = useRef(false)
  useDidShow(() => {
    if (!openedTerms.current) return
    openedTerms.current = false
    setTimeout(() => focusOn(termsRef.current), 50)
  })

  if (!session.isReady) return <StateView kind='loading' text={i18n.t('shell.loading')} />
  // Where the page has no shop to name at its top (no branch yet, nothing to confirm): its title, for a screen reader.
  const pageHeading = (
    <Text className='so-sr-only' {...({ role: 'heading', 'aria-level': 1 } as Record<string, unknown>)}>
      {i18n.t('page.confirm')}
    </Text>
  )
  // A shop's counter code leaves the branch open: nothing can be priced or placed before one is chosen.
  if (!base)
    return (
      <View className='so-confirm so-confirm--blocked' data-testid='confirm-no-branch'>
        {pageHeading}
        <StateView kind='empty' text={i18n.t('checkout.branchFirst')} />
        <View className='so-confirm__cta' role='button' {...focusable} data-testid='confirm-choose-branch' onClick={props.onChooseBranch}>
          {i18n.t('checkout.chooseBranch')}
        </View>
      </View>
    )
  // Nothing left to confirm: the order was sent (a reload, or back from paying) or the cart was emptied.
  if (entries.length === 0)
    return (
      <View className='so-confirm so-confirm--blocked' data-testid='confirm-empty'>
        {pageHeading}
        {c.placed ? (
          <PlacedNotice onOpen={() => props.onOpenOrder(c.placed!.SheetID)} />
        ) : (
          <>
            <StateView kind='empty' text={i18n.t('checkout.cartEmpty')} />
            <View className='so-confirm__cta' role='button' {...focusable} onClick={props.onBackToCart}>
              {i18n.t('checkout.backToCart')}
            </View>
          </>
        )}
      </View>
    )

  const dayLabel = (offset: number, date: string): string =>
    offset === -1
      ? i18n.t('checkout.tonight')
      : offset === 0
        ? i18n.t('checkout.today')
        : offset === 1
          ? i18n.t('checkout.tomorrow')
          : weekDayText(date, i18n)

  const submit = () => {
    setRefusal('')
    setRefusalAsksAgree(false)
    void c.submit().then((result) => {
      if (result.ok) {
        props.onPlaced(result)
        return
      }
      if (result.problem) {
        setRefusalAsksAgree(result.problem === 'checkout.agreePrivacy')
        setRefusal(i18n.t(result.problem))
        return
      }
      const server = result.server
      if (!server) return
      if (server.backToCart) {
        void afterConfirm(host, { content: server.message, confirm: i18n.t('checkout.backToCart'), cancel: i18n.t('common.cancel') }, props.onBackToCart)
      } else {
        setRefusal(problemText(server.code, server.message))
      }
    })
  }

  /** 'beyond delivery range': the server's words name the distance and the limit; the spec's own words if it said none. */
  const problemText = (code: string, message: string): string =>
    code === RESULTCODES.BEYOND_DELIVERY_RANGE
      ? message || i18n.t('checkout.beyondRange')
      : // A saved address the server could not locate: its pin is on the address's page, not 'Use my location'.
        code === RESULTCODES.LOCATION_REQUIRED && c.usesAddressBook
        ? i18n.t('address.needsPin')
        : message
  /** The saved address is the trouble (beyond the range, gone meanwhile): the way on is another address. */
  const addressTrouble = (code: string): boolean => c.usesAddressBook && (code === RESULTCODES.BEYOND_DELIVERY_RANGE || code === RESULTCODES.ADDRESS_NOT_FOUND)

  const timeTitle = i18n.t(service === 'delivery' ? 'checkout.time.delivery' : 'checkout.time.pickup')
  const shownDay = c.shownDay
  // The time radios on show: 'As soon as possible' (today) and the day's times; which is checked.
  const asapShown = c.asapOffered && (!shownDay || shownDay.offset <= 0)
  const asapOn = !c.appointed && !c.appointedDate
  const timeOn = (t: string) => !!shownDay && c.appointedDate === shownDay.date && c.appointedTime === t
  // Each radio group's one Tab stop: the checked radio, else the first (ui/radio-group).
  const serviceStops = radioStops(c.serviceOptions.map((s) => ({ on: s === service })))
  const dayStops = radioStops(c.slotDays.map((d) => ({ on: shownDay?.date === d.date })))
  const slotStops = radioStops([...(asapShown ? [{ on: asapOn }] : []), ...(shownDay?.slots ?? []).map((t) => ({ on: timeOn(t) }))])
  // The last entry stands for a method composed in (extraPayMethods: the balance) when it is the one checked.
  const payStops = radioStops([...PAYMENT_METHODS.map((m) => ({ on: c.payMethod === m })), { on: !!c.payMethod && !PAYMENT_METHODS.includes(c.payMethod) }])
  const total = c.preview?.Amount
  const preview = c.preview
  // Beyond the delivery range the order cannot be placed: the diner changes the address (or the service style).
  const blocked = c.previewProblem?.backToCart === true || c.outOfRange
  const pending = '…'
  /** English puts a space between the words and the link; Chinese does not. */
  const wordGap = i18n.locale === 'en' ? ' ' : ''
  const waitingFor = !preview && !c.previewProblem && c.previewBlockedBy ? i18n.t(c.previewBlockedBy) : ''

  return (
    <View className='so-confirm'>
      <View className='so-confirm__place'>
        <Text className='so-confirm__shop' {...({ role: 'heading', 'aria-level': 1 } as Record<string, unknown>)}>{session.shopInfo ? i18n.pick(session.shopInfo.ShopNames, session.shopInfo.ShopName) : ''}</Text>
        <Text className='so-confirm__base'>
          {base ? i18n.pick(base.BaseNames, base.BaseName) : ''}
          {session.table ? ` · ${i18n.pick(session.table.TableNames, session.table.TableName)}` : ''}
        </Text>
      </View>

      {c.serviceOptions.length > 0 && (
        <Section title={i18n.t('checkout.service')} testId='service-options'>
          <View className='so-confirm__chips' role='radiogroup' aria-label={i18n.t('checkout.service')} {...radioKeys}>
            {c.serviceOptions.map((s: ServiceType, i) => (
              <View
                key={s}
                className={`so-co-chip${s === service ? ' so-co-chip--on' : ''}`}
                role='radio'
                tabIndex={serviceStops(i)}
                aria-checked={s === service}
                data-testid={`service-option-${s}`}
                onClick={() => c.chooseService(s)}
              >
                {i18n.t(`checkout.service.${s}` as MessageKey)}
              </View>
            ))}
          </View>
        </Section>
      )}

      {c.needsTime && (
        <Section title={timeTitle} testId='slot-picker'>
          {c.slotDays.length === 0 && !c.asapOffered ? (
            <Text className='so-confirm__note'>{i18n.t('checkout.noSlots')}</Text>
          ) : (
            <>
              <View className='so-confirm__days' role='radiogroup' aria-label={i18n.t('checkout.day')} {...radioKeys}>
                {c.slotDays.map((d, i) => (
                  <View
                    key={d.date}
                    className={`so-confirm__day${shownDay?.date === d.date ? ' so-confirm__day--on' : ''}`}
                    role='radio'
                    tabIndex={dayStops(i)}
                    aria-checked={shownDay?.date === d.date}
                    data-testid='slot-day'
                    data-date={d.date}
                    onClick={() => c.chooseDay(d.date)}
                  >
                    {dayLabel(d.offset, d.date)}
                  </View>
                ))}
              </View>
              {c.timeNeeded && (
                <Text className='so-confirm__note' data-testid='closed-now'>
                  {i18n.t('checkout.closedNow')}
                </Text>
              )}
              <View className='so-confirm__slots' role='radiogroup' aria-label={timeTitle} {...radioKeys}>
                {asapShown && (
                  <View
                    className={`so-co-chip so-co-chip--wide${asapOn ? ' so-co-chip--on' : ''}`}
                    role='radio'
                    tabIndex={slotStops(0)}
                    aria-checked={!c.appointed && !c.appointedDate}
                    data-testid='slot-asap'
                    onClick={() => c.chooseAsap()}
                  >
                    {i18n.t('checkout.asap')}
                  </View>
                )}
                {shownDay?.slots.map((t, i) => {
                  const on = timeOn(t)
                  const late = isAfterMidnight(shownDay, t)
                  return (
                    <View
                      key={t}
                      className={`so-co-chip so-co-chip--time${late ? ' so-co-chip--late' : ''}${on ? ' so-co-chip--on' : ''}`}
                      role='radio'
                      tabIndex={slotStops(i + (asapShown ? 1 : 0))}
                      aria-checked={on}
                      data-testid='slot-time'
                      data-slot={`${shownDay.date} ${t}`}
                      onClick={() => c.chooseTime(shownDay.date, t)}
                    >
                      {late ? i18n.t('checkout.afterMidnight', { time: t }) : t}
                    </View>
                  )
                })}
              </View>
            </>
          )}
        </Section>
      )}

      {(!c.needsTime || asapOn) && <ReadyEstimateLine estimate={c.estimate} testId='confirm-estimate' />}

      {service === 'delivery' && c.usesAddressBook && (
        // A signed-in member's delivery goes to one of their saved addresses (issue 16): chosen, changed, added or edited on the address pages.
        <Section title={i18n.t('checkout.deliveryInfo')} testId='delivery-info'>
          {c.savedAddress ? (
            <>
              <SavedAddress address={c.savedAddress} />
              <View className='so-confirm__address-actions'>
                <View className='so-confirm__link-btn' role='button' {...focusable} aria-label={i18n.t('address.editAria')} data-testid='delivery-edit' onClick={() => host.navigateTo(PAST_HOME_ROUTES.addressEdit(c.addressId, true))}>
                  {i18n.t('address.edit')}
                </View>
                <View className='so-confirm__link-btn' role='button' {...focusable} aria-label={i18n.t('address.changeAria')} data-testid='delivery-change' onClick={() => host.navigateTo(PAST_HOME_ROUTES.addressList(true))}>
                  {i18n.t('address.change')}
                </View>
              </View>
            </>
          ) : c.bookState === 'failed' ? (
            <View className='so-confirm__problem' role='alert'>
              <Text>{i18n.t('address.loadFailed')}</Text>
              <View className='so-confirm__back' role='button' {...focusable} onClick={() => void c.syncAddressBook()}>
                {i18n.t('common.retry')}
              </View>
            </View>
          ) : c.bookState === 'ready' ? (
            <View className='so-confirm__add-address' role='button' {...focusable} data-testid='delivery-add' onClick={() => host.navigateTo(PAST_HOME_ROUTES.addressEdit('', true))}>
              {i18n.t('address.addFirst')}
            </View>
          ) : (
            <Text className='so-confirm__note'>{i18n.t('shell.loading')}</Text>
          )}
        </Section>
      )}

      {service === 'delivery' && !c.usesAddressBook && (
        <Section title={i18n.t('checkout.deliveryInfo')} testId='delivery-info'>
          <View className='so-confirm__offer' data-testid='delivery-sign-in-offer'>
            <Text className='so-confirm__note'>{i18n.t('address.signInOffer')}</Text>
            <View className='so-confirm__link-btn' role='button' {...focusable} data-testid='delivery-sign-in' onClick={() => host.navigateTo(ROUTES.loginByCode({ back: host.currentRoute() }))}>
              {i18n.t('address.login')}
            </View>
          </View>
          <View className='so-confirm__field'>
            <Text className='so-confirm__label'>{i18n.t('checkout.contact')}</Text>
            <Input
              className='so-confirm__input'
              value={c.contact}
              nativeProps={{ 'aria-label': i18n.t('checkout.contact'), autoComplete: 'name' }}
              data-testid='delivery-contact'
              onInput={(e) => c.setContact(e.detail.value)}
            />
          </View>
          <View className='so-confirm__field'>
            <Text className='so-confirm__label'>{i18n.t('checkout.phone')}</Text>
            <Input
              className='so-confirm__input'
              type='number'
              value={c.phone}
              // A phone number is no quantity: a tel field on H5 (a number field is a spin button to a screen reader).
              nativeProps={{ 'aria-label': i18n.t('checkout.phone'), autoComplete: 'tel', type: 'tel', inputMode: 'tel' }}
              data-testid='delivery-phone'
              onInput={(e) => c.setPhone(e.detail.value)}
            />
          </View>
          <View className='so-confirm__field'>
            <Text className='so-confirm__label'>{i18n.t('checkout.address')}</Text>
            <Input
              className='so-confirm__input'
              value={c.address}
              nativeProps={{ 'aria-label': i18n.t('checkout.address'), autoComplete: 'street-address' }}
              data-testid='delivery-address'
              onInput={(e) => c.setAddress(e.detail.value)}
            />
          </View>
          <View
            className='so-confirm__locate'
            role='button'
            {...focusable}
            onClick={() =>
              void c.requestLocation().then((ok) => {
                if (!ok) host.toast(i18n.t('checkout.noLocation'))
              })
            }
          >
            {c.location ? i18n.t('checkout.locationSet') : i18n.t('checkout.useLocation')}
          </View>
        </Section>
      )}

      <Section title={i18n.t('checkout.goods')} testId='confirm-lines'>
        {entries.flatMap((e) =>
          e.lines.map((line) => {
            const qua = line.isPack ? line.pQua : line.mQua
            const packText = packHolds(i18n, line.PUnit, format.quantity(line.Ref), e.goodsDetails.Unit)
            const choices = confirmLineChoices(line, packText, i18n.locale)
            return (
              <View key={line.uid} className='so-confirm__line' data-testid='confirm-line'>
                <View className='so-confirm__line-main'>
                  <Text className='so-confirm__line-name'>{e.goodsDetails.GoodsName}</Text>
                  {choices && (
                    <Text className='so-confirm__line-choices' data-testid='confirm-line-choices'>
                      {choices}
                    </Text>
                  )}
                </View>
                <Text className='so-confirm__line-qua' data-testid='confirm-line-quantity'>
                  {`× ${format.quantity(qua)}${line.isPack && line.PUnit ? ` · ${unitForCount(i18n.locale, qua, line.PUnit)}` : ''}`}
                </Text>
                <Text className='so-confirm__line-amount'>{format.amount(lineAmount(line))}</Text>
              </View>
            )
          })
        )}
      </Section>

      <Section title={i18n.t('checkout.remarks')}>
        <Textarea
          className='so-confirm__remarks'
          value={c.remarks}
          maxlength={200}
          autoHeight
          placeholder={i18n.t('checkout.remarksPlaceholder')}
          nativeProps={{ 'aria-label': i18n.t('checkout.remarks') }}
          data-testid='confirm-remarks'
          onInput={(e) => c.setRemarks(e.detail.value)}
        />
      </Section>

      {prepay && (
        <View className='so-confirm__section so-confirm__row'>
          <View className='so-confirm__row-text'>
            <Text className='so-confirm__section-title' {...heading2}>
              {i18n.t('checkout.bags')}
            </Text>
            {session.shopParams.BagFee && (
              <Text className='so-confirm__note'>{i18n.t('checkout.bagNote', { price: format.price(session.shopParams.BagFee) })}</Text>
            )}
          </View>
          <Stepper
            testId='bag-quantity'
            value={String(c.bagQua)}
            collapsed={c.bagQua === 0}
            canIncrease={c.bagQua < MAX_BAGS}
            increaseLabel={i18n.t('checkout.addBag')}
            decreaseLabel={i18n.t('checkout.removeBag')}
            onIncrease={() => c.setBags(c.bagQua + 1)}
            onDecrease={() => c.setBags(c.bagQua - 1)}
          />
        </View>
      )}

      {prepay && props.couponRow}

      {prepay && (
        <Section title={i18n.t('checkout.payment')} testId='payment-methods'>
          <View className='so-confirm__chips' role='radiogroup' aria-label={i18n.t('checkout.payment')} {...radioKeys}>
            {PAYMENT_METHODS.map((m, i) => (
              <View
                key={m}
                className={`so-co-chip${c.payMethod === m ? ' so-co-chip--on' : ''}`}
                role='radio'
                tabIndex={payStops(i)}
                aria-checked={c.payMethod === m}
                data-testid={`payment-${m}`}
                onClick={() => c.choosePayment(m)}
              >
                {i18n.t(`checkout.pay.${m}` as MessageKey)}
              </View>
            ))}
            {props.extraPayMethods}
          </View>
        </Section>
      )}

      <View className='so-confirm__section so-confirm__totals' data-testid='confirm-totals' aria-busy={c.previewState === 'loading'}>
        {c.previewProblem ? (
          <View className='so-confirm__problem' role='alert' data-testid='preview-problem'>
            <Text>{problemText(c.previewProblem.code, c.previewProblem.message) || i18n.t('checkout.previewFailed')}</Text>
            {c.previewProblem.code === '20030' ? null : c.previewProblem.code === RESULTCODES.LOCATION_REQUIRED && c.usesAddressBook ? (
              <View className='so-confirm__back' role='button' {...focusable} data-testid='delivery-pin' onClick={() => host.navigateTo(PAST_HOME_ROUTES.addressEdit(c.addressId, true))}>
                {i18n.t('address.pin')}
              </View>
            ) : addressTrouble(c.previewProblem.code) ? (
              <View className='so-confirm__back' role='button' {...focusable} data-testid='delivery-other-address' onClick={() => host.navigateTo(PAST_HOME_ROUTES.addressList(true))}>
                {i18n.t('address.otherAddress')}
              </View>
            ) : c.outOfRange ? null : c.cardId && COUPON_CODES.includes(c.previewProblem.code) ? (
              // The chosen card is the trouble (used meanwhile, the cart now short of its minimum): order without it.
              <View className='so-confirm__back' role='button' {...focusable} data-testid='coupon-drop' onClick={() => c.chooseCard('')}>
                {i18n.t('coupon.none')}
              </View>
            ) : c.previewProblem.backToCart ? (
              <View className='so-confirm__back' role='button' {...focusable} data-testid='back-to-cart' onClick={props.onBackToCart}>
                {i18n.t('checkout.backToCart')}
              </View>
            ) : (
              <View className='so-confirm__back' role='button' {...focusable} onClick={() => void c.refreshPreview()}>
                {i18n.t('common.retry')}
              </View>
            )}
          </View>
        ) : (
          <>
            {/*
              The rows stand in their places before the server's totals arrive ('…'), so nothing
              below them (the policy box) moves under a finger when they do.
            */}
            <View className='so-confirm__sum'>
              <Text>{i18n.t('checkout.goodsAmount')}</Text>
              <Text data-testid={preview ? 'total-goods' : undefined}>{preview ? format.amount(preview.GoodsAmount) : pending}</Text>
            </View>
            {(preview ? toDecimal(preview.BagFee).gt(0) : prepay && c.bagQua > 0) && (
              <View className='so-confirm__sum'>
                <Text>{i18n.t('checkout.bagFee')}</Text>
                <Text data-testid={preview ? 'total-bags' : undefined}>{preview ? format.amount(preview.BagFee) : pending}</Text>
              </View>
            )}
            {(service === 'delivery' || (!!preview && toDecimal(preview.Freight).gt(0))) && (
              <View className='so-confirm__sum'>
                <Text>{i18n.t('checkout.freight')}</Text>
                <Text data-testid={preview ? 'total-freight' : undefined}>{preview ? format.amount(preview.Freight) : pending}</Text>
              </View>
            )}
            {/* The card's saving, as the server priced it (the total below has it taken off). */}
            {(preview ? toDecimal(preview.CouponAmount || '0').gt(0) : prepay && !!c.cardId) && (
              <View className='so-confirm__sum so-confirm__sum--coupon'>
                <Text>{preview?.CouponName ? `${i18n.t('coupon.row')} · ${preview.CouponName}` : i18n.t('coupon.row')}</Text>
                <Text data-testid={preview ? 'total-coupon' : undefined}>{preview ? i18n.t('coupon.off', { amount: format.amount(preview.CouponAmount) }) : pending}</Text>
              </View>
            )}
            {(preview ? !!c.mergePreview : !prepay && !!session.sheet?.SheetID) && (
              <View className='so-confirm__sum so-confirm__sum--sheet'>
                <Text>{i18n.t('checkout.sheetTotal')}</Text>
                <Text data-testid={c.mergePreview ? 'checkout-sheet-total' : undefined}>{preview && c.mergePreview ? format.amount(c.mergePreview.Amount) : pending}</Text>
              </View>
            )}
            {/* Why there is no total yet (choose a time, fill in the address): the diner's move, announced. */}
            <View className={`so-confirm__note so-confirm__why${waitingFor ? '' : ' so-confirm__why--none'}`} role='status' data-testid='totals-why'>
              {waitingFor}
            </View>
          </>
        )}
      </View>

      {/*
        One sentence with the policy link in it; a tap on the box or the words ticks the box (the row
        takes the tap), the link opens the policy. The box is the checkbox a keyboard and a screen
        reader find, named by the whole sentence.
      */}
      <View className={`so-confirm__agree${agreeAsked && !c.agreed ? ' so-confirm__agree--asked' : ''}`} data-testid='agree-row' onClick={() => c.setAgreed(!c.agreed)}>
        <View
          ref={agreeRef as never}
          className='so-confirm__check'
          role='checkbox'
          {...focusable}
          aria-checked={c.agreed}
          aria-label={`${i18n.t('checkout.agree')}${wordGap}${i18n.t('checkout.policyLink')}`}
          data-testid='agree-privacy'
        >
          <View className={`so-confirm__box${c.agreed ? ' so-confirm__box--on' : ''}`} />
        </View>
        <Text className='so-confirm__agree-text'>
          {i18n.t('checkout.agree')}
          {wordGap}
          <Text
            ref={termsRef as never}
            className='so-confirm__link'
            {...({ role: 'link', tabIndex: 0 } as Record<string, unknown>)}
            data-testid='open-terms'
            onClick={(e) => {
              e.stopPropagation()
              openedTerms.current = true
              props.onOpenTerms()
            }}
          >
            {i18n.t('checkout.policyLink')}
          </Text>
        </Text>
      </View>

      <View className='so-confirm__room' />
      <View className='so-confirm__bar'>
        {refusal && (
          <StayingAlert
            text={refusal}
            okLabel={i18n.t('modal.ok')}
            onDismiss={() => {
              setRefusal('')
              if (refusalAsksAgree) setAgreeAsked(true)
            }}
            okTakesTo={refusalAsksAgree ? () => agreeRef.current : undefined}
            testId='submit-refusal'
          />
        )}
        <View className='so-confirm__bar-row'>
          <View className='so-confirm__bar-sum'>
            <Text className='so-confirm__bar-label'>{i18n.t('checkout.total')}</Text>
            <Text className='so-confirm__bar-total' data-testid='checkout-total'>
              {total !== undefined ? format.amount(total) : '…'}
            </Text>
          </View>
          <View
            className={`so-confirm__submit${c.submitting || blocked ? ' so-confirm__submit--off' : ''}`}
            role='button'
            {...focusable}
            aria-disabled={c.submitting || blocked}
            data-testid='submit-order'
            onClick={() => !c.submitting && !blocked && submit()}
          >
            {c.submitting ? i18n.t('checkout.submitting') : i18n.t(prepay ? 'checkout.submitPrepay' : 'checkout.submitPostpay')}
          </View>
        </View>
      </View>
    </View>
  )
})
