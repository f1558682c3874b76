import type { Kysely } from 'kysely'
import type { QrCode } from '../../domain/records'
import type { Database } from '../schema'

export async function findQrCode(db: Kysely<Database>, code: string): Promise<QrCode | null> {
  const r = await db.selectFrom('qr_codes').selectAll().where('code', '=', code).executeTakeFirst()
  if (!r) return null
  return {
    code: r.code,
    entId: r.ent_id,
    shopId: r.shop_id,
    baseId: r.base_id,
    tableId: r.table_id,
    expiresAt: r.expires_at,
    isEnable: Number(r.is_enable) === 1
  }
}
