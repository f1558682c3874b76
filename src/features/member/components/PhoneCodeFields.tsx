import { View, Text, Input } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import { SMS_RULES, type SmsSourceType } from '../../../gateway/member-rows'
import type { CodeForm } from '../code-form'
import './MemberViews.css'

/**
 * Area code, phone number, SMS code with its send button and countdown, and what went wrong.
 * `fixedPhone`: the number is the member's own (change phone, step 1) and is not typed.
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
  const sendLabel = form.sending ? i18n.t('member.sending') : form.countdown > 0 ? i18n.t('member.resendIn', { s: form.countdown }) : i18n.t('member.sendCode')
  return (
    <View className='so-member-form'>
      <View className='so-member-field'>
        <Text className='so-member-field__label'>{props.phoneLabel ?? i18n.t('member.phone')}</Text>
        {props.fixedPhone ? (
          <Text className='so-member-field__value' data-testid='fixed-phone'>
            {props.fixedPhone}
          </Text>
        ) : (
          <View className='so-member-field__row'>
            <View
              className='so-member-area'
              role='button'
              aria-label={i18n.t('member.areaCode')}
              data-testid='area-code'
              onClick={() => props.onChooseArea?.()}
            >
              <Text>+{form.areaNo}</Text>
              <Text className='so-member-area__caret'>▾</Text>
            </View>
            <Input
              className='so-member-input'
              type='number'
              maxlength={15}
              value={form.phone}
              placeholder={i18n.t('member.phonePlaceholder')}
              data-testid='phone-input'
              onInput={(e) => form.setPhone(e.detail.value)}
            />
          </View>
        )}
        {!props.fixedPhone && member.areaName(form.areaNo) && <Text className='so-member-field__hint'>{member.areaName(form.areaNo)}</Text>}
      </View>
      <View className='so-member-field'>
        <Text className='so-member-field__label'>{i18n.t('member.code')}</Text>
        <View className='so-member-field__row'>
          <Input
            className='so-member-input'
            type='number'
            maxlength={SMS_RULES.codeLength}
            value={form.code}
            placeholder={i18n.t('member.codePlaceholder', { n: SMS_RULES.codeLength })}
            data-testid='code-input'
            onInput={(e) => form.setCode(e.detail.value)}
          />
          <View
            className={`so-member-send${form.canSend ? '' : ' so-member-send--off'}`}
            role='button'
            aria-disabled={!form.canSend}
            data-testid='send-code'
            onClick={() => void form.send(props.sourceType)}
          >
            {sendLabel}
          </View>
        </View>
        {form.sentTo && <Text className='so-member-field__hint'>{i18n.t('member.codeSent', { to: form.sentTo })}</Text>}
      </View>
      {form.error && (
        <View className='so-member-error' role='alert' data-testid='form-error'>
          {form.error}
        </View>
      )}
    </View>
  )
})
