/**
 * The payment-app mini-program's phone-number button (获取会员手机号): the host's own
 * `<Button open-type="getAuthorize" scope="phoneNumber">`. Alipay shows its consent sheet on the tap;
 * on consent (onGetAuthorize) `my.getPhoneNumber` answers `response`: Alipay's JSON text with the
 * number AES-encrypted under the app's key and signed by Alipay, which only the server can check and
 * read (docs/host-sign-in.md). It goes to the server as the phone code. A declined consent (onError)
 * or a failed call gives null. It must be the host's own button: no API asks for the number without
 * the diner's tap.
 */
import { Button } from '@tarojs/components'
import type { ComponentType } from 'react'
import type { PhoneButtonProps, PhoneButtonTexts } from './host'

/** Alipay's my.getPhoneNumber: its answer as the host gives it (the JSON text), or null. */
function alipayPhoneAnswer(): Promise<string | null> {
  return new Promise((resolve) => {
    try {
      my.getPhoneNumber({
        success: (r) => resolve(typeof r?.response === 'string' && r.response ? r.response : null),
        fail: () => resolve(null)
      })
    } catch {
      resolve(null)
    }
  })
}

function AlipayPhoneButton(props: PhoneButtonProps) {
  return (
    <Button
      className={props.className}
      openType='getAuthorize'
      scope='phoneNumber'
      disabled={props.disabled}
      data-testid={props.testId}
      onGetAuthorize={() => void alipayPhoneAnswer().then((answer) => props.onCode(answer))}
      onError={() => props.onCode(null)}
    >
      {props.label}
    </Button>
  )
}

export const HostPhoneButton: ComponentType<PhoneButtonProps> | null = AlipayPhoneButton

/** The button's words: Alipay's phone number. */
export const hostPhoneTexts: PhoneButtonTexts = { login: 'member.phoneLoginAlipay', bind: 'member.phoneBindAlipay' }

/** The payment app's global (alipay builds only). */
declare const my: {
  getPhoneNumber(options: { success(r: { response?: string }): void; fail(): void }): void
}
