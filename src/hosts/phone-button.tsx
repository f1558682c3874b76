/**
 * The host's phone-number button (PhoneButtonProps in ./host.ts): none here. H5 has no phone code
 * the server can exchange; the chat-app mini-program's is ./phone-button.weapp.tsx (getPhoneNumber)
 * and the payment-app mini-program's ./phone-button.alipay.tsx (getAuthorize + my.getPhoneNumber),
 * which Taro's per-host files pick for those builds.
 */
import type { ComponentType } from 'react'
import type { PhoneButtonProps, PhoneButtonTexts } from './host'

export const HostPhoneButton: ComponentType<PhoneButtonProps> | null = null

/** The button's words (none shown here). */
export const hostPhoneTexts: PhoneButtonTexts = { login: 'member.phoneLogin', bind: 'member.phoneBind' }
