/**
 * The host's phone-number button (PhoneButtonProps in ./host.ts): none here. H5 and the payment-app
 * mini-program have no phone code the server can exchange; the chat-app mini-program's is
 * ./phone-button.weapp.tsx, which Taro's per-host files pick for that build.
 */
import type { ComponentType } from 'react'
import type { PhoneButtonProps } from './host'

export const HostPhoneButton: ComponentType<PhoneButtonProps> | null = null
