/**
 * The chat-app mini-program's phone-number button: `<Button openType="getPhoneNumber">`. WeChat
 * shows its own consent sheet on the tap and answers `detail.code` (a one-time code, 5 minutes,
 * which only the server can exchange: docs/host-sign-in.md) or an errMsg when the diner refused.
 * It must be the host's own button: no API asks for the number without the diner's tap.
 */
import { Button } from '@tarojs/components'
import type { ComponentType } from 'react'
import type { PhoneButtonProps, PhoneButtonTexts } from './host'

function WeappPhoneButton(props: PhoneButtonProps) {
  return (
    <Button
      className={props.className}
      openType='getPhoneNumber'
      disabled={props.disabled}
      data-testid={props.testId}
      onGetPhoneNumber={(e) => {
        const detail = (e?.detail ?? {}) as { code?: string; errMsg?: string }
        props.onCode(typeof detail.code === 'string' && detail.code ? detail.code : null)
      }}
    >
      {props.label}
    </Button>
  )
}

export const HostPhoneButton: ComponentType<PhoneButtonProps> | null = WeappPhoneButton

/** The button's words: WeChat's phone number. */
export const hostPhoneTexts: PhoneButtonTexts = { login: 'member.phoneLogin', bind: 'member.phoneBind' }
