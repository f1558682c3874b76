/** Record fields of the staff operations (issue 23). */
import { z } from 'zod'
import { DEVICE_KINDS, PASSWORD_MAX_LENGTH, STAFF_ROLES } from '../../../../src/core/staff-permissions'
import { LOCALES } from '../../../../src/gateway/contract'
import { FREE_TEXT_FORBIDDEN } from '../fields'

const blank = (v: unknown): unknown => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v)

/** One line typed by staff that others read (a name): no control, separator or bidi characters. */
const ONE_LINE_FORBIDDEN = /[\t\r\n]/
export const lineText = (description: string, max: number) =>
  z
    .preprocess(blank, z.string().trim().min(1).max(max))
    .refine((t) => !FREE_TEXT_FORBIDDEN.test(t) && !ONE_LINE_FORBIDDEN.test(t), 'control characters')
    .describe(description)

/** A reason or note, possibly empty, possibly several lines. */
export const noteText = (description: string, max = 500) =>
  z.preprocess(blank, z.string().trim().max(max)).refine((t) => !FREE_TEXT_FORBIDDEN.test(t), 'control characters').describe(description)

export const areaCodeField = z.preprocess(blank, z.string().trim().min(1).max(8)).describe("Dialling code without '+' ('853')")
export const phoneField = z.preprocess(blank, z.string().trim().min(1).max(32)).describe('National number')
/** Passwords are compared as typed: no trimming. */
export const passwordField = (description: string) => z.preprocess(blank, z.string().max(PASSWORD_MAX_LENGTH)).describe(description)
export const pinField = (description: string) => z.preprocess(blank, z.string().max(12)).describe(description)
export const localeField = z.preprocess((v) => (v === '' || v == null ? 'zh-TW' : v), z.enum(LOCALES)).describe('zh-CN | zh-TW | en')
export const optionalLocaleField = z.preprocess((v) => (v === '' || v == null ? undefined : v), z.enum(LOCALES).optional()).describe('zh-CN | zh-TW | en, or empty')
export const roleField = z.enum(STAFF_ROLES).describe(STAFF_ROLES.join(' | '))
export const deviceKindField = z.enum(DEVICE_KINDS).describe(DEVICE_KINDS.join(' | '))
export const idField = (description: string) => z.preprocess(blank, z.string().trim().max(128).regex(/^[\x21-\x7e]*$/)).describe(description)
export const idListField = (description: string) =>
  z.preprocess(blank, z.string().trim().max(2000).regex(/^[\x21-\x2b\x2d-\x7e,\s]*$/)).describe(description)
/** The ids of an idListField's text. */
export const idsOf = (text: string): string[] => text.split(',').map((s) => s.trim()).filter(Boolean)
/** An ISO instant or a date ('2026-11-28'), or '' for an open end. */
export const instantField = (description: string) =>
  z
    .preprocess(blank, z.string().trim().max(40))
    .refine((t) => t === '' || !Number.isNaN(Date.parse(t)), 'a date')
    .transform((t) => (t === '' ? '' : new Date(t).toISOString()))
    .describe(description)
export const localizedTextField = (description: string, max = 120) =>
  z
    .object({ 'zh-CN': lineText('Simplified Chinese', max), 'zh-TW': lineText('Traditional Chinese', max), en: lineText('English', max) })
    .describe(description)
