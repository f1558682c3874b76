/**
 * Shops and branches: each shop with its branches and the page its diners' Home is; forms for a
 * shop (names, address, notice, bag fee, Home's sections), a branch (address, map pin, hours past
 * midnight, weekdays, service styles, times, delivery range and fee tiers) and a recharge rule;
 * removing a branch with a reason.
 */
import { observer } from 'mobx-react-lite'
import { useEffect, type FormEvent, type ReactNode } from 'react'
import type { BranchSetupView, RechargeRuleView, ShopSetupView } from '../../gateway/setup-contract'
import type { BranchForm, BranchesStore, RuleForm, ShopForm } from '../stores/branches-store'
import { homeConfigOf } from '../stores/branches-store'
import { useConsole } from './console-context'
import { Alert, Check, Field, PageHeading, SelectField, Status, TableRegion } from './controls'
import { NamesFields, ProblemsAlert } from './setup-controls'

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const

export const BranchesPage = observer(function BranchesPage() {
  const store = useConsole()
  const branches = store.branches
  useEffect(() => {
    void branches.load()
    return () => branches.back()
  }, [branches])
  const view = branches.view
  switch (view.kind) {
    case 'shop':
      return <ShopFormView form={view.form} />
    case 'branch':
      return <BranchFormView form={view.form} />
    case 'rule':
      return <RuleFormView form={view.form} />
    case 'remove':
      return <RemoveView branch={view.branch} />
    default:
      return <ListView />
  }
})

const ListView = observer(function ListView() {
  const store = useConsole()
  const branches = store.branches
  const { t } = store
  return (
    <>
      <div className='page-head'>
        <PageHeading focusKey='list'>{t('branches.title')}</PageHeading>
        <button type='button' className='button button-primary' onClick={() => branches.editShop(null)}>
          {t('branches.addShop')}
        </button>
      </div>
      <Status message={branches.notice} />
      <Alert message={branches.error} />
      {branches.loading && !branches.loaded ? <p role='status'>{t('common.loading')}</p> : null}
      {branches.loaded && branches.shops.length === 0 ? <p>{t('branches.empty')}</p> : null}
      {branches.shops.map((shop) => (
        <ShopSection key={shop.shopId} shop={shop} />
      ))}
      <RulesSection />
    </>
  )
})

const ShopSection = observer(function ShopSection({ shop }: { shop: ShopSetupView }) {
  const store = useConsole()
  const branches = store.branches
  const { t } = store
  const name = branches.name(shop.names)
  const headingId = `shop-${shop.shopId}`
  const list = branches.branchesOf(shop.shopId)
  return (
    <section className='card section' aria-labelledby={headingId}>
      <div className='page-head'>
        <h2 id={headingId}>
          {name} <span className='muted'>{t('branches.code', { code: shop.code })}</span>
          {shop.enabled ? null : <span className='muted'> {t('branches.disabled')}</span>}
        </h2>
        <div className='actions'>
          <button type='button' className='button button-small' onClick={() => branches.editShop(shop)} aria-label={t('branches.editShop', { name })}>
            {t('common.edit')}
          </button>
          <button type='button' className='button button-small' onClick={() => branches.editBranch(null, shop.shopId)} aria-label={t('branches.addBranchTo', { name })}>
            {t('branches.addBranch')}
          </button>
        </div>
      </div>
      <dl className='facts'>
        <Fact label={t('branches.bagFee')}>{shop.bagFee ?? t('branches.none')}</Fact>
        <Fact label={t('branches.home')}>{homeText(store, shop.pageConfig)}</Fact>
        {shop.notice ? <Fact label={t('branches.notice')}>{shop.notice}</Fact> : null}
      </dl>
      {list.length === 0 ? (
        <p>{t('branches.noBranches')}</p>
      ) : (
        <TableRegion label={t('branches.branchesOf', { name })}>
          <table role='table' className='table'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('branches.col.branch')}</th>
                <th scope='col' role='columnheader'>{t('branches.col.hours')}</th>
                <th scope='col' role='columnheader'>{t('branches.col.services')}</th>
                <th scope='col' role='columnheader'>{t('branches.col.delivery')}</th>
                <th scope='col' role='columnheader'>{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {list.map((b) => (
                <BranchRow key={b.baseId} branch={b} />
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  )
})

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function homeText(store: ReturnType<typeof useConsole>, config: string | undefined): string {
  if (!config) return store.t('branches.homeDefault')
  return config
    .split(',')
    .map((s) => store.t(`section.${s}` as Parameters<typeof store.t>[0]))
    .join(store.t('common.listSeparator'))
}

const BranchRow = observer(function BranchRow({ branch }: { branch: BranchSetupView }) {
  const store = useConsole()
  const branches = store.branches
  const { t } = store
  const name = branches.name(branch.names)
  const hours = `${branch.hours.begin}–${branch.hours.end}${branch.hours.end < branch.hours.begin ? ` ${t('branches.nextDay')}` : ''}`
  const days = branch.weekdays.length === 7 ? t('branches.everyDay') : branch.weekdays.map((d) => t(`weekday.${d}` as Parameters<typeof t>[0])).join(t('common.listSeparator'))
  return (
    <tr role='row'>
      <th scope='row' role='rowheader'>
        {name} <span className='muted'>{t('branches.code', { code: branch.code })}</span>
      </th>
      <td role='cell' data-label={t('branches.col.hours')} className='wrap'>
        {hours}
        <br />
        <span className='muted'>{days}</span>
      </td>
      <td role='cell' data-label={t('branches.col.services')} className='wrap'>
        {t(`services.${branch.services}`)}
        {branch.services === 'all' ? ` · ${t(`tableService.${branch.tableService}`)}` : ''}
      </td>
      <td role='cell' data-label={t('branches.col.delivery')} className='wrap'>
        {branch.services === 'takeaway' ? t('branches.none') : t('branches.deliverySummary', { range: branch.deliveryRange ? t('branches.metres', { n: branch.deliveryRange }) : t('branches.unlimited'), n: branch.deliveryFees.length })}
      </td>
      <td role='cell' data-label={t('col.actions')} className='row-actions'>
        <button type='button' className='button button-small' onClick={() => branches.editBranch(branch)} aria-label={t('branches.editBranch', { name })}>
          {t('common.edit')}
        </button>
        <button type='button' className='button button-small button-danger' onClick={() => branches.startRemove(branch)} aria-label={t('branches.removeBranch', { name })}>
          {t('common.remove')}
        </button>
      </td>
    </tr>
  )
})

const RulesSection = observer(function RulesSection() {
  const store = useConsole()
  const branches = store.branches
  const { t } = store
  const shopName = (id: string) => (id ? branches.name(branches.shops.find((s) => s.shopId === id)?.names) || id : t('branches.everyShop'))
  return (
    <section className='section'>
      <div className='page-head'>
        <h2 id='recharge-rules'>{t('branches.rules')}</h2>
        <button type='button' className='button' onClick={() => branches.editRule(null)}>
          {t('branches.addRule')}
        </button>
      </div>
      <p className='lead'>{t('branches.rulesIntro')}</p>
      {branches.loaded && branches.rules.length === 0 ? <p>{t('branches.noRules')}</p> : null}
      {branches.rules.length ? (
        <TableRegion label={t('branches.rules')}>
          <table role='table' className='table'>
            <thead role='rowgroup'>
              <tr role='row'>
                <th scope='col' role='columnheader'>{t('branches.col.rule')}</th>
                <th scope='col' role='columnheader'>{t('branches.rule.pay')}</th>
                <th scope='col' role='columnheader'>{t('branches.rule.gift')}</th>
                <th scope='col' role='columnheader'>{t('branches.rule.where')}</th>
                <th scope='col' role='columnheader'>{t('col.actions')}</th>
              </tr>
            </thead>
            <tbody role='rowgroup'>
              {branches.rules.map((r: RechargeRuleView) => (
                <tr role='row' key={r.ruleId}>
                  <th scope='row' role='rowheader'>
                    {branches.name(r.names)}
                    {r.enabled ? null : <span className='muted'> {t('branches.disabled')}</span>}
                  </th>
                  <td role='cell' data-label={t('branches.rule.pay')}>{r.amount}</td>
                  <td role='cell' data-label={t('branches.rule.gift')} className='wrap'>
                    {t('branches.rule.giftSummary', { amount: r.giftAmount, n: r.giftCoupons.reduce((n, g) => n + g.qua, 0) })}
                  </td>
                  <td role='cell' data-label={t('branches.rule.where')}>{shopName(r.shopId)}</td>
                  <td role='cell' data-label={t('col.actions')} className='row-actions'>
                    <button type='button' className='button button-small' onClick={() => branches.editRule(r)} aria-label={t('branches.editRule', { name: branches.name(r.names) })}>
                      {t('common.edit')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : null}
    </section>
  )
})

/** The form's frame: heading, the problems, the fields, Save and Cancel. */
const FormFrame = observer(function FormFrame({ title, focusKey, local, onSubmit, children, save }: { title: string; focusKey: string; local: Record<string, string | undefined>; onSubmit: () => void; children: ReactNode; save?: string }) {
  const store = useConsole()
  const branches: BranchesStore = store.branches
  const { t } = store
  const errors = Object.values(local).filter((e): e is string => Boolean(e))
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit()
  }
  return (
    <div className='narrow'>
      <PageHeading focusKey={focusKey}>{title}</PageHeading>
      <form className='form' onSubmit={submit} noValidate>
        <ProblemsAlert message={branches.error || (errors.length ? t('error.checkFields') : '')} problems={[...errors, ...branches.problems]} />
        {children}
        <div className='actions'>
          <button type='submit' className='button button-primary' disabled={branches.busy}>
            {branches.busy ? t('common.working') : (save ?? t('common.save'))}
          </button>
          <button type='button' className='button' onClick={() => branches.back()}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
})

const ShopFormView = observer(function ShopFormView({ form }: { form: ShopForm }) {
  const store = useConsole()
  const branches = store.branches
  const { t } = store
  const err = (field: string) => branches.problemOf(field, (form.errors as Record<string, string | undefined>)[field])
  const order = form.home.find((r) => r.section === 'order')?.shown ?? false
  return (
    <FormFrame title={form.adding ? t('branches.addShop') : t('branches.editShopTitle', { name: branches.name(form.from?.names) })} focusKey={form.shopId || 'new-shop'} local={form.errors} onSubmit={() => void branches.saveShop()}>
      <NamesFields legend={t('branches.shopNames')} hint={t('setup.entNamesHint')} names={form.names} onName={(l, v) => form.setName(l, v)} error={err('names')} />
      <div className='field-row'>
        <Field label={t('branches.codeField')} value={form.code} onValue={(v) => form.set('code', v)} hint={form.adding ? t('branches.codeHintNew') : t('branches.codeHint')} error={err('code')} autoComplete='off' />
        <Field label={t('branches.phone')} value={form.phone} onValue={(v) => form.set('phone', v)} type='tel' autoComplete='off' />
      </div>
      <Field label={t('branches.address')} value={form.address} onValue={(v) => form.set('address', v)} autoComplete='off' />
      <Field label={t('branches.bagFee')} value={form.bagFee} onValue={(v) => form.set('bagFee', v)} inputMode='decimal' hint={t('branches.bagFeeHint')} error={err('bagFee')} autoComplete='off' />
      <div className='field'>
        <label htmlFor='shop-notice'>{t('branches.notice')}</label>
        <p className='hint' id='shop-notice-hint'>
          {t('branches.noticeHint')}
        </p>
        <textarea id='shop-notice' value={form.notice} onChange={(e) => form.set('notice', e.target.value)} rows={3} maxLength={2000} aria-describedby='shop-notice-hint' />
      </div>
      <fieldset>
        <legend>{t('branches.home')}</legend>
        <p className='hint'>{t('branches.homeHint')}</p>
        {err('pageConfig') ? <p className='field-error'>{err('pageConfig')}</p> : null}
        <ol className='sections'>
          {form.home.map((row) => {
            const label = t(`section.${row.section}`)
            const locked = row.section === 'language'
            const inactive = row.section === 'byNumber' && !order
            return (
              <li key={row.section} className='section-row'>
                <Check label={label} checked={locked || (row.shown && !inactive)} disabled={locked || inactive} onChecked={(on) => form.showSection(row.section, on)} />
                {locked ? <span className='hint'>{t('branches.homeLanguage')}</span> : null}
                {row.section === 'byNumber' ? <span className='hint'>{t('branches.homeByNumber')}</span> : null}
                {row.section === 'byNumber' ? null : (
                  <span className='section-moves'>
                    <button type='button' className='button button-small' disabled={!form.canMove(row.section, -1)} onClick={() => form.moveSection(row.section, -1)} aria-label={t('branches.moveUp', { name: label })}>
                      ↑
                    </button>
                    <button type='button' className='button button-small' disabled={!form.canMove(row.section, 1)} onClick={() => form.moveSection(row.section, 1)} aria-label={t('branches.moveDown', { name: label })}>
                      ↓
                    </button>
                  </span>
                )}
              </li>
            )
          })}
        </ol>
        <p className='hint' role='status'>
          {t('branches.homePreview', { list: homeText(store, homeConfigOf(form.home)) })}
        </p>
      </fieldset>
      {!form.adding ? <Check label={t('branches.enabled')} checked={form.enabled} onChecked={(on) => form.setEnabled(on)} /> : null}
      <Field label={t('field.reason')} value={form.reason} onValue={(v) => form.set('reason', v)} hint={t('staff.reasonHint')} autoComplete='off' />
    </FormFrame>
  )
})

const BranchFormView = observer(function BranchFormView({ form }: { form: BranchForm }) {
  const store = useConsole()
  const branches = store.branches
  const { t } = store
  const err = (field: string) => branches.problemOf(field, (form.errors as Record<string, string | undefined>)[field])
  const shopName = branches.name(branches.shops.find((s) => s.shopId === form.shopId)?.names)
  return (
    <FormFrame
      title={form.adding ? t('branches.addBranchTitle', { shop: shopName }) : t('branches.editBranchTitle', { name: branches.name(form.from?.names) })}
      focusKey={form.baseId || 'new-branch'}
      local={form.errors}
      onSubmit={() => void branches.saveBranch()}
    >
      <NamesFields legend={t('branches.branchNames')} hint={t('setup.entNamesHint')} names={form.names} onName={(l, v) => form.setName(l, v)} error={err('names')} />
      <div className='field-row'>
        <Field label={t('branches.codeField')} value={form.code} onValue={(v) => form.set('code', v)} hint={form.adding ? t('branches.codeHintNew') : t('branches.codeHint')} error={err('code')} autoComplete='off' />
        <Field label={t('branches.phone')} value={form.phone} onValue={(v) => form.set('phone', v)} type='tel' autoComplete='off' />
      </div>
      <Field label={t('branches.address')} value={form.address} onValue={(v) => form.set('address', v)} autoComplete='off' />
      <fieldset>
        <legend>{t('branches.pin')}</legend>
        <p className='hint'>{t('branches.pinHint')}</p>
        <div className='field-row field-row-even'>
          <Field label={t('branches.lat')} value={form.lat} onValue={(v) => form.set('lat', v)} inputMode='decimal' error={err('lat')} autoComplete='off' />
          <Field label={t('branches.lng')} value={form.lng} onValue={(v) => form.set('lng', v)} inputMode='decimal' error={err('lng')} autoComplete='off' />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('branches.hours')}</legend>
        <p className='hint'>{t('branches.hoursHint')}</p>
        <div className='field-row field-row-even'>
          <Field label={t('branches.opens')} type='time' value={form.begin} onValue={(v) => form.set('begin', v)} error={err('hours.begin') ?? form.errors.hours} />
          <Field label={t('branches.closes')} type='time' value={form.end} onValue={(v) => form.set('end', v)} error={err('hours.end')} hint={form.pastMidnight ? t('branches.pastMidnight', { end: form.end }) : undefined} />
        </div>
        <Field label={t('branches.hoursText')} value={form.openingHoursText} onValue={(v) => form.set('openingHoursText', v)} hint={t('branches.hoursTextHint')} autoComplete='off' />
        <fieldset>
          <legend>{t('branches.weekdays')}</legend>
          {err('weekdays') ? <p className='field-error'>{err('weekdays')}</p> : null}
          <div className='checks'>
            {DAYS.map((d) => (
              <Check key={d} label={t(`weekday.${d}`)} checked={form.weekdays.includes(d)} onChecked={(on) => form.toggleDay(d, on)} />
            ))}
          </div>
        </fieldset>
      </fieldset>
      <fieldset>
        <legend>{t('branches.serviceStyles')}</legend>
        <div className='field-row field-row-even'>
          <SelectField
            label={t('branches.services')}
            value={form.services}
            onValue={(v) => form.setServices(v as BranchForm['services'])}
            options={(['all', 'takeaway', 'delivery'] as const).map((s) => ({ value: s, label: t(`services.${s}`) }))}
          />
          <SelectField
            label={t('branches.tableService')}
            value={form.tableService}
            onValue={(v) => form.setTableService(v as BranchForm['tableService'])}
            options={(['dinein', 'fastfood'] as const).map((s) => ({ value: s, label: t(`tableService.${s}`) }))}
            hint={t('branches.tableServiceHint')}
          />
        </div>
        <Check label={t('branches.payLater')} checked={form.payLaterOnlineCheckout} onChecked={(on) => form.setPayLater(on)} />
      </fieldset>
      <fieldset>
        <legend>{t('branches.durations')}</legend>
        <div className='field-row field-row-three'>
          <Field label={t('branches.cooking')} value={form.cookingTimeDuration} onValue={(v) => form.set('cookingTimeDuration', v)} inputMode='numeric' hint={t('branches.cookingHint')} error={err('cookingTimeDuration')} />
          <Field label={t('branches.dtb')} value={form.dtbDuration} onValue={(v) => form.set('dtbDuration', v)} inputMode='numeric' hint={t('branches.dtbHint')} error={err('dtbDuration')} />
          <Field label={t('branches.sheetMinutes')} value={form.webOrderDuration} onValue={(v) => form.set('webOrderDuration', v)} inputMode='numeric' hint={t('branches.sheetMinutesHint')} error={err('webOrderDuration')} />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('branches.delivery')}</legend>
        <Field label={t('branches.range')} value={form.deliveryRange} onValue={(v) => form.set('deliveryRange', v)} inputMode='numeric' hint={t('branches.rangeHint')} error={err('deliveryRange')} />
        <p className='hint'>{t('branches.feesHint')}</p>
        {err('deliveryFees') ? <p className='field-error'>{err('deliveryFees')}</p> : null}
        {form.fees.map((fee, i) => (
          <div className='field-row field-row-fee' key={i} role='group' aria-label={t('branches.tier', { n: i + 1 })}>
            <SelectField label={t('branches.tierBy')} value={fee.by} onValue={(v) => form.setFee(i, 'by', v)} options={(['distance', 'amount'] as const).map((b) => ({ value: b, label: t(`tierBy.${b}`) }))} />
            <Field label={fee.by === 'distance' ? t('branches.upToMetres') : t('branches.upToAmount')} value={fee.upTo} onValue={(v) => form.setFee(i, 'upTo', v)} inputMode='decimal' error={err(`deliveryFees[${i}].upTo`)} autoComplete='off' />
            <Field label={t('branches.fee')} value={fee.fee} onValue={(v) => form.setFee(i, 'fee', v)} inputMode='decimal' error={err(`deliveryFees[${i}].fee`)} autoComplete='off' />
            <button type='button' className='button button-small button-danger' onClick={() => form.removeFee(i)} aria-label={t('branches.removeTier', { n: i + 1 })}>
              {t('common.remove')}
            </button>
          </div>
        ))}
        <div className='actions'>
          <button type='button' className='button button-small' onClick={() => form.addFee()}>
            {t('branches.addTier')}
          </button>
        </div>
      </fieldset>
      <Field label={t('field.reason')} value={form.reason} onValue={(v) => form.set('reason', v)} hint={t('staff.reasonHint')} autoComplete='off' />
    </FormFrame>
  )
})

const RuleFormView = observer(function RuleFormView({ form }: { form: RuleForm }) {
  const store = useConsole()
  const branches = store.branches
  const { t } = store
  const err = (field: string) => branches.problemOf(field, (form.errors as Record<string, string | undefined>)[field])
  return (
    <FormFrame title={form.adding ? t('branches.addRule') : t('branches.editRule', { name: branches.name(form.from?.names) })} focusKey={form.ruleId || 'new-rule'} local={form.errors} onSubmit={() => void branches.saveRule()}>
      <NamesFields legend={t('branches.ruleNames')} names={form.names} onName={(l, v) => form.setName(l, v)} error={err('names')} />
      <div className='field-row field-row-even'>
        <Field label={t('branches.rule.pay')} value={form.amount} onValue={(v) => form.set('amount', v)} inputMode='decimal' error={err('amount')} autoComplete='off' />
        <Field label={t('branches.rule.giftAmount')} value={form.giftAmount} onValue={(v) => form.set('giftAmount', v)} inputMode='decimal' error={err('giftAmount')} autoComplete='off' />
      </div>
      <SelectField
        label={t('branches.rule.where')}
        value={form.shopId}
        onValue={(v) => form.set('shopId', v)}
        options={[{ value: '', label: t('branches.everyShop') }, ...branches.shops.map((s) => ({ value: s.shopId, label: branches.name(s.names) }))]}
      />
      <fieldset>
        <legend>{t('branches.rule.coupons')}</legend>
        <p className='hint'>{t('branches.rule.couponsHint')}</p>
        {err('giftCoupons') ? <p className='field-error'>{err('giftCoupons')}</p> : null}
        {form.gifts.map((g, i) => (
          <fieldset key={i}>
            <legend>{t('branches.rule.coupon', { n: i + 1 })}</legend>
            <NamesFields legend={t('branches.rule.couponNames')} names={g.names} onName={(l, v) => form.setGiftName(i, l, v)} />
            <div className='field-row field-row-four'>
              <Field label={t('branches.rule.value')} value={g.value} onValue={(v) => form.setGift(i, 'value', v)} inputMode='decimal' autoComplete='off' />
              <Field label={t('branches.rule.minAmount')} value={g.minAmount} onValue={(v) => form.setGift(i, 'minAmount', v)} inputMode='decimal' autoComplete='off' />
              <Field label={t('branches.rule.validDays')} value={g.validDays} onValue={(v) => form.setGift(i, 'validDays', v)} inputMode='numeric' autoComplete='off' />
              <Field label={t('branches.rule.qua')} value={g.qua} onValue={(v) => form.setGift(i, 'qua', v)} inputMode='numeric' autoComplete='off' />
            </div>
            <div className='actions'>
              <button type='button' className='button button-small button-danger' onClick={() => form.removeGift(i)} aria-label={t('branches.rule.removeCoupon', { n: i + 1 })}>
                {t('common.remove')}
              </button>
            </div>
          </fieldset>
        ))}
        <div className='actions'>
          <button type='button' className='button button-small' onClick={() => form.addGift()}>
            {t('branches.rule.addCoupon')}
          </button>
        </div>
      </fieldset>
      <Check label={t('branches.rule.enabled')} checked={form.enabled} onChecked={(on) => form.setEnabled(on)} />
      <Field label={t('field.reason')} value={form.reason} onValue={(v) => form.set('reason', v)} hint={t('staff.reasonHint')} autoComplete='off' />
    </FormFrame>
  )
})

const RemoveView = observer(function RemoveView({ branch }: { branch: BranchSetupView }) {
  const store = useConsole()
  const branches = store.branches
  const { t } = store
  const name = branches.name(branch.names)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void branches.confirmRemove()
  }
  return (
    <div className='narrow'>
      <PageHeading focusKey={`remove-${branch.baseId}`}>{t('branches.removeTitle', { name })}</PageHeading>
      <p>{t('branches.removeBody')}</p>
      <form className='form' onSubmit={submit} noValidate>
        <Alert message={branches.error} />
        <Field label={t('field.reason')} value={branches.removeReason} onValue={(v) => branches.setRemoveReason(v)} hint={t('field.reasonHint')} required autoComplete='off' />
        <div className='actions'>
          <button type='submit' className='button button-danger' disabled={branches.busy}>
            {branches.busy ? t('common.working') : t('branches.removeConfirm')}
          </button>
          <button type='button' className='button' onClick={() => branches.back()}>
            {t('common.cancel')}
          </button>
        </div>
      </form>
    </div>
  )
})
