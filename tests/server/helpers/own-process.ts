/**
 * A second server "process" inside the test: its own connections on the test server's database
 * AND its own providers (its own geocoder instance), as a second `npm run serve` has. The test
 * server's openSecondInstance() shares the first app's providers, so anything a process keeps in
 * its providers' memory would look shared there; this one keeps nothing in common but the
 * database. call() posts the same form-urlencoded envelope as TestServer.call.
 */
import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { OperationName } from '../../../src/gateway/contract'
import { OPERATIONS } from '../../../src/gateway/operation-list'
import { buildApp, buildProviders, type DefaultProviders } from '../../../server/src/http/app'
import { createDatabase } from '../../../server/src/storage/database'
import type { Database } from '../../../server/src/storage/schema'
import { AUTH_CODE, decodeDeep, DEMO_ENT, type GatewayResult, type TestServer } from './test-server'

export interface OwnProcess {
  app: FastifyInstance
  db: Kysely<Database>
  providers: DefaultProviders
  call(keyName: OperationName, records: Record<string, unknown>[], headers?: Record<string, string>): Promise<GatewayResult>
  close(): Promise<void>
}

export async function openOwnProcess(server: TestServer): Promise<OwnProcess> {
  const database = await createDatabase(server.config, { schema: server.database.schema ?? undefined })
  const providers = await buildProviders(server.config, database.db, () => {})
  const app = await buildApp({ config: server.config, db: database.db, logger: false, providers })
  return {
    app,
    db: database.db,
    providers,
    async call(keyName, records, headers = {}) {
      const form = new URLSearchParams({
        ServerType: (OPERATIONS as Record<string, string>)[keyName],
        KeyName: keyName,
        strJsonData: JSON.stringify({ tableData: records.map((r, i) => ({ EntID: DEMO_ENT, UserID: 'guest', ...(i === 0 ? { AppName: 'ScanOrder-test' } : {}), ...r })) }),
        AuthCode: AUTH_CODE,
        IsRSA: '0',
        EntID: DEMO_ENT
      })
      const res = await app.inject({
        method: 'POST',
        url: '/GetData',
        payload: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers }
      })
      return { status: res.statusCode, body: decodeDeep(JSON.parse(res.body)), text: res.body, headers: res.headers as Record<string, unknown> }
    },
    async close() {
      await app.close()
      await database.destroy()
    }
  }
}
