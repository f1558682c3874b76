import { View, Text, Input, Textarea, Image } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import { AFTERSALE_REASONS, AFTERSALE_STATUS, MAX_PHOTOS, type AfterSaleReason } from '../../../gateway/after-rows'
import type { MessageKey } from '../../../i18n/catalogues'
import { radioKeys, radioStops } from '../../../ui/radio-group'
import { Stepper } from '../../../ui/Stepper'
import { AFTERSALE_TEXT_MAX, type AfterSaleStore } from '../aftersale.store'
import './AfterSaleViews.css'

type T = (key: MessageKey, params?: Record<string, string | number>) => string

/** Views that act as controls take focus (Taro's View props do not list tabIndex; H5 passes it on). */
const focusable = { tabIndex: 0 } as Record<string, unknown>

interface ViewProps {
  store: AfterSaleStore
  t: T
  /** Money as the diner reads it ('MOP$12.50'). */
  money(value: string): string
  quantity(value: string | number): string
  /** A moment as the diner reads it ('28 Nov 2026, 14:51', '2026年11月28日 14:51': src/i18n/dates.ts); no seconds. */
  dateTime(wall: string): string
}

/** The form of a new request: scope (whole order or lines with steppers), reason, text, photos, amount, submit. */
export const AfterSaleForm = observer(function AfterSaleForm(props: ViewProps & { photos?: ReactNode; onSubmitted(): void }) {
  const { store: s, t, money } = props
  const scopes = [
    { whole: true, label: t('aftersale.whole') },
    { whole: false, label: t('aftersale.someLines') }
  ]
  const scopeStops = radioStops(scopes.map((o) => ({ on: s.whole === o.whole })))
  const reasonStops = radioStops(AFTERSALE_REASONS.map((r) => ({ on: s.reason === r })))
  const problem = s.formProblem
  return (
    <View className='so-aftersale' data-testid='aftersale-form'>
      <View className='so-aftersale__field'>
        <Text className='so-aftersale__label' id='aftersale-scope'>
          {t('aftersale.scope')}
        </Text>
        <View className='so-aftersale__chips' role='radiogroup' aria-labelledby='aftersale-scope' {...radioKeys}>
          {scopes.map((o, i) => (
            <View
              key={String(o.whole)}
              className={`so-aftersale__chip${s.whole === o.whole ? ' so-aftersale__chip--on' : ''}`}
              role='radio'
              aria-checked={s.whole === o.whole}
              tabIndex={scopeStops(i)}
              data-testid={o.whole ? 'aftersale-whole' : 'aftersale-lines'}
              onClick={() => s.setWhole(o.whole)}
            >
              {o.label}
            </View>
          ))}
        </View>
        {!s.whole && (
          <View className='so-aftersale__lines' role='list'>
            {s.choices.map((c) => (
              <View key={c.line.LineNo} className='so-aftersale__line' role='listitem' data-testid={`aftersale-line-${c.line.LineNo}`}>
                <View className='so-aftersale__line-text'>
                  <Text className='so-aftersale__line-name'>{c.line.GoodsName}{c.line.SkuName ? ` (${c.line.SkuName})` : ''}</Text>
                  <Text className='so-aftersale__line-meta'>
                    {money(c.line.Amount)} · {t('aftersale.left', { n: props.quantity(c.left) })}
                  </Text>
                </View>
                <Stepper
                  value={props.quantity(c.qua)}
                  collapsed={c.qua === 0}
                  canIncrease={c.qua < c.left}
                  canDecrease={c.qua > 0}
                  increaseLabel={t('aftersale.more', { name: c.line.GoodsName })}
                  decreaseLabel={t('aftersale.less', { name: c.line.GoodsName })}
                  onIncrease={() => s.step(c.line.LineNo, 1)}
                  onDecrease={() => s.step(c.line.LineNo, -1)}
                />
              </View>
            ))}
          </View>
        )}
      </View>

      <View className='so-aftersale__field'>
        <Text className='so-aftersale__label' id='aftersale-reason'>
          {t('aftersale.reason')}
        </Text>
        <View className='so-aftersale__chips' role='radiogroup' aria-labelledby='aftersale-reason' {...radioKeys}>
          {AFTERSALE_REASONS.map((r: AfterSaleReason, i) => (
            <View
              key={r}
              className={`so-aftersale__chip${s.reason === r ? ' so-aftersale__chip--on' : ''}`}
              role='radio'
              aria-checked={s.reason === r}
              tabIndex={reasonStops(i)}
              data-testid={`aftersale-reason-${r}`}
              onClick={() => s.setReason(r)}
            >
              {t(`aftersale.reason.${r}` as MessageKey)}
            </View>
          ))}
        </View>
      </View>

      <View className='so-aftersale__field'>
        <Text className='so-aftersale__label'>{t('aftersale.content')}</Text>
        <Textarea
          className='so-aftersale__text'
          value={s.content}
          maxlength={AFTERSALE_TEXT_MAX}
          placeholder={t('aftersale.contentPlaceholder')}
          nativeProps={{ 'aria-label': t('aftersale.content') }}
          data-testid='aftersale-content'
          onInput={(e) => s.setContent(e.detail.value)}
        />
      </View>

      {props.photos && <View className='so-aftersale__field'>{props.photos}</View>}

      <View className='so-aftersale__field'>
        <Text className='so-aftersale__label'>{t('aftersale.amount')}</Text>
        <Input
          className='so-aftersale__amount'
          type='digit'
          value={s.amount}
          nativeProps={{ 'aria-label': t('aftersale.amount'), inputMode: 'decimal', 'aria-describedby': 'aftersale-amount-hint' }}
          data-testid='aftersale-amount'
          onInput={(e) => s.setAmount(e.detail.value)}
        />
        <Text className='so-aftersale__hint' id='aftersale-amount-hint'>
          {t('aftersale.amountHint', { max: money(s.refundable) })}
        </Text>
      </View>

      {s.problem && (
        <View className='so-aftersale__error' role='alert' data-testid='aftersale-error'>
          {s.problem.message || t('aftersale.network')}
        </View>
      )}
      {problem && (
        <Text className='so-aftersale__hint so-aftersale__hint--todo' data-testid='aftersale-todo'>
          {t(problem, { max: money(s.refundable) })}
        </Text>
      )}
      <View
        className={`so-aftersale__btn so-aftersale__btn--primary${problem || s.submitting ? ' so-aftersale__btn--off' : ''}`}
        role='button'
        {...focusable}
        aria-disabled={problem || s.submitting ? 'true' : undefined}
        data-testid='aftersale-submit'
        onClick={() => void s.submit().then((done) => done && props.onSubmitted())}
      >
        {t('aftersale.submit')}
      </View>
    </View>
  )
})

/** The latest request's progress: the step list, what was asked, the shop's note, withdraw while submitted. */
export const AfterSaleProgressView = observer(function AfterSaleProgressView(props: ViewProps & { onWithdrawn(): void }) {
  const { store: s, t, money } = props
  const r = s.latest
  if (!r) return null
  return (
    <View className='so-aftersale' data-testid='aftersale-progress'>
      <View className='so-aftersale__field'>
        <Text className='so-aftersale__label' role='heading' aria-level={2}>
          {t('aftersale.progress')}
        </Text>
        <Text className='so-aftersale__status' data-testid='aftersale-status'>
          {t(`aftersale.status.${r.Status}` as MessageKey)}
        </Text>
        <View className='so-aftersale__steps' role='list'>
          {s.steps.map((step) => (
            <View key={step.key} className={`so-aftersale__step${step.done ? ' so-aftersale__step--done' : ''}`} role='listitem'>
              <View className='so-aftersale__dot' aria-hidden />
              <Text className='so-aftersale__step-name'>{t(`aftersale.step.${step.key}` as MessageKey)}</Text>
              <Text className='so-sr-only'>{step.done ? t('aftersale.stepDone') : t('aftersale.stepWaiting')}</Text>
              {step.date && <Text className='so-aftersale__step-date' data-testid='aftersale-step-date'>{props.dateTime(step.date)}</Text>}
            </View>
          ))}
        </View>
      </View>
      <View className='so-aftersale__field'>
        <Text className='so-aftersale__row'>{t('aftersale.asked', { amount: money(r.Amount) })}</Text>
        {r.Status === AFTERSALE_STATUS.REFUNDED && (
          <Text className='so-aftersale__row so-aftersale__row--strong' data-testid='aftersale-refunded'>
            {t('aftersale.refundedAmount', { amount: money(r.RefundedAmount) })}
          </Text>
        )}
        <Text className='so-aftersale__row'>{t('aftersale.reasonShown', { reason: t(`aftersale.reason.${r.Reason}` as MessageKey) })}</Text>
        {r.Content && <Text className='so-aftersale__row so-aftersale__quote'>{r.Content}</Text>}
        <Text className='so-aftersale__row'>
          {t('aftersale.itemsShown', { items: r.WholeOrder ? t('aftersale.wholeOrder') : s.latestLines.map((l) => `${l.GoodsName} × ${props.quantity(l.Qua)}`).join(t('aftersale.listSep')) })}
        </Text>
        {r.Images.length > 0 && (
          <View className='so-aftersale__photos'>
            {r.Images.slice(0, MAX_PHOTOS).map((img, i) => (
              <Image key={img.FileID} className='so-aftersale__photo' src={img.ThumbUrl} mode='aspectFill' imgProps={{ alt: t('photos.alt', { n: i + 1 }) }} />
            ))}
          </View>
        )}
      </View>
      {r.ShopNote && (
        <View className='so-aftersale__field' data-testid='aftersale-note'>
          <Text className='so-aftersale__label'>{t('aftersale.shopNote')}</Text>
          <Text className='so-aftersale__row'>{r.ShopNote}</Text>
        </View>
      )}
      {s.problem && (
        <View className='so-aftersale__error' role='alert'>
          {s.problem.message || t('aftersale.network')}
        </View>
      )}
      {r.CanWithdraw === 1 && (
        <View
          className={`so-aftersale__btn so-aftersale__btn--secondary${s.withdrawing ? ' so-aftersale__btn--off' : ''}`}
          role='button'
          {...focusable}
          aria-disabled={s.withdrawing ? 'true' : undefined}
          data-testid='aftersale-withdraw'
          onClick={() => void s.withdraw().then((done) => done && props.onWithdrawn())}
        >
          {t('aftersale.withdraw')}
        </View>
      )}
      {s.canAskAgain && (
        <View className='so-aftersale__btn so-aftersale__btn--secondary' role='button' {...focusable} data-testid='aftersale-again' onClick={() => s.askAgain()}>
          {t('aftersale.askAgain')}
        </View>
      )}
    </View>
  )
})
