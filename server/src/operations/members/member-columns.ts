/** Column docs and record fields the member operations share (VipRow, the login answer, phone fields). */
import { z } from 'zod'
import type { MemberSessionRow, VipRow } from '../../../../src/gateway/member-rows'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import type { LoginContext } from '../../domain/members/member.service'
import { optionalId, requiredId } from '../fields'
import type { AppOperationContext, ColumnDocs } from '../operation'

export const VIP_COLUMNS: ColumnDocs<VipRow> = {
  VipID: 'string: the member id',
  VipName: "string: the member's name ('' not set)",
  Sex: "string: '' unknown, '1' male, '2' female",
  Birthy: "string: birthday 'YYYY-MM-DD' or ''",
  HeadImg: "string: absolute URL of the avatar in our storage ('' none): VipAvatarUpdate, or the host's picture copied at registration",
  AreaNo: "string: dialling code of the phone without '+' ('' no phone)",
  Phone: "string: the bound phone ('' guest or open-id member without one)",
  IsGuest: "number: 1 the device's walk-in guest identity, else 0",
  Balance: 'string: balance, exact decimal (recharges + gifts − spending + refunds)',
  Score: 'number: points',
  CouponCount: 'number: unused coupons valid today',
  CreatedDate: "string: when the member was made, 'YYYY-MM-DD HH:mm:ss' on the enterprise's clock"
}

export const SESSION_COLUMNS: ColumnDocs<MemberSessionRow> = {
  Token: 'string: the session token; send it as `Authorization: Bearer <Token>`. Shown only here (the server keeps its hash)',
  ExpiresDate: "string: when the session ends, 'YYYY-MM-DD HH:mm:ss' on the enterprise's clock (30 days after login)",
  VipID: 'string: the member logged in',
  IsNew: 'number: 1 when this call made the member, else 0'
}

export const LOGIN_OUTPUT = { table1: SESSION_COLUMNS, table2: VIP_COLUMNS }

export const phoneFields = {
  Phone: requiredId('Mobile number, national digits (spaces and hyphens ignored)'),
  AreaNo: requiredId("Dialling code without '+' (SmsAreaList): '853', '852', '86', '886'")
}

export const codeField = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().min(1).max(16)).describe('The SMS code received')

/** A token this server signed (AccessToken, ChangeTicket): longer than an id. */
export const signedTokenField = (description: string) => z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().trim().min(1).max(4000)).describe(description)

/** Where a member registers or a guest logs in (spec §7): kept with the member. */
export const placeFields = {
  ShopName: z.string().trim().max(200).optional().describe('Name of the shop the diner is at'),
  ShopCode: optionalId('Code of that shop'),
  BaseName: z.string().trim().max(200).optional().describe('Name of the branch'),
  BaseCode: optionalId('Code of that branch')
}

export const profileFields = {
  VipName: z.string().max(200).describe("Name: letters, digits, Chinese characters, brackets, hyphen, underscore, and single inner spaces or apostrophes ('Ana Lei', \"O'Brien\"); 1–30 characters (else 20039)"),
  Sex: z.preprocess((v) => (typeof v === 'number' ? String(v) : v ?? ''), z.enum(['', '0', '1', '2']).transform((s) => (s === '0' ? '' : s))).describe("'' or '0' unknown, '1' male, '2' female"),
  Birthy: z
    .preprocess((v) => v ?? '', z.string().trim().regex(/^(\d{4}-\d{2}-\d{2})?$/).refine((d) => d === '' || isRealDate(d)))
    .describe("Birthday 'YYYY-MM-DD', or '' for none")
}

function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text) && text >= '1900-01-01' && date.getTime() <= Date.now()
}

/** The login context of a request. */
export async function loginContext(ctx: AppOperationContext): Promise<LoginContext> {
  return { db: ctx.db, entId: ctx.enterprise.entId, deviceKey: ctx.deviceKey, clientIp: ctx.clientIp, timeZone: await enterpriseTimeZone(ctx.db, ctx.enterprise.entId), now: ctx.now }
}
