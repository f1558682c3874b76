/**
 * The per-address limit on host code exchanges (HOST_CODE_RATE_PER_MINUTE), in the database so
 * several processes on one PostgreSQL count as one: a made-up code sent to a real host's API
 * (WeChat code2Session and OAuth, Alipay oauth.token) spends the deployment's quota there, and a
 * host that throttles us refuses every diner's sign-in. One row per exchange a client address
 * asked for (server/src/domain/members/host-code-limit.ts); same shape as geocoder_lookups (0017),
 * counted by the same code. Portable DDL only; instants ISO-8601 UTC.
 */
import type { Kysely, Migration } from 'kysely'

const INSTANT = 'varchar(32)'

export const hostCodeExchanges: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('host_code_exchanges')
      .addColumn('lookup_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('client_ip', 'varchar(64)', (c) => c.notNull())
      .addColumn('looked_up_at', INSTANT, (c) => c.notNull())
      .execute()
    await db.schema.createIndex('host_code_exchanges_client').on('host_code_exchanges').columns(['client_ip', 'looked_up_at']).execute()
    await db.schema.createIndex('host_code_exchanges_at').on('host_code_exchanges').column('looked_up_at').execute()
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('host_code_exchanges').execute()
  }
}
