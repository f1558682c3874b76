import { View, Text, Image, Input, ScrollView } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useState, type ComponentType } from 'react'
import { useStores } from '../../../stores/context'
import type { MessageKey } from '../../../i18n/catalogues'
import { MEMBER_NAME_MAX_LENGTH } from '../../../core/member-name'
import type { LoginMode } from '../member.store'
import { PhoneCodeFields } from './PhoneCodeFields'
import { BirthdayPicker } from './BirthdayPicker'
import { focusSibling, radioStep } from '../../../ui/dialog-focus'
import './MemberViews.css'
import { maskedPhone } from '../../../core/phone-mask'
import type { PhoneButtonProps, PhoneButtonTexts } from '../../../hosts/host'

/** A phone as a card shows it: area and the middle digits hidden ('+853 661**456'). */

/** What mine opens; each needs a member, so signed out they lead to login first. */
export type MineEntry = 'balance' | 'recharge' | 'points' | 'coupons' | 'qrCode' | 'addresses' | 'profile' | 'changePhone' | 'bindPhone'

const ENTRY_LABEL: Record<MineEntry, MessageKey> = {
  balance: 'member.entry.balance',
  recharge: 'member.entry.recharge',
  points: 'member.entry.points',
  coupons: 'coupon.myCoupons',
  qrCode: 'member.entry.qrCode',
  // issue 16: the address book
  addresses: 'address.mine',
  profile: 'member.entry.profile',
  changePhone: 'member.entry.changePhone',
  bindPhone: 'member.entry.bindPhone'
}

/** Mine (tab 3): the member card, balance, points and coupons, and the entries. */
export const MineView = observer(function MineView(props: { onLogin(): void; onOpen(entry: MineEntry): void; onLogout(): void; onRetry(): void }) {
  const { member, i18n, format } = useStores()
  const vip = member.vip
  const signedIn = member.signedIn
  const name = vip ? vip.VipName || (member.isGuest ? i18n.t('member.guestName') : i18n.t('member.noName')) : ''
  const entries: MineEntry[] = ['balance', 'recharge', 'points', 'qrCode', 'addresses', 'profile', member.signedIn && !member.hasPhone && vip ? 'bindPhone' : 'changePhone']
  const stat = (value: string, label: MessageKey, testId: string, entry?: MineEntry) => (
    <View
      className='so-mine-stat'
      role={entry ? 'button' : undefined}
      tabIndex={entry ? 0 : undefined}
      onClick={() => entry && props.onOpen(entry)}
    >
      <Text className='so-mine-stat__value' data-testid={testId}>
        {value}
      </Text>
      {/* A space between figure and label, so the button's name reads 'MOP$12.50 Balance' (not shown: flex). */}{' '}
      <Text className='so-mine-stat__label'>{i18n.t(label)}</Text>
    </View>
  )
  return (
    <View className='so-mine' data-testid='mine'>
      <View className='so-mine-card'>
        {/* The initial is decorative (the name beside it says whose card it is); a photo has its text alternative (issue 17). */}
        <View className='so-mine-card__avatar' aria-hidden={vip?.HeadImg ? undefined : true}>
          {vip?.HeadImg ? (
            <Image className='so-mine-card__img' src={vip.HeadImg} mode='aspectFill' imgProps={{ alt: vip.VipName ? i18n.t('avatar.alt', { name: vip.VipName }) : i18n.t('avatar.label') }} data-testid='mine-avatar' />
          ) : (
            // The member's own initial only: not the first letter of 'Member' / 'Walk-in customer' in the diner's language.
            <Text data-testid='member-avatar'>{vip?.VipName ? Array.from(vip.VipName)[0] : '☺'}</Text>
          )}
        </View>
        {signedIn && vip ? (
          <View className='so-mine-card__who'>
            <View className='so-mine-card__name-row'>
              <Text className='so-mine-card__name' data-testid='member-name'>
                {name}
              </Text>
              {member.isGuest && <Text className='so-mine-card__badge'>{i18n.t('member.guestBadge')}</Text>}
            </View>
            <Text className='so-mine-card__phone' data-testid='member-phone'>
              {vip.Phone ? maskedPhone(vip.AreaNo, vip.Phone) : i18n.t('member.noPhone')}
            </Text>
          </View>
        ) : signedIn ? (
          <View className='so-mine-card__who'>
            <Text className='so-mine-card__note'>{member.detailState === 'failed' ? i18n.t('member.detailFailed') : i18n.t('shell.loading')}</Text>
            {member.detailState === 'failed' && (
              <View className='so-mine-card__retry' role='button' tabIndex={0} onClick={props.onRetry}>
                {i18n.t('common.retry')}
              </View>
            )}
          </View>
        ) : (
          <View className='so-mine-card__who so-mine-card__who--cta' role='button' tabIndex={0} data-testid='login-cta' onClick={props.onLogin}>
            <Text className='so-mine-card__name'>{i18n.t('member.loginCta')}</Text>
            <Text className='so-mine-card__note'>{i18n.t('member.loginCtaNote')}</Text>
          </View>
        )}
      </View>
      <View className='so-mine-stats'>
        {stat(vip ? format.amount(vip.Balance) : '—', 'member.balance', 'member-balance', 'balance')}
        {stat(vip ? String(vip.Score) : '—', 'member.points', 'member-points', 'points')}
        {stat(vip ? String(vip.CouponCount) : '—', 'member.coupons', 'member-coupons', 'coupons')}
      </View>
      <View className='so-mine-entries'>
        {entries.map((entry) => (
          <View key={entry} className='so-mine-entry' role='button' tabIndex={0} data-testid={`entry-${entry}`} onClick={() => props.onOpen(entry)}>
            <Text className='so-mine-entry__label'>{i18n.t(ENTRY_LABEL[entry])}</Text>
            <View className='so-chevron' aria-hidden />
          </View>
        ))}
      </View>
      {signedIn && (
        <View
          className={`so-member-btn so-member-btn--secondary so-mine-logout${member.loggingOut ? ' so-member-btn--off' : ''}`}
          role='button'
          tabIndex={0}
          aria-disabled={member.loggingOut}
          data-testid='logout'
          onClick={props.onLogout}
        >
          {i18n.t('member.logout')}
        </View>
      )}
    </View>
  )
})

/** loginByCode: phone + SMS code (login, or bind a phone to the signed-in member), the guest and host-identity ways in. */
export const LoginView = observer(function LoginView(props: {
  mode: LoginMode
  onDone(how: 'login' | 'bind'): void
  onChooseArea(): void
  onTerms(): void
  /** The host's phone-number button (the chat-app mini-program's getPhoneNumber), when it has one. */
  PhoneButton?: ComponentType<PhoneButtonProps> | null
  /** Its words, naming the host (WeChat's or Alipay's phone number). */
  phoneTexts?: PhoneButtonTexts
}) {
  const { member, i18n, terms } = useStores()
  // Ticked already when this diner agreed to these terms (on this device, or as the member elsewhere).
  const [agreed, setAgreed] = useState(() => terms.agreed)
  const form = member.loginForm
  const bind = props.mode === 'bind'
  const busy = form.submitting || member.guestBusy || member.openIdBusy
  /** English puts a space between the words and the link; Chinese does not. */
  const wordGap = i18n.locale === 'en' ? ' ' : ''

  const submit = async () => {
    if (busy) return
    if (!bind && !agreed) {
      form.setError(i18n.t('checkout.agreePrivacy'))
      return
    }
    // The agreement goes with the diner: kept here now, sent up for the member once signed in.
    if (!bind) void terms.setAgreed(true)
    const ok = bind ? await member.bindPhone() : await member.loginByCode()
    if (ok) props.onDone(bind ? 'bind' : 'login')
  }
  const other = async (how: 'guest' | 'openId') => {
    if (busy) return
    if (!agreed) {
      form.setError(i18n.t('checkout.agreePrivacy'))
      return
    }
    void terms.setAgreed(true)
    const ok = how === 'guest' ? await member.guestLogin() : await member.openIdLogin()
    if (ok) props.onDone('login')
  }

  /** The host gave a phone code (or null: the diner refused): log in as that phone's member. */
  const phone = async (code: string | null) => {
    if (busy || !code) return
    if (!bind && !agreed) {
      form.setError(i18n.t('checkout.agreePrivacy'))
      return
    }
    if (bind) {
      if (await member.bindHostPhone(code)) props.onDone('bind')
      return
    }
    void terms.setAgreed(true)
    if (await member.phoneLogin(code)) props.onDone('login')
  }
  const PhoneButton = props.PhoneButton

  return (
    <View className='so-member-page' data-testid='login-view'>
      <Text className='so-member-page__title' role='heading' aria-level={1}>
        {i18n.t(bind ? 'page.bindPhone' : 'page.loginByCode')}
      </Text>
      <Text className='so-member-page__note'>{i18n.t(bind ? 'member.bindNote' : 'member.loginNote')}</Text>
      <PhoneCodeFields form={form} sourceType={bind ? 'VipBindPhone' : 'VipLogin'} onChooseArea={props.onChooseArea} />
      {!bind && (
        // One sentence with the policy link in it (issue 27 item 14: the link wrapped to a line of
        // its own under a large gap). A tap on the box or the words ticks the box (the row takes
        // the tap); the link opens the policy. The box (an 88-px target) is the checkbox a keyboard
        // and a screen reader find, named by the whole sentence.
        <View className='so-member-agree' data-testid='agree' onClick={() => setAgreed(!agreed)}>
          <View
            className='so-member-agree__toggle'
            role='checkbox'
            tabIndex={0}
            aria-checked={agreed}
            aria-label={`${i18n.t('checkout.agree')}${wordGap}${i18n.t('checkout.policyLink')}`}
            data-testid='login-agree'
          >
            <View className={`so-member-check${agreed ? ' so-member-check--on' : ''}`} aria-hidden>
              {agreed ? '✓' : ''}
            </View>
          </View>
          <Text className='so-member-agree__text' data-testid='login-agree-sentence'>
            {i18n.t('checkout.agree')}
            {wordGap}
            <Text
              className='so-member-agree__link'
              {...({ role: 'link', tabIndex: 0 } as Record<string, unknown>)}
              onClick={(e) => {
                e.stopPropagation()
                props.onTerms()
              }}
            >
              {i18n.t('checkout.policyLink')}
            </Text>
          </Text>
        </View>
      )}
      <View
        className={`so-member-btn so-member-btn--primary${busy ? ' so-member-btn--off' : ''}`}
        role='button'
        tabIndex={0}
        aria-disabled={busy}
        data-testid='login-submit'
        onClick={() => void submit()}
      >
        {i18n.t(bind ? 'member.bind' : 'member.login')}
      </View>
      {bind && PhoneButton && member.openIdOffered && (
        <View className='so-member-other'>
          <Text className='so-member-other__or'>{i18n.t('member.or')}</Text>
          <PhoneButton className='so-member-btn so-member-btn--secondary so-member-btn--host' label={i18n.t(props.phoneTexts?.bind ?? 'member.phoneBind')} disabled={busy} testId='phone-bind' onCode={(code) => void phone(code)} />
        </View>
      )}
      {!bind && (member.guestOffered || member.openIdOffered) && (
        <View className='so-member-other'>
          <Text className='so-member-other__or'>{i18n.t('member.or')}</Text>
          {PhoneButton && member.openIdOffered && (
            <PhoneButton
              className='so-member-btn so-member-btn--secondary so-member-btn--host'
              label={i18n.t(props.phoneTexts?.login ?? 'member.phoneLogin')}
              disabled={busy}
              testId='phone-login'
              onCode={(code) => void phone(code)}
            />
          )}
          {member.openIdOffered && (
            <View className='so-member-btn so-member-btn--secondary' role='button' tabIndex={0} data-testid='openid-login' onClick={() => void other('openId')}>
              {i18n.t('member.openId')}
            </View>
          )}
          {member.guestOffered && (
            <>
              <View className='so-member-btn so-member-btn--secondary' role='button' tabIndex={0} data-testid='guest-login' onClick={() => void other('guest')}>
                {i18n.t('member.guest')}
              </View>
              <Text className='so-member-other__note'>{i18n.t('member.guestNote')}</Text>
            </>
          )}
        </View>
      )}
    </View>
  )
})

/** areaCodeSelect: the dialling areas a phone login accepts; the chosen one is ticked. */
export const AreaList = observer(function AreaList(props: { selected: string; onChoose(areaNo: string): void }) {
  const { member, i18n } = useStores()
  if (member.areasState === 'failed') {
    return (
      <View className='so-member-state' role='alert'>
        <Text>{i18n.t('member.areasFailed')}</Text>
        <View className='so-mine-card__retry' role='button' tabIndex={0} onClick={() => void member.loadAreas()}>
          {i18n.t('common.retry')}
        </View>
      </View>
    )
  }
  if (member.areasState !== 'ready') return <Text className='so-member-state'>{i18n.t('shell.loading')}</Text>
  return (
    <ScrollView className='so-area-list' scrollY data-testid='area-list'>
      <View role='listbox' aria-label={i18n.t('page.areaCodeSelect')}>
        {member.areas.map((a) => (
          <View
            key={a.AreaNo}
            className='so-area'
            role='option'
            tabIndex={0}
            aria-selected={a.AreaNo === props.selected}
            onClick={() => props.onChoose(a.AreaNo)}
          >
            <Text className='so-area__name'>{a.AreaName}</Text>
            <Text className='so-area__no'>+{a.AreaNo}</Text>
            <Text className='so-area__tick' aria-hidden>
              {a.AreaNo === props.selected ? '✓' : ''}
            </Text>
          </View>
        ))}
      </View>
    </ScrollView>
  )
})

/** changeByCode: verify the current phone, then the new one. */
export const ChangePhoneView = observer(function ChangePhoneView(props: { onChooseArea(): void; onBind(): void; onDone(): void }) {
  const { member, i18n } = useStores()
  const vip = member.vip
  const form = member.changeForm
  if (vip && !vip.Phone) {
    return (
      <View className='so-member-page'>
        <Text className='so-member-page__note'>{i18n.t('member.changeNeedsPhone')}</Text>
        <View className='so-member-btn so-member-btn--primary' role='button' tabIndex={0} onClick={props.onBind}>
          {i18n.t('member.entry.bindPhone')}
        </View>
      </View>
    )
  }
  const step1 = member.changeStep === 1
  const submit = async () => {
    const ok = await member.submitChange()
    if (ok && member.changeDone) props.onDone()
  }
  return (
    <View className='so-member-page' data-testid='change-view'>
      <View className='so-member-steps' role='list'>
        <View className={`so-member-step${step1 ? ' so-member-step--on' : ''}`} role='listitem' aria-current={step1 ? 'step' : undefined}>
          {i18n.t('member.changeStep1')}
        </View>
        <View className={`so-member-step${step1 ? '' : ' so-member-step--on'}`} role='listitem' aria-current={step1 ? undefined : 'step'}>
          {i18n.t('member.changeStep2')}
        </View>
      </View>
      <PhoneCodeFields
        key={member.changeStep}
        form={form}
        sourceType={member.changeSourceType}
        onChooseArea={props.onChooseArea}
        fixedPhone={step1 && vip ? maskedPhone(vip.AreaNo, vip.Phone) : undefined}
        phoneLabel={i18n.t(step1 ? 'member.currentPhone' : 'member.newPhone')}
      />
      <View
        className={`so-member-btn so-member-btn--primary${form.submitting ? ' so-member-btn--off' : ''}`}
        role='button'
        tabIndex={0}
        aria-disabled={form.submitting}
        data-testid='change-submit'
        onClick={() => void submit()}
      >
        {i18n.t(step1 ? 'member.next' : 'member.changeSubmit')}
      </View>
    </View>
  )
})

const SEXES: { value: string; label: MessageKey }[] = [
  { value: '1', label: 'member.sex.1' },
  { value: '2', label: 'member.sex.2' },
  { value: '', label: 'member.sex.0' }
]

/** vipDetailsEdit: name (spec §5 rule), sex, birthday. */
export const ProfileForm = observer(function ProfileForm(props: { today: string; onSaved(): void }) {
  const { member, i18n } = useStores()
  const vip = member.vip
  const [name, setName] = useState(vip?.VipName ?? '')
  const [sex, setSex] = useState(vip?.Sex ?? '')
  const [birthy, setBirthy] = useState(vip?.Birthy ?? '')
  const sexIndex = SEXES.findIndex((s) => s.value === sex)
  const save = async () => {
    if (await member.saveProfile({ VipName: name, Sex: sex, Birthy: birthy })) props.onSaved()
  }
  return (
    <View className='so-member-page' data-testid='profile-form'>
      <View className='so-member-field'>
        <Text className='so-member-field__label'>{i18n.t('member.name')}</Text>
        <Input
          className='so-member-input so-member-input--boxed'
          value={name}
          maxlength={MEMBER_NAME_MAX_LENGTH}
          placeholder={i18n.t('member.namePlaceholder')}
          nativeProps={{ 'aria-label': i18n.t('member.name'), autoComplete: 'name' }}
          data-testid='name-input'
          onInput={(e) => {
            setName(e.detail.value)
            member.clearProfileError()
          }}
        />
        <Text className='so-member-field__hint'>{i18n.t('member.nameRule')}</Text>
      </View>
      <View className='so-member-field'>
        <Text className='so-member-field__label'>{i18n.t('member.sex')}</Text>
        <View
          className='so-member-chips'
          role='radiogroup'
          aria-label={i18n.t('member.sex')}
          onKeyDown={(e) => {
            // Arrows choose the next or previous; the focus follows (the chosen one is the group's Tab stop).
            const to = radioStep(e.key, sexIndex, SEXES.length)
            if (to === null) return
            e.preventDefault()
            setSex(SEXES[to].value)
            focusSibling((e as { target?: unknown }).target, `[data-sex="${SEXES[to].value || 'none'}"]`)
          }}
        >
          {SEXES.map((s, i) => (
            <View
              key={s.value || 'none'}
              className={`so-member-chip${sex === s.value ? ' so-member-chip--on' : ''}`}
              role='radio'
              data-sex={s.value || 'none'}
              tabIndex={i === Math.max(sexIndex, 0) ? 0 : -1}
              aria-checked={sex === s.value}
              onClick={() => setSex(s.value)}
            >
              {i18n.t(s.label)}
            </View>
          ))}
        </View>
      </View>
      <View className='so-member-field'>
        <Text className='so-member-field__label'>{i18n.t('member.birthday')}</Text>
        <BirthdayPicker value={birthy} today={props.today} label={i18n.t('member.birthday')} onChange={setBirthy} />
      </View>
      {member.profileError && (
        <View className='so-member-error' role='alert' data-testid='profile-error'>
          {member.profileError}
        </View>
      )}
      <View
        className={`so-member-btn so-member-btn--primary${member.savingProfile ? ' so-member-btn--off' : ''}`}
        role='button'
        tabIndex={0}
        aria-disabled={member.savingProfile}
        data-testid='profile-save'
        onClick={() => void save()}
      >
        {i18n.t('member.save')}
      </View>
    </View>
  )
})
