/**
 * Member test support: members made straight in the database with a session (so a test does not
 * depend on SMS login to get one), and orders inserted awaiting payment for a given owner.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { memberOwnerKey, startSession } from '../../../server/src/domain/members/member-session'
import type { Database } from '../../../server/src/storage/schema'
import { insertOrderRow } from './order-fixtures'

export interface TestMember {
  vipId: string
  token: string
  phone: string
  /** Headers of a signed-in request from this member's phone. */
  headers: Record<string, string>
  ownerKey: string
}

let seq = 0

/** A member of `entId` (phone-bound unless guest) with `balance` (one ledger entry) and a session. */
export async function makeMember(
  db: Kysely<Database>,
  options: { entId?: string; balance?: string; guest?: boolean; name?: string } = {}
): Promise<TestMember> {
  const entId = options.entId ?? 'E1001'
  const now = new Date()
  const vipId = `VT${Date.now().toString(36)}${++seq}${randomBytes(2).toString('hex')}`
  const phone = options.guest ? '' : `6${String(1000000 + Math.floor(Math.random() * 8999999)).slice(0, 7)}`
  const balance = options.balance ?? '0'
  await db
    .insertInto('members')
    .values({
      vip_id: vipId,
      ent_id: entId,
      area_no: options.guest ? '' : '853',
      phone,
      vip_name: options.name ?? `Member ${seq}`,
      is_guest: options.guest ? 1 : 0,
      device_key: options.guest ? randomBytes(16).toString('hex') : '',
      code_ref: randomBytes(12).toString('hex'),
      balance,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      // The opening recharge below is the member's newest entry (balance.service.ts entryTimeAfter).
      ledger_at: balance !== '0' ? now.toISOString() : ''
    })
    .execute()
  if (balance !== '0') {
    await db
      .insertInto('balance_ledger')
      .values({ entry_id: `LT${vipId}`, ent_id: entId, vip_id: vipId, kind: 'recharge', amount: balance, balance_after: balance, ref_id: `RT${vipId}`, created_at: now.toISOString() })
      .execute()
  }
  const { token } = await startSession(db, entId, vipId, now)
  const device = randomBytes(16).toString('hex')
  return { vipId, token, phone, ownerKey: memberOwnerKey(vipId), headers: { Authorization: `Bearer ${token}`, 'X-Device-Key': device } }
}

/** A prepay takeaway order of `ownerKey` awaiting payment (15 minutes left), without lines. */
export const insertAwaitingOrder = (db: Kysely<Database>, ownerKey: string, amount = '23.50'): Promise<string> => insertOrderRow(db, { ownerKey, amount })
