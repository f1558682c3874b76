/**
 * One-time setup links (issue 23). A production database starts empty: the server prints a link
 * under /console at start while no enterprise has an owner (and `npm run setup` prints a new one);
 * whoever opens it makes the first owner and the enterprise. A link is random (only its SHA-256 is
 * kept), lives SETUP_LINK_HOURS, and is used up by the setup it allows, in the same transaction,
 * so a replayed or shared link makes nothing a second time.
 */
import type { Kysely, Transaction } from 'kysely'
import type { StaffSessionRow } from '../../../../src/gateway/staff-contract'
import { isPostgres } from '../../storage/database'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'
import { hashToken } from '../members/member-session'
import { appendAudit } from './audit-log'
import { createOwner } from './staff-people.service'
import { findStaffSession, newToken, sessionRow, startStaffSession } from './staff-session'
import type { StaffActor } from './staff-actor'

export const SETUP_LINK_HOURS = 24
const SETUP_TOKEN_PREFIX = 'su_'

/**
 * A new link. Without `entId` it makes a new enterprise and its owner; with one (an enterprise that
 * exists, e.g. the demo's, or one whose owners are all locked out) it makes an owner of it.
 * Links past their time are deleted as new ones are made.
 */
export async function createSetupLink(db: Kysely<Database>, now: Date, entId: string | null = null): Promise<{ token: string; expiresAt: string }> {
  const token = newToken(SETUP_TOKEN_PREFIX)
  const expiresAt = new Date(now.getTime() + SETUP_LINK_HOURS * 3_600_000).toISOString()
  await db.deleteFrom('setup_links').where('expires_at', '<', now.toISOString()).execute()
  await db.insertInto('setup_links').values({ token_hash: hashToken(token), created_at: now.toISOString(), expires_at: expiresAt, used_at: null, ent_id: entId }).execute()
  return { token, expiresAt }
}

/** Enterprises without an owner (the demo's on a fresh start): each may be given one by a link. */
export async function enterprisesWithoutOwner(db: Kysely<Database>): Promise<{ entId: string; names: string }[]> {
  const rows = await db
    .selectFrom('enterprises as e')
    .select(['e.ent_id', 'e.names'])
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('staff_members as m').select('m.staff_id').whereRef('m.ent_id', '=', 'e.ent_id').where('m.role', '=', 'owner').where('m.removed_at', 'is', null)))
    )
    .orderBy('e.ent_id')
    .execute()
  return rows.map((r) => ({ entId: r.ent_id, names: r.names }))
}

export const setupUrl = (origin: string, token: string): string => `${origin.replace(/\/+$/, '')}/console/#/setup?token=${token}`

/** Whether any enterprise on this database has an owner yet (else a start offers a setup link). */
export async function hasAnyOwner(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('staff_members').select('staff_id').where('role', '=', 'owner').where('removed_at', 'is', null).limit(1).executeTakeFirst()
  return row !== undefined
}

/** Whether a link can still be used, and the enterprise it gives an owner to ('' = a new one). */
export async function checkSetupLink(db: Kysely<Database>, token: string, now: Date): Promise<{ valid: boolean; entId: string; names: string }> {
  const none = { valid: false, entId: '', names: '' }
  if (!token.startsWith(SETUP_TOKEN_PREFIX)) return none
  const row = await db
    .selectFrom('setup_links as l')
    .leftJoin('enterprises as e', 'e.ent_id', 'l.ent_id')
    .select(['l.expires_at', 'l.used_at', 'l.ent_id', 'e.names'])
    .where('l.token_hash', '=', hashToken(token))
    .executeTakeFirst()
  if (!row || row.used_at !== null || row.expires_at <= now.toISOString()) return none
  return { valid: true, entId: row.ent_id ?? '', names: row.names ?? '' }
}

export interface SetupInput {
  ownerName: string
  areaNo: string
  phone: string
  password: string
  locale: string
}

/**
 * Uses the link and, in the same transaction, makes the enterprise (`makeEnterprise`, the setup
 * service) and its owner; answers the owner's first session.
 */
export async function completeSetup(
  db: Kysely<Database>,
  token: string,
  input: SetupInput,
  makeEnterprise: (trx: Transaction<Database>) => Promise<string>,
  ctx: { clientIp: string; now: Date }
): Promise<StaffSessionRow> {
  if (!token.startsWith(SETUP_TOKEN_PREFIX)) throw new DomainError('SETUP_LINK_INVALID')
  const nowText = ctx.now.toISOString()
  const { entId, staffId } = await db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('setup_links').select(['expires_at', 'used_at', 'ent_id']).where('token_hash', '=', hashToken(token))
    if (isPostgres(trx)) query = query.forUpdate()
    const link = await query.executeTakeFirst()
    if (!link || link.used_at !== null || link.expires_at <= nowText) throw new DomainError('SETUP_LINK_INVALID')
    // A link for an existing enterprise makes only its owner; the enterprise fields are not used.
    const entId = link.ent_id ?? (await makeEnterprise(trx))
    const owner = await createOwner(trx, { entId, name: input.ownerName, areaNo: input.areaNo, phone: input.phone, password: input.password, locale: input.locale }, ctx)
    // Conditional: of two setups racing on one link (SQLite serialises them anyway), one uses it.
    const used = await trx.updateTable('setup_links').set({ used_at: nowText, ent_id: entId }).where('token_hash', '=', hashToken(token)).where('used_at', 'is', null).executeTakeFirst()
    if (Number(used.numUpdatedRows) !== 1) throw new DomainError('SETUP_LINK_INVALID')
    await appendAudit(trx, { entId, actor: { staffId: owner.staff_id, name: owner.name, role: 'owner', deviceId: '', deviceName: '' }, action: link.ent_id ? 'enterprise.ownerAdded' : 'enterprise.setup', targetType: 'enterprise', targetId: entId, clientIp: ctx.clientIp, now: ctx.now })
    return { entId, staffId: owner.staff_id }
  })
  const { token: sessionToken } = await startStaffSession(db, { entId, staffId, deviceId: '' }, ctx.now)
  const actor = (await findStaffSession(db, sessionToken, ctx.now)) as StaffActor
  await appendAudit(db, { entId, actor, action: 'staff.signIn', targetType: 'staff', targetId: staffId, detail: { how: 'setup' }, clientIp: ctx.clientIp, now: ctx.now })
  return sessionRow(actor, sessionToken)
}
