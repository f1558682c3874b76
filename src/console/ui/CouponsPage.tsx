/**
 * Coupons: the plans (pause, resume, issue to a member, print vouchers), a new plan, and a card
 * looked up by its code (its history; voiding it with a reason).
 */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent } from 'react'
import { LOCALES } from '../../gateway/contract'
import type { StaffCouponCardRow, StaffCouponPlanRow } from '../../gateway/staff-contract'
import { pickText } from '../../i18n/text'
import { HTML_LANG, type ConsoleKey } from '../i18n'
import { SERVICE_TYPES, type CardsForm, type CouponsStore, type PlanForm } from '../stores/coupons-store'
import { AREAS, type AreaCode } from '../stores/forms'
import { useConsole } from './console-context'
import { Alert, Check, Field, PageHeading, SelectField, Status, TableRegion } from './controls'
import { formatDateTime, placeName } from './format'
import { Badge } from './service-controls'

const CARD_STATUS_KEY: Record<number, ConsoleKey> = { 0: 'cardStatus.0', 1: 'cardStatus.1', 2: 'cardStatus.2', 3: 'cardStatus.3' }
const SERVICE_KEY: Record<string, ConsoleKey> = { dinein: 'service.dinein', fastfood: 'service.fastfood', takeaway: 'service.takeaway', delivery: 'service.delivery' }
const NAME_KEY: Record<string, ConsoleKey> = { 'zh-CN': 'coupons.name.zh-CN', 'zh-TW': 'coupons.name.zh-TW', en: 'coupons.name.en' }

export const CouponsPage = observer(function CouponsPage() {
  const store = useConsole()
  const coupons = store.coupons
  useEffect(() => {
    void coupons.load()
    return () => coupons.close()
  }, [coupons])
  if (coupons.creating) return <CreateView coupons={coupons} form={coupons.creating} />
  if (coupons.cards) return <CardsView coupons={coupons} form={coupons.cards} />
  const { t } = store
  return (
    <>
      <div className='page-head'>
        <PageHeading focusKey='list'>{t('coupons.title')}</PageHeading>
        <button type='button' className='button button-primary' onClick={() => coupons.startCreate()}>
          {t('coupons.new')}
        </button>
      </div>
      <p className='hint'>{t('coupons.intro')}</p>
      <Status message={coupons.notice} />
      <Alert message={coupons.planError} />
      <Alert message={coupons.error} />
      {coupons.loading && !coupons.loaded ? <p role='status'>{t('common.loading')}</p> : null}
      {coupons.loaded && coupons.plans.length === 0 ? <p>{t('coupons.empty')}</p> : null}
      {coupons.plans.length ? (
        <TableRegion label={t('coupons.plans')}>
          <table role='table' className='table'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('coupons.plan')}</th>
                <th scope='col' role='columnheader'>{t('coupons.worth')}</th>
                <th scope='col' role='columnheader'>{t('coupons.validity')}</th>
                <th scope='col' role='columnheader'>{t('coupons.issuedCol')}</th>
                <th scope='col' role='columnheader'>{t('col.status')}</th>
                <th scope='col' role='columnheader'>{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {coupons.plans.map((plan) => (
                <PlanRow key={plan.PlanID} coupons={coupons} plan={plan} />
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      <CardLookup coupons={coupons} />
    </>
  )
})

function worthText(t: (key: ConsoleKey, params?: Record<string, string | number>) => string, plan: StaffCouponPlanRow): string {
  const worth = plan.CouponType === 1 ? t('coupons.cashWorth', { amount: plan.Amount }) : Number(plan.MaxOff) ? t('coupons.discountCapped', { rate: plan.DiscountRate, max: plan.MaxOff }) : t('coupons.discountWorth', { rate: plan.DiscountRate })
  return Number(plan.MinAmount) ? `${worth} · ${t('coupons.fromSpend', { min: plan.MinAmount })}` : worth
}

function validityText(t: (key: ConsoleKey, params?: Record<string, string | number>) => string, plan: StaffCouponPlanRow): string {
  if (plan.ValidKind === 3) return t('coupons.fixedDays', { from: plan.ValidFrom, to: plan.ValidTo })
  return t(plan.ValidKind === 2 ? 'coupons.daysFromNext' : 'coupons.daysFromCollection', { n: plan.ValidDays })
}

const PlanRow = observer(function PlanRow({ coupons, plan }: { coupons: CouponsStore; plan: StaffCouponPlanRow }) {
  const store = useConsole()
  const { t } = store
  const name = pickText(plan.Names, store.locale, plan.Code)
  const where = plan.ShopIDs ? plan.ShopIDs.split(',').map((s) => placeName(store.scope, s, '', store.locale)).join(t('common.listSeparator')) : t('coupons.everyShop')
  return (
    <tr role='row'>
      <th scope='row' role='rowheader' className='wrap'>
        {name}
        <span className='muted'>
          {' '}
          {plan.Code} · {where}
          {plan.Claimable ? ` · ${t('coupons.claimable')}` : ` · ${t('coupons.issuedOnly')}`}
        </span>
      </th>
      <td role='cell' data-label={t('coupons.worth')} className='wrap'>{worthText(t, plan)}</td>
      <td role='cell' data-label={t('coupons.validity')} className='wrap'>{validityText(t, plan)}</td>
      <td role='cell' data-label={t('coupons.issuedCol')} className='nowrap'>{plan.TotalQua === null ? t('coupons.issuedUnlimited', { n: plan.IssuedQua }) : t('coupons.issuedOf', { n: plan.IssuedQua, total: plan.TotalQua })}</td>
      <td role='cell' data-label={t('col.status')}>
        <Badge text={plan.Status === 1 ? t('coupons.running') : t('coupons.pausedState')} tone={plan.Status === 1 ? 'good' : 'warn'} />
      </td>
      <td role='cell' data-label={t('col.actions')} className='row-actions row-actions-wrap'>
        {plan.CanManage ? (
          <>
            <button type='button' className='button button-small' disabled={coupons.busyPlan !== ''} onClick={() => void coupons.setRunning(plan, plan.Status !== 1)}>
              {coupons.busyPlan === plan.PlanID ? t('common.working') : plan.Status === 1 ? t('coupons.pause') : t('coupons.resume')}
              <span className='visually-hidden'> {name}</span>
            </button>
            {plan.Status === 1 ? (
              <>
                <button type='button' className='button button-small' onClick={() => coupons.startCards(plan, 'issue')}>
                  {t('coupons.issue')}
                  <span className='visually-hidden'> {name}</span>
                </button>
                <button type='button' className='button button-small' onClick={() => coupons.startCards(plan, 'print')}>
                  {t('coupons.print')}
                  <span className='visually-hidden'> {name}</span>
                </button>
              </>
            ) : null}
          </>
        ) : (
          <span className='muted'>{t('coupons.notYours')}</span>
        )}
      </td>
    </tr>
  )
})

const CardLookup = observer(function CardLookup({ coupons }: { coupons: CouponsStore }) {
  const store = useConsole()
  const { t } = store
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void coupons.lookUp()
  }
  const voidSubmit = (e: FormEvent) => {
    e.preventDefault()
    void coupons.confirmVoid()
  }
  const card = coupons.card
  return (
    <section className='section' aria-labelledby='card-lookup'>
      <h2 id='card-lookup'>{t('coupons.cardTitle')}</h2>
      <form className='form narrow' onSubmit={submit} noValidate>
        <Field label={t('coupons.cardCode')} hint={t('coupons.cardCodeHint')} value={coupons.lookupCode} onValue={(v) => coupons.setLookupCode(v)} error={coupons.lookupError} inputMode='numeric' autoComplete='off' />
        <div className='actions'>
          <button type='submit' className='button button-primary' disabled={coupons.busy}>
            {t('coupons.lookUp')}
          </button>
        </div>
      </form>
      {card ? <CardFacts card={card} /> : null}
      {card && coupons.cardEvents.length ? (
        <TableRegion label={t('coupons.history')}>
          <table role='table' className='table'>
            <caption className='visually-hidden'>{t('coupons.history')}</caption>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('col.at')}</th>
                <th scope='col' role='columnheader'>{t('col.action')}</th>
                <th scope='col' role='columnheader'>{t('col.status')}</th>
                <th scope='col' role='columnheader'>{t('col.person')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {coupons.cardEvents.map((e, i) => (
                <tr role='row' key={i}>
                  <td role='cell' data-label={t('col.at')} className='nowrap'>{formatDateTime(e.At, store.locale)}</td>
                  <td role='cell' data-label={t('col.action')}>{e.Action}</td>
                  <td role='cell' data-label={t('col.status')}>{`${t(CARD_STATUS_KEY[e.FromStatus] ?? 'cardStatus.0')} → ${t(CARD_STATUS_KEY[e.ToStatus] ?? 'cardStatus.0')}`}</td>
                  <td role='cell' data-label={t('col.person')} className='wrap'>{e.Actor}{e.RefID ? ` · ${e.RefID}` : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
      {card && coupons.canVoid && !coupons.voiding ? (
        <div className='actions section'>
          <button type='button' className='button button-danger' onClick={() => coupons.startVoid()}>
            {t('coupons.void')}
          </button>
        </div>
      ) : null}
      {card && coupons.voiding ? (
        <form className='form narrow section' onSubmit={voidSubmit} noValidate aria-label={t('coupons.voidTitle', { code: card.Code })}>
          <p>{t('coupons.voidBody')}</p>
          <Field label={t('field.reason')} hint={t('field.reasonHint')} value={coupons.voidReason} onValue={(v) => coupons.setVoidReason(v)} error={coupons.voidError} required autoComplete='off' />
          <div className='actions'>
            <button type='submit' className='button button-danger' disabled={coupons.busy}>
              {coupons.busy ? t('common.working') : t('coupons.voidConfirm')}
            </button>
            <button type='button' className='button' onClick={() => coupons.stopVoid()}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  )
})

const CardFacts = observer(function CardFacts({ card }: { card: StaffCouponCardRow }) {
  const store = useConsole()
  const { t } = store
  return (
    <dl className='facts section' aria-label={t('coupons.cardFacts', { code: card.Code })}>
      <div>
        <dt>{t('coupons.cardCode')}</dt>
        <dd className='codes'>{card.Code}</dd>
      </div>
      <div>
        <dt>{t('coupons.plan')}</dt>
        <dd>
          {pickText(card.PlanNames, store.locale, card.PlanCode)} ({card.PlanCode})
        </dd>
      </div>
      <div>
        <dt>{t('col.status')}</dt>
        <dd>
          <Badge text={t(CARD_STATUS_KEY[card.Status] ?? 'cardStatus.0')} tone={card.Status === 0 ? 'good' : 'plain'} />
          {card.OrderID ? ` ${t('coupons.onOrder', { order: card.OrderID })}` : ''}
        </dd>
      </div>
      <div>
        <dt>{t('coupons.holder')}</dt>
        <dd>{card.HolderVipID ? [card.HolderName || t('members.noName'), card.HolderMaskedPhone].filter(Boolean).join(' ') : t('coupons.nobody')}</dd>
      </div>
      <div>
        <dt>{t('coupons.validity')}</dt>
        <dd>{t('coupons.fixedDays', { from: card.ValidFrom, to: card.ValidTo })}</dd>
      </div>
    </dl>
  )
})

const CreateView = observer(function CreateView({ coupons, form }: { coupons: CouponsStore; form: PlanForm }) {
  const store = useConsole()
  const { t } = store
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void coupons.create()
  }
  const errors = Object.values(form.errors).filter((x): x is string => Boolean(x))
  return (
    <div className='narrow'>
      <PageHeading focusKey='create'>{t('coupons.newTitle')}</PageHeading>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={coupons.createError} list={errors.length ? [t('error.checkFields'), ...errors] : undefined} />
        <Field label={t('coupons.code')} hint={t('coupons.codeHint')} value={form.code} onValue={(v) => form.set('code', v)} error={form.errors.code} required autoComplete='off' />
        <fieldset>
          <legend>{t('coupons.names')}</legend>
          {LOCALES.map((l) => (
            <Field key={l} label={t(NAME_KEY[l])} lang={HTML_LANG[l]} value={form.names[l]} onValue={(v) => form.setName(l, v)} error={l === 'en' ? form.errors.names : undefined} required autoComplete='off' />
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('coupons.worth')}</legend>
          <div className='checks' role='radiogroup' aria-label={t('coupons.kind')}>
            <Check type='radio' name='plan-kind' label={t('coupons.kindCash')} checked={form.couponType === 1} onChecked={() => form.setType(1)} />
            <Check type='radio' name='plan-kind' label={t('coupons.kindDiscount')} checked={form.couponType === 2} onChecked={() => form.setType(2)} />
          </div>
          {form.couponType === 1 ? (
            <Field label={t('coupons.amount')} value={form.amount} onValue={(v) => form.set('amount', v)} error={form.errors.amount} inputMode='decimal' required />
          ) : (
            <>
              <Field label={t('coupons.rate')} hint={t('coupons.rateHint')} value={form.rate} onValue={(v) => form.set('rate', v)} error={form.errors.rate} inputMode='decimal' required />
              <Field label={t('coupons.maxOff')} hint={t('coupons.optional')} value={form.maxOff} onValue={(v) => form.set('maxOff', v)} error={form.errors.maxOff} inputMode='decimal' />
            </>
          )}
          <Field label={t('coupons.min')} hint={t('coupons.optional')} value={form.min} onValue={(v) => form.set('min', v)} error={form.errors.min} inputMode='decimal' />
        </fieldset>
        <fieldset>
          <legend>{t('coupons.validity')}</legend>
          <div className='checks' role='radiogroup' aria-label={t('coupons.validKind')}>
            <Check type='radio' name='plan-valid' label={t('coupons.validFromCollection')} checked={form.validKind === 1} onChecked={() => form.setValidKind(1)} />
            <Check type='radio' name='plan-valid' label={t('coupons.validFromNext')} checked={form.validKind === 2} onChecked={() => form.setValidKind(2)} />
            <Check type='radio' name='plan-valid' label={t('coupons.validFixed')} checked={form.validKind === 3} onChecked={() => form.setValidKind(3)} />
          </div>
          {form.validKind === 3 ? (
            <div className='field-row'>
              <Field label={t('list.from')} type='date' value={form.from} onValue={(v) => form.set('from', v)} error={form.errors.from} required />
              <Field label={t('list.to')} type='date' value={form.to} onValue={(v) => form.set('to', v)} error={form.errors.to} required />
            </div>
          ) : (
            <Field label={t('coupons.days')} value={form.days} onValue={(v) => form.set('days', v)} error={form.errors.days} inputMode='numeric' required />
          )}
        </fieldset>
        <fieldset>
          <legend>{t('coupons.who')}</legend>
          <Check label={t('coupons.claimableHint')} checked={form.claimable} onChecked={(on) => form.setClaimable(on)} />
          <div className='field-row'>
            <Field label={t('coupons.total')} hint={t('coupons.totalHint')} value={form.total} onValue={(v) => form.set('total', v)} error={form.errors.total} inputMode='numeric' />
            <Field label={t('coupons.perMember')} hint={t('coupons.perMemberHint')} value={form.perMember} onValue={(v) => form.set('perMember', v)} error={form.errors.perMember} inputMode='numeric' />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('coupons.where')}</legend>
          <p className='hint'>{t('coupons.shopsHint')}</p>
          <div className='checks'>
            {coupons.shops.map((s) => (
              <Check key={s.shopId} label={placeName(store.scope, s.shopId, '', store.locale)} checked={form.shopIds.includes(s.shopId)} onChecked={(on) => form.toggle('shopIds', s.shopId, on)} />
            ))}
          </div>
          <p className='hint'>{t('coupons.servicesHint')}</p>
          <div className='checks'>
            {SERVICE_TYPES.map((s) => (
              <Check key={s} label={t(SERVICE_KEY[s])} checked={form.services.includes(s)} onChecked={(on) => form.toggle('services', s, on)} />
            ))}
          </div>
        </fieldset>
        <Field label={t('field.reason')} hint={t('staff.reasonHint')} value={form.reason} onValue={(v) => form.set('reason', v)} autoComplete='off' />
        <div className='actions'>
          <button type='submit' className='button button-primary' disabled={coupons.busy}>
            {coupons.busy ? t('common.working') : t('coupons.create')}
          </button>
          <button type='button' className='button' onClick={() => coupons.close()}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
})

const CardsView = observer(function CardsView({ coupons, form }: { coupons: CouponsStore; form: CardsForm }) {
  const store = useConsole()
  const { t } = store
  const name = pickText(form.plan.Names, store.locale, form.plan.Code)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void coupons.makeCards()
  }
  return (
    <div className='narrow'>
      <PageHeading focusKey={`${form.kind}-${form.plan.PlanID}`}>{t(form.kind === 'issue' ? 'coupons.issueTitle' : 'coupons.printTitle', { name })}</PageHeading>
      <p>{t(form.kind === 'issue' ? 'coupons.issueBody' : 'coupons.printBody')}</p>
      <Status message={coupons.notice} />
      {form.made.length ? (
        <section aria-labelledby='made-cards'>
          <h2 id='made-cards'>{t('coupons.madeTitle', { n: form.made.length })}</h2>
          <ul className='codes'>
            {form.made.map((c) => (
              <li key={c.CardID}>
                {c.Code} <span className='muted'>{t('coupons.fixedDays', { from: c.ValidFrom, to: c.ValidTo })}</span>
              </li>
            ))}
          </ul>
          <div className='actions'>
            {form.kind === 'print' ? (
              <button type='button' className='button' onClick={() => coupons.downloadCodes()}>
                {t('coupons.downloadCodes')}
              </button>
            ) : null}
            <button type='button' className='button button-primary' onClick={() => coupons.close()}>
              {t('list.back')}
            </button>
          </div>
        </section>
      ) : (
        <form className='form' onSubmit={submit} noValidate>
          <Alert message={coupons.cardsError} />
          {form.kind === 'issue' ? (
            <div className='field-row'>
              <SelectField label={t('field.areaCode')} value={form.areaCode} onValue={(v) => form.setArea(v as AreaCode)} options={AREAS.map((a) => ({ value: a.code, label: t(a.label) }))} />
              <Field label={t('field.phone')} hint={t('coupons.phoneHint')} type='tel' inputMode='tel' value={form.phone} onValue={(v) => form.set('phone', v)} error={form.errors.phone} required autoComplete='off' />
            </div>
          ) : null}
          <Field label={t('coupons.qua')} value={form.qua} onValue={(v) => form.set('qua', v)} error={form.errors.qua} inputMode='numeric' required />
          <Field label={t('field.reason')} hint={t('staff.reasonHint')} value={form.reason} onValue={(v) => form.set('reason', v)} autoComplete='off' />
          <div className='actions'>
            <button type='submit' className='button button-primary' disabled={coupons.busy}>
              {coupons.busy ? t('common.working') : t(form.kind === 'issue' ? 'coupons.issueConfirm' : 'coupons.printConfirm')}
            </button>
            <button type='button' className='button' onClick={() => coupons.close()}>
              {t('common.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  )
})
