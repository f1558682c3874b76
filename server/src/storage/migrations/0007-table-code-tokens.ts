/**
 * Table codes that cannot be guessed (issue 11): every table whose QR code has no random token
 * ('QR-A01', printed from the demo's readable codes) gets a new one, 'QR-A01-<22 base64url
 * characters>' (128 bits). The old code stops resolving at once: its qr_codes row goes. Shop
 * counter codes stay. Self-contained (no domain imports) so it stays as released; the same
 * format as server/src/domain/entry/table-codes.ts.
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Migration } from 'kysely'

const TOKEN = /-[A-Za-z0-9_-]{22}$/

export const tableCodeTokens: Migration = {
  async up(db: Kysely<any>) {
    const tables: { table_id: string; ent_id: string; shop_id: string; base_id: string; code: string; qr_code: string | null }[] = await db
      .selectFrom('dining_tables')
      .select(['table_id', 'ent_id', 'shop_id', 'base_id', 'code', 'qr_code'])
      .execute()
    for (const t of tables) {
      if (t.qr_code && TOKEN.test(t.qr_code)) continue
      const code = `QR-${t.code}-${randomBytes(16).toString('base64url')}`
      await db.deleteFrom('qr_codes').where('table_id', '=', t.table_id).execute()
      await db
        .insertInto('qr_codes')
        .values({ code, ent_id: t.ent_id, shop_id: t.shop_id, base_id: t.base_id, table_id: t.table_id, expires_at: null, is_enable: 1 })
        .execute()
      await db.updateTable('dining_tables').set({ qr_code: code }).where('table_id', '=', t.table_id).execute()
    }
  },
  // The old codes are gone for good (that is the point); going down keeps the new ones.
  async down() {}
}
