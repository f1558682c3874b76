/**
 * Cards: one member's copy of a plan with its own code, state and history. Every way a card is
 * made (a member's claim, the shop issuing one, a recharge gift, a printed voucher) goes through
 * issueCard inside a transaction that holds the plan row (FOR UPDATE on PostgreSQL; SQLite's
 * transactions take the write lock when they begin), so the plan's stock and the per-member
 * limit hold under concurrent claims.
 */
import { randomBytes, randomInt } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import { wallClockIn } from '../../../../src/core/wall-clock'
import { CARD_STATUS, type CardEventAction, type CardSource, type CardStatus, type CouponReason } from '../../../../src/gateway/coupon-rows'
import { isPostgres } from '../../storage/database'
import type { CouponCardTable, Database } from '../../storage/schema'
import { enterpriseTimeZone } from '../enterprise/enterprise.service'
import { lockMember } from '../wallet/balance.service'
import { DomainError } from '../errors'
import type { InTransaction } from '../in-transaction'
import { shownStatus, validityOfNewCard } from './card-validity'
import { claimError, claimProblem, findPlan, type PlanRecord } from './coupon-plans'

export type CardRecord = Selectable<CouponCardTable>

type Db = Kysely<Database> | Transaction<Database>

export async function today(db: Db, entId: string, now: Date): Promise<string> {
  return wallClockIn(await enterpriseTimeZone(db, entId), now).date
}

/** A 12-digit code: easy to type at the counter, too many to guess within the tries allowed. */
const newCode = (): string => String(randomInt(100_000, 1_000_000)) + String(randomInt(0, 1_000_000)).padStart(6, '0')

/** Unguessable: a card id names no one else's card. */
export const newCardId = (now: Date): string => `CC${now.getTime().toString(36).toUpperCase()}${randomBytes(8).toString('hex').toUpperCase()}`

export async function lockPlan(trx: Transaction<Database>, entId: string, planId: string): Promise<PlanRecord | undefined> {
  let q = trx.selectFrom('coupon_plans').selectAll().where('ent_id', '=', entId).where('plan_id', '=', planId)
  if (isPostgres(trx)) q = q.forUpdate()
  return q.executeTakeFirst()
}

export async function lockCard(trx: Transaction<Database>, cardId: string): Promise<CardRecord | undefined> {
  let q = trx.selectFrom('coupon_cards').selectAll().where('card_id', '=', cardId)
  if (isPostgres(trx)) q = q.forUpdate()
  return q.executeTakeFirst()
}

/** Appends one step to a card's history. */
export async function addCardEvent(
  trx: Transaction<Database>,
  e: { cardId: string; action: CardEventAction; from: number; to: number; actor: string; refId?: string; now: Date }
): Promise<void> {
  const last = await trx.selectFrom('coupon_card_events').select((eb) => eb.fn.max('seq').as('seq')).where('card_id', '=', e.cardId).executeTakeFirst()
  await trx
    .insertInto('coupon_card_events')
    .values({ card_id: e.cardId, seq: Number(last?.seq ?? 0) + 1, action: e.action, from_status: e.from, to_status: e.to, actor: e.actor, ref_id: e.refId ?? '', at: e.now.toISOString() })
    .execute()
}

export interface IssueRequest {
  /** The locked plan. */
  plan: PlanRecord
  /** '' for a printed voucher nobody holds yet. */
  vipId: string
  source: CardSource
  sourceId?: string
  requestKey?: string
  /** A fixed id (recharge gifts derive theirs from the recharge, so granting twice collides). */
  cardId?: string
  actor: string
  today: string
  now: Date
}

/** Makes one card of a locked plan and counts it against the plan's stock. Checks nothing else. */
export async function issueCard(trx: Transaction<Database>, r: IssueRequest): Promise<CardRecord> {
  const validity = validityOfNewCard(r.plan, r.today)
  if (!validity) throw new DomainError('COUPON_NOT_CLAIMABLE')
  const at = r.now.toISOString()
  const card = {
    card_id: r.cardId ?? newCardId(r.now),
    ent_id: r.plan.ent_id,
    plan_id: r.plan.plan_id,
    vip_id: r.vipId,
    code: newCode(),
    status: CARD_STATUS.AVAILABLE,
    valid_from: validity.validFrom,
    valid_to: validity.validTo,
    source: r.source,
    source_id: r.sourceId ?? '',
    request_key: r.requestKey ?? '',
    order_id: '',
    used_at: null,
    created_at: at,
    updated_at: at
  }
  // A code collision (one in a million per card) would fail the unique index: try another.
  for (let attempt = 0; ; attempt++) {
    const taken = await trx.selectFrom('coupon_cards').select('card_id').where('ent_id', '=', card.ent_id).where('code', '=', card.code).executeTakeFirst()
    if (!taken) break
    if (attempt > 5) throw new Error('could not find a free card code')
    card.code = newCode()
  }
  await trx.insertInto('coupon_cards').values(card).execute()
  await trx.updateTable('coupon_plans').set((eb) => ({ issued_qua: eb('issued_qua', '+', 1) })).where('plan_id', '=', r.plan.plan_id).execute()
  r.plan.issued_qua += 1
  await addCardEvent(trx, { cardId: card.card_id, action: r.source === 'migrated' ? 'migrate' : r.source, from: CARD_STATUS.AVAILABLE, to: CARD_STATUS.AVAILABLE, actor: r.actor, refId: r.sourceId, now: r.now })
  return card
}

async function heldOfPlan(trx: Transaction<Database>, planId: string, vipId: string): Promise<number> {
  const row = await trx
    .selectFrom('coupon_cards')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('plan_id', '=', planId)
    .where('vip_id', '=', vipId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * A member claims a card of a plan (CouponCardProvide). Idempotent by request key: the same key
 * answers the card it made; the key of another plan → 20029. Refusals: unknown plan 20054,
 * sold out 20056, the member's limit 20057, not claimable now 20058.
 */
export async function claimCard(
  db: Kysely<Database>,
  c: { entId: string; vipId: string; planId: string; requestKey: string; now: Date }
): Promise<{ card: CardRecord; plan: PlanRecord }> {
  const day = await today(db, c.entId, c.now)
  return db.transaction().execute(async (trx) => {
    // The member first (as a recharge does, then the plan): one member's claims queue here, so the
    // same request key sent for two plans at once cannot make a card of each (PostgreSQL; the two
    // plan locks alone did not meet).
    await lockMember(trx, c.vipId)
    const plan = await lockPlan(trx, c.entId, c.planId)
    const earlier = await trx
      .selectFrom('coupon_cards')
      .selectAll()
      .where('ent_id', '=', c.entId)
      .where('vip_id', '=', c.vipId)
      .where('request_key', '=', c.requestKey)
      .executeTakeFirst()
    if (earlier) {
      if (earlier.plan_id !== c.planId) throw new DomainError('REQUEST_KEY_REUSED')
      return { card: earlier, plan: (await findPlan(trx, c.entId, earlier.plan_id))! }
    }
    if (!plan) throw new DomainError('COUPON_NOT_FOUND')
    const problem = claimProblem(plan, c.now, day, await heldOfPlan(trx, plan.plan_id, c.vipId))
    if (problem) throw claimError(problem)
    const card = await issueCard(trx, { plan, vipId: c.vipId, source: 'claim', sourceId: c.requestKey, requestKey: c.requestKey, actor: `member:${c.vipId}`, today: day, now: c.now })
    return { card, plan }
  })
}

/**
 * The shop issues cards of a plan (CLI, StaffCouponIssue, StaffVoucherPrint): to a member (vipId),
 * or printed vouchers nobody holds yet (vipId ''). Paused plans and the stock are respected; the
 * per-member limit is the shop's call and is not applied. Claim windows do not apply (the shop
 * gives them). `actor` goes into each card's history ('shop' for the CLI, 'staff:<StaffID>').
 */
export async function issueCards(
  db: Kysely<Database>,
  c: { entId: string; planId: string; vipId: string; qua: number; now: Date; actor?: string },
  inTransaction?: InTransaction<{ plan: PlanRecord; cards: CardRecord[] }>
): Promise<CardRecord[]> {
  const day = await today(db, c.entId, c.now)
  return db.transaction().execute(async (trx) => {
    const plan = await lockPlan(trx, c.entId, c.planId)
    if (!plan) throw new DomainError('COUPON_NOT_FOUND')
    if (plan.status !== 1) throw new DomainError('COUPON_NOT_CLAIMABLE')
    if (plan.total_qua !== null && plan.issued_qua + c.qua > plan.total_qua) throw new DomainError('COUPON_SOLD_OUT')
    const cards: CardRecord[] = []
    for (let i = 0; i < c.qua; i++) {
      cards.push(await issueCard(trx, { plan, vipId: c.vipId, source: c.vipId ? 'issue' : 'voucher', actor: c.actor ?? 'shop', today: day, now: c.now }))
    }
    await inTransaction?.(trx, { plan, cards })
    return cards
  })
}

/**
 * The shop voids a card (CLI, StaffCouponCardVoid): an available card becomes returned; used or
 * already returned ones refuse; `inTransaction` runs after the change.
 */
export async function voidCard(
  db: Kysely<Database>,
  c: { entId: string; code: string; now: Date; actor?: string },
  inTransaction?: InTransaction<CardRecord>
): Promise<CardRecord> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('coupon_cards').select('card_id').where('ent_id', '=', c.entId).where('code', '=', c.code).executeTakeFirst()
    const card = found && (await lockCard(trx, found.card_id))
    if (!card) throw new DomainError('COUPON_NOT_FOUND')
    if (card.status !== CARD_STATUS.AVAILABLE) throw new DomainError('COUPON_NOT_AVAILABLE')
    await trx.updateTable('coupon_cards').set({ status: CARD_STATUS.RETURNED, updated_at: c.now.toISOString() }).where('card_id', '=', card.card_id).execute()
    await addCardEvent(trx, { cardId: card.card_id, action: 'void', from: card.status, to: CARD_STATUS.RETURNED, actor: c.actor ?? 'shop', now: c.now })
    const voided = { ...card, status: CARD_STATUS.RETURNED }
    await inTransaction?.(trx, voided)
    return voided
  })
}

/** The member's card by id; another member's card, or an unknown id, is 'coupon does not exist' (20054). */
export async function memberCard(db: Db, entId: string, vipId: string, cardId: string): Promise<CardRecord> {
  const card = await db.selectFrom('coupon_cards').selectAll().where('card_id', '=', cardId).where('ent_id', '=', entId).where('vip_id', '=', vipId).executeTakeFirst()
  if (!card || !vipId) throw new DomainError('COUPON_NOT_FOUND')
  return card
}

export async function cardEvents(db: Db, cardId: string) {
  return db.selectFrom('coupon_card_events').selectAll().where('card_id', '=', cardId).orderBy('seq').execute()
}

/** The member's cards shown in a state (none: all), newest first, with the count per state. */
export async function listMemberCards(
  db: Kysely<Database>,
  c: { entId: string; vipId: string; status?: CardStatus; limit: number; offset: number; today: string }
): Promise<{ rows: CardRecord[]; total: number; counts: Map<CardStatus, number> }> {
  const all = await db
    .selectFrom('coupon_cards')
    .selectAll()
    .where('ent_id', '=', c.entId)
    .where('vip_id', '=', c.vipId)
    .orderBy('created_at', 'desc')
    .orderBy('card_id', 'desc')
    .execute()
  // A member holds tens of cards, not thousands: the shown state (expiry) is judged here in one place.
  const counts = new Map<CardStatus, number>([
    [CARD_STATUS.AVAILABLE, 0],
    [CARD_STATUS.USED, 0],
    [CARD_STATUS.EXPIRED, 0],
    [CARD_STATUS.RETURNED, 0]
  ])
  for (const card of all) {
    const s = shownStatus(card, c.today)
    counts.set(s, (counts.get(s) ?? 0) + 1)
  }
  const chosen = c.status === undefined ? all : all.filter((card) => shownStatus(card, c.today) === c.status)
  return { rows: chosen.slice(c.offset, c.offset + c.limit), total: chosen.length, counts }
}

/** Available cards of a member today (VipDetailGet's CouponCount). */
export async function usableCardCount(db: Db, vipId: string, day: string): Promise<number> {
  const row = await db
    .selectFrom('coupon_cards')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('vip_id', '=', vipId)
    .where('status', '=', CARD_STATUS.AVAILABLE)
    .where('valid_from', '<=', day)
    .where('valid_to', '>=', day)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

// ---------- typed voucher codes ----------

/** Wrong codes one member may type per window before being made to wait. */
export const VOUCHER_TRIES = 5
/**
 * Wrong codes one client address may type per window, whoever is signed in: a stranger makes
 * guest members at will (GuestRegister with a new device key), each with tries of its own. Enough
 * for a dining room on one Wi-Fi, not for enumerating codes.
 */
export const ADDRESS_VOUCHER_TRIES = 30
export const VOUCHER_TRY_WINDOW_MS = 60 * 60_000

// NFKC first: a Chinese keyboard types full-width digits and dashes ('１２３－４'), the same code.
const normaliseCode = (code: string): string => code.normalize('NFKC').replace(/[\s-]/g, '')

/**
 * Who typed a code, as rows of coupon_code_tries: the member (keyed by VipID) and the client
 * address (keyed 'addr:<address>' in the same column, which no VipID starts with), each with its
 * limit.
 */
const triesKeys = (vipId: string, address: string): { key: string; limit: number }[] => [
  { key: vipId, limit: VOUCHER_TRIES },
  { key: `addr:${address}`.slice(0, 64), limit: ADDRESS_VOUCHER_TRIES }
]

/**
 * Holds the typer's tries rows for the rest of the transaction (made when missing, so PostgreSQL
 * has a row to lock; SQLite's one writer serialises anyway): parallel codes queue here one by one.
 * Answers whether a limit is reached in the current window (and until when), and counts one wrong
 * try. Each key is a row of coupon_code_tries (its vip_id column): a member's VipID, 'addr:…',
 * or the counter's 'staff:…', 'device:…', 'base:…' (counter-member.service.ts). Callers lock
 * their keys in one fixed order of kinds, so two typers never wait on each other crosswise.
 */
export async function holdCodeTries(trx: Transaction<Database>, entId: string, keys: readonly { key: string; limit: number }[], now: Date) {
  const rows: { key: string; tries: number; fresh: boolean; limit: number; windowEnds: number }[] = []
  for (const { key, limit } of keys) {
    await trx.insertInto('coupon_code_tries').values({ ent_id: entId, vip_id: key, window_start: now.toISOString(), tries: 0 }).onConflict((oc) => oc.columns(['ent_id', 'vip_id']).doNothing()).execute()
    let q = trx.selectFrom('coupon_code_tries').selectAll().where('ent_id', '=', entId).where('vip_id', '=', key)
    if (isPostgres(trx)) q = q.forUpdate()
    const row = await q.executeTakeFirstOrThrow()
    const windowEnds = Date.parse(row.window_start) + VOUCHER_TRY_WINDOW_MS
    rows.push({ key, tries: row.tries, limit, fresh: windowEnds <= now.getTime(), windowEnds })
  }
  const full = rows.filter((r) => !r.fresh && r.tries >= r.limit)
  return {
    exhausted: full.length > 0,
    /** When the last full window ends (null: none is full). */
    until: full.length ? new Date(Math.max(...full.map((r) => r.windowEnds))) : null,
    async countWrong(): Promise<void> {
      for (const r of rows) {
        await trx
          .updateTable('coupon_code_tries')
          .set(r.fresh ? { window_start: now.toISOString(), tries: 1 } : { tries: r.tries + 1 })
          .where('ent_id', '=', entId)
          .where('vip_id', '=', r.key)
          .execute()
      }
    }
  }
}

/** Counts one wrong try (its own transaction: the refusal that follows must not roll it back). */
async function countWrongTry(db: Kysely<Database>, entId: string, vipId: string, address: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => (await holdTries(trx, entId, vipId, address, now)).countWrong())
}

/** A member's (or guest's) tries rows: theirs, then their address's. */
const holdTries = (trx: Transaction<Database>, entId: string, vipId: string, address: string, now: Date) => holdCodeTries(trx, entId, triesKeys(vipId, address), now)

export interface VoucherLook {
  card: CardRecord
  plan: PlanRecord
  shown: CardStatus
  reason: CouponReason
  isMine: boolean
}

function voucherReason(card: CardRecord, shown: CardStatus, vipId: string): CouponReason {
  if (card.vip_id) return 'held'
  if (shown === CARD_STATUS.USED) return 'used'
  if (shown === CARD_STATUS.EXPIRED) return 'expired'
  if (shown === CARD_STATUS.RETURNED) return 'returned'
  return vipId ? '' : 'held'
}

/**
 * What a typed code is (VoucherQuery). Unknown codes count as a wrong try and answer 20054;
 * too many wrong tries in the window → 20060 (whatever the code).
 */
export async function lookUpVoucher(db: Kysely<Database>, c: { entId: string; vipId: string; address: string; code: string; now: Date }): Promise<VoucherLook> {
  const code = normaliseCode(c.code)
  // Check, look up and count under the typer's tries rows, held for the whole transaction: wrong
  // codes sent in parallel queue there and cannot all pass the check before any counts.
  const found = await db.transaction().execute(async (trx): Promise<CardRecord | 'tries' | null> => {
    const tries = await holdTries(trx, c.entId, c.vipId, c.address, c.now)
    if (tries.exhausted) return 'tries'
    const card = /^\d{6,20}$/.test(code) ? await trx.selectFrom('coupon_cards').selectAll().where('ent_id', '=', c.entId).where('code', '=', code).executeTakeFirst() : undefined
    if (card) return card
    await tries.countWrong()
    return null
  })
  if (found === 'tries') throw new DomainError('COUPON_CODE_TRIES')
  if (!found) throw new DomainError('COUPON_NOT_FOUND')
  const card = found
  const plan = (await findPlan(db, c.entId, card.plan_id))!
  const shown = shownStatus(card, await today(db, c.entId, c.now))
  return { card, plan, shown, reason: voucherReason(card, shown, c.vipId), isMine: card.vip_id === c.vipId }
}

/**
 * Redeems a typed code into the member's cards (VoucherVerify). A printed voucher nobody holds
 * becomes the member's; a code that is the member's own card answers it again (a retry);
 * used, expired, returned or someone else's codes → 20055 and count as a wrong try; unknown → 20054.
 */
export async function redeemVoucher(db: Kysely<Database>, c: { entId: string; vipId: string; address: string; code: string; now: Date }): Promise<{ card: CardRecord; plan: PlanRecord }> {
  const look = await lookUpVoucher(db, c)
  if (look.isMine) return { card: look.card, plan: look.plan }
  if (look.reason) {
    await countWrongTry(db, c.entId, c.vipId, c.address, c.now)
    throw new DomainError('COUPON_NOT_AVAILABLE')
  }
  const card = await db.transaction().execute(async (trx) => {
    const locked = await lockCard(trx, look.card.card_id)
    // Someone redeemed it in between: no longer free.
    if (!locked || locked.vip_id || locked.status !== CARD_STATUS.AVAILABLE) throw new DomainError('COUPON_NOT_AVAILABLE')
    await trx.updateTable('coupon_cards').set({ vip_id: c.vipId, updated_at: c.now.toISOString() }).where('card_id', '=', locked.card_id).where('vip_id', '=', '').execute()
    await addCardEvent(trx, { cardId: locked.card_id, action: 'redeem', from: locked.status, to: locked.status, actor: `member:${c.vipId}`, now: c.now })
    return { ...locked, vip_id: c.vipId }
  })
  return { card, plan: look.plan }
}
