/**
 * Existing holders of recharge gift coupons (member_coupons, migration 0004) get them as coupon
 * cards (issue 15): one plan per gift coupon of a rule ('recharge-gift:<rule id>:<n>', the code
 * recharge settlement uses from now on), one card per coupon with the same id, days and state
 * (0 unused → available, 1 used → used, 2 void → returned) and a fresh 12-digit code.
 * member_coupons is kept, read by nothing, so the migration can be checked against it.
 * Data only; portable (SQLite and PostgreSQL).
 */
import { randomBytes, randomInt } from 'node:crypto'
import type { Kysely, Migration } from 'kysely'

const STATUS_OF = new Map([
  [0, 0],
  [1, 1],
  [2, 3]
])

export const rechargeGiftCards: Migration = {
  async up(db: Kysely<any>) {
    const coupons = (await db
      .selectFrom('member_coupons as c')
      .leftJoin('recharges as r', 'r.recharge_id', 'c.source_id')
      .select(['c.coupon_id', 'c.ent_id', 'c.vip_id', 'c.names', 'c.value', 'c.min_amount', 'c.valid_from', 'c.valid_to', 'c.source_id', 'c.status', 'c.created_at', 'r.rule_id'])
      .orderBy('c.created_at')
      .orderBy('c.coupon_id')
      .execute()) as {
      coupon_id: string
      ent_id: string
      vip_id: string
      names: string
      value: string
      min_amount: string
      valid_from: string
      valid_to: string
      source_id: string
      status: number
      created_at: string
      rule_id: string | null
    }[]
    const plans = new Map<string, string>()
    const codes = new Set<string>()
    const now = new Date().toISOString()
    for (const c of coupons) {
      // Gift coupon ids are '<recharge id>-C<n>-<m>': n is the gift's place in its rule.
      const n = /-C(\d+)-\d+$/.exec(c.coupon_id)?.[1] ?? '1'
      const code = `recharge-gift:${c.rule_id ?? c.source_id}:${n}`
      const key = `${c.ent_id}\n${code}`
      let planId = plans.get(key)
      if (!planId) {
        const existing = await db.selectFrom('coupon_plans').select('plan_id').where('ent_id', '=', c.ent_id).where('code', '=', code).executeTakeFirst()
        planId = (existing?.plan_id as string | undefined) ?? `CPM${randomBytes(8).toString('hex').toUpperCase()}`
        if (!existing) {
          const days = Math.max(1, Math.round((Date.parse(c.valid_to) - Date.parse(c.valid_from)) / 86_400_000) + 1)
          await db
            .insertInto('coupon_plans')
            .values({
              plan_id: planId, ent_id: c.ent_id, code, names: c.names, descriptions: '{}', coupon_type: 1, amount: c.value, min_amount: c.min_amount,
              discount_rate: '0', max_off: '0', shop_ids: '[]', base_ids: '[]', service_types: '[]', goods_ids: '[]', class_ids: '[]',
              total_qua: null, issued_qua: 0, per_member_qua: 0, claimable: 0, claim_from: null, claim_to: null,
              valid_kind: 1, valid_days: days, valid_from: '', valid_to: '', status: 1, sort_no: 0, created_at: now, updated_at: now
            })
            .execute()
        }
        plans.set(key, planId)
      }
      let cardCode = ''
      do cardCode = String(randomInt(100_000, 1_000_000)) + String(randomInt(0, 1_000_000)).padStart(6, '0')
      while (codes.has(cardCode) || (await db.selectFrom('coupon_cards').select('card_id').where('ent_id', '=', c.ent_id).where('code', '=', cardCode).executeTakeFirst()))
      codes.add(cardCode)
      const status = STATUS_OF.get(Number(c.status)) ?? 3
      await db
        .insertInto('coupon_cards')
        .values({
          card_id: c.coupon_id, ent_id: c.ent_id, plan_id: planId, vip_id: c.vip_id, code: cardCode, status, valid_from: c.valid_from, valid_to: c.valid_to,
          source: 'migrated', source_id: c.source_id, request_key: '', order_id: '', used_at: null, created_at: c.created_at, updated_at: now
        })
        .execute()
      await db.insertInto('coupon_card_events').values({ card_id: c.coupon_id, seq: 1, action: 'migrate', from_status: status, to_status: status, actor: 'system', ref_id: c.source_id, at: now }).execute()
      await db.updateTable('coupon_plans').set((eb: any) => ({ issued_qua: eb('issued_qua', '+', 1) })).where('plan_id', '=', planId).execute()
    }
  },
  async down(db: Kysely<any>) {
    const migrated = db.selectFrom('coupon_cards').select('card_id').where('source', '=', 'migrated')
    await db.deleteFrom('coupon_card_events').where('card_id', 'in', migrated).execute()
    await db.deleteFrom('coupon_cards').where('source', '=', 'migrated').execute()
  }
}
