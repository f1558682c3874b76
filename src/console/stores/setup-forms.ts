/**
 * What the Settings, Branches and Tables pages share (issue 23): the root they are given (its one
 * way to the server, texts, the person's scope), names in three languages, and the problems a
 * refused setup answers (SetupError, resultcode 21100), each naming its field as the setup
 * services spell it ('hours.begin: bad time …'), so a form shows each under its own field.
 */
import { LOCALES, type Locale, type LocalizedText } from '../../gateway/contract'
import type { StaffScopeRow } from '../../gateway/staff-contract'
import type { Permission } from '../../core/staff-permissions'
import { StaffError } from '../api/staff-client'
import type { ConsoleBrowser } from '../browser'
import type { ConsoleStore } from './console-store'

/** The root store as these pages use it (a test hands in one built on a fake StaffApi). */
export interface SetupRoot {
  readonly locale: Locale
  readonly scope: StaffScopeRow[]
  readonly browser: ConsoleBrowser
  call: ConsoleStore['call']
  t: ConsoleStore['t']
  messageOf(e: unknown): string
  can(permission: Permission | undefined): boolean
  /** StaffMe again: the person's scope (the shops and branches every page offers) after it changed. */
  loadMe(): Promise<boolean>
}

export type Names = Record<Locale, string>

export const emptyNames = (): Names => ({ 'zh-CN': '', 'zh-TW': '', en: '' })
export const namesOf = (names: LocalizedText | undefined): Names => ({ 'zh-CN': names?.['zh-CN'] ?? '', 'zh-TW': names?.['zh-TW'] ?? '', en: names?.en ?? '' })
export const hasName = (names: Names): boolean => LOCALES.some((l) => names[l].trim() !== '')
/** Names as a save sends them: trimmed; the server fills a language left out from another. */
export const trimNames = (names: Names): Names => ({ 'zh-CN': names['zh-CN'].trim(), 'zh-TW': names['zh-TW'].trim(), en: names.en.trim() })

/** A failed save: the server's message and, for a refused setup, every problem by its field. */
export interface SaveFailure {
  message: string
  problems: string[]
}

export function failureOf(root: SetupRoot, e: unknown): SaveFailure {
  return { message: root.messageOf(e), problems: e instanceof StaffError ? e.problems : [] }
}

/** The field a problem names ('deliveryFees[1].upTo: …' → 'deliveryFees[1].upTo'), '' when it names none. */
export function problemPath(problem: string): string {
  const m = /^([A-Za-z_][\w.[\]" -]*?): /.exec(problem)
  return m ? m[1] : ''
}

/** The problem of a field (or of anything inside it: 'hours' has 'hours.begin'), without its path. */
export function problemFor(problems: readonly string[], path: string): string | undefined {
  for (const p of problems) {
    const at = problemPath(p)
    if (at === path || at.startsWith(`${path}.`) || at.startsWith(`${path}[`)) return p.slice(at.length + 2)
  }
  return undefined
}

/** A decimal amount typed in a field ('8', '8.50'), as the server takes it; null when it is not one. */
export function decimalOf(text: string): string | null {
  const t = text.normalize('NFKC').trim()
  return /^\d{1,12}(\.\d{1,8})?$/.test(t) ? t : null
}

/** A whole number typed in a field, or null. */
export function wholeOf(text: string): number | null {
  const t = text.normalize('NFKC').trim()
  return /^\d{1,9}$/.test(t) ? Number(t) : null
}

/** A number typed in a field (a map pin's degrees), or null. */
export function numberOf(text: string): number | null {
  const t = text.normalize('NFKC').trim()
  return /^-?\d{1,3}(\.\d{1,10})?$/.test(t) ? Number(t) : null
}

/** 'HH:mm' from 00:00 to 23:59. */
export const isClock = (text: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(text)

/** Base64 (a PDF in an answer) → bytes for a download. */
export function bytesOfBase64(base64: string): Uint8Array {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Text → UTF-8 bytes (a setup file is saved without a byte order mark: JSON readers refuse one). */
export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text)
