/** Small rules the console's forms share (the server checks every one of them again). */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PIN_PATTERN } from '../../core/staff-permissions'
import type { ConsoleKey } from '../i18n'

/** Phone areas staff sign in from, with the digits a mobile number has there (server/src/domain/members/sms-areas.ts). */
export const AREAS = [
  { code: '853', label: 'area.853', digits: [8, 8] },
  { code: '852', label: 'area.852', digits: [8, 8] },
  { code: '86', label: 'area.86', digits: [11, 11] }
] as const satisfies readonly { code: string; label: ConsoleKey; digits: readonly [number, number] }[]

export type AreaCode = (typeof AREAS)[number]['code']

/** Digits only (full-width digits typed on a Chinese keyboard count). */
export const digitsOf = (text: string): string => text.normalize('NFKC').replace(/[\s-]/g, '')

/** The error key for a phone number, or null when it looks like one of the area. */
export function phoneError(areaCode: string, phone: string): ConsoleKey | null {
  const digits = digitsOf(phone)
  if (!digits) return 'error.phoneRequired'
  const area = AREAS.find((a) => a.code === areaCode)
  if (!/^\d+$/.test(digits) || (area && (digits.length < area.digits[0] || digits.length > area.digits[1]))) return 'error.phoneInvalid'
  return null
}

export function passwordError(password: string): ConsoleKey | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'error.passwordLength'
  if (password.length > PASSWORD_MAX_LENGTH) return 'error.passwordTooLong'
  return null
}

export const pinError = (pin: string): ConsoleKey | null => (PIN_PATTERN.test(pin) ? null : 'error.pin')

export type FieldErrors<F extends string> = Partial<Record<F, string>>
