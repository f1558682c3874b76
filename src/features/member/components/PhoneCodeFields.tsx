import { View, Text, Input } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import { SMS_RULES, type SmsSourceType } from '../../../gateway/member-rows'
import { useFocusReturn } from '../../../ui/focus-return'
import type { CodeForm } from '../code-form'
import './MemberViews.css'

/**
 * Area code, phone number, SMS code with its send button and countdown, and what went wrong.
 * `fixedPhone`: the number is the member's own (change phone, step 1) and is not typed.
 *
 * Each input is named by its visible label (the inner <input>'s aria-label on H5); the area code is a
 * button saying which area is chosen; the countdown is announced politely once when it starts ('sent
 * to …, another in 60 s') and once when it ends, not every second. Back from choosing an area code,
 * the focus is on the area code again (not at the top of the page).
 */
export const PhoneCodeFields = observer(function PhoneCodeFields(props: {
  form: CodeForm
  sourceType: SmsSourceType
  onChooseArea?(): void
  fixedPhone?: string
  phoneLabel?: string
}) {
  const { i18n, member } = useStores()
  const { form } = props
  const phoneLabel = props.phoneLabel ?? i18n.t('member.phone')
  const codeLabel = i18n.t('member.code')
  const sendLabel = form.sending ? i18n.t('member.sending') : form.countdown > 0 ? i18n.t('member.resendIn', { s: form.countdown }) : i18n.t('member.sendCode')
  const announcement = form.sending
    ? i18n.t('member.sending')
    : !form.sentTo
      ? ''
      : form.countdown > 0
        ? i18n.t('member.codeSentWait', { to: form.sentTo, s: form.countdownFrom })
        : i18n.t('member.resendReady')
  const areaName = props.fixedPhone ? '' : member.areaName(form.areaNo)
  const areaBack = useFocusReturn()
  return (
    <View className='so-member-form'>
      <View className='so-member-field'>
        <Text className='so-member-field__label'>{phoneLabel}</Text>
        {props.fixedPhone ? (
          <Text className='so-member-field__value' data-testid='fixed-phone'>
            {props.fixedPhone}
          </Text>
        ) : (
          <View className='so-member-field__row'>
            <View
              ref={areaBack.ref as never}
              className='so-member-area'
              role='button'
              tabIndex={0}
              aria-label={i18n.t('member.areaCodeChoose', { no: form.areaNo })}
              data-testid='area-code'
              onClick={() => {
                areaBack.leaving()
                props.onChooseArea?.()
              }}
            >
              <Text>+{form.areaNo}</Text>
              <View className='so-member-area__caret' aria-hidden />
            </View>
            <Input
              className='so-member-input'
              type='number'
              maxlength={15}
              value={form.phone}
              placeholder={i18n.t('member.phonePlaceholder')}
              nativeProps={{ 'aria-label': phoneLabel, autoComplete: 'tel-national' }}
              data-testid='phone-input'
              onInput={(e) => form.setPhone(e.detail.value)}
            />
          </View>
        )}
        {areaName && <Text className='so-member-field__hint'>{areaName}</Text>}
      </View>
      <View className='so-member-field'>
        <Text className='so-member-field__label'>{codeLabel}</Text>
        <View className='so-member-field__row'>
          <Input
            className='so-member-input'
            type='number'
            maxlength={SMS_RULES.codeLength}
            value={form.code}
            placeholder={i18n.t('member.codePlaceholder', { n: SMS_RULES.codeLength })}
            nativeProps={{ 'aria-label': codeLabel, autoComplete: 'one-time-code' }}
            data-testid='code-input'
            onInput={(e) => form.setCode(e.detail.value)}
          />
          <View
            className={`so-member-send${form.canSend ? '' : ' so-member-send--off'}`}
            role='button'
            tabIndex={0}
            aria-disabled={!form.canSend}
            data-testid='send-code'
            onClick={() => void form.send(props.sourceType)}
          >
            {sendLabel}
          </View>
        </View>
        {form.sentTo && (
          <Text className='so-member-field__hint'>
            {i18n.t('member.codeSent', { to: form.sentTo })}
          </Text>
        )}
        <View className='so-member-sr' role='status' data-testid='code-status'>
          {announcement}
        </View>
      </View>
      {form.error && (
        <View className='so-member-error' role='alert' data-testid='form-error'>
          {form.error}
        </View>
      )}
    </View>
  )
})
