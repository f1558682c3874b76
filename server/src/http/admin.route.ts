/**
 * The shop's admin API: move orders on (ready, complete, cancel) and list them. Registered
 * under /admin only when ADMIN_TOKEN is set (otherwise there is no admin API at all); every
 * request needs `Authorization: Bearer <ADMIN_TOKEN>` (else 401). JSON in English:
 *
 *   GET  /admin/orders?ent=&base=&status=&day=&limit=   → { orders: OrderRow[], total }
 *   GET  /admin/orders/:id                              → { order: OrderRow, lines: OrderLineRow[] }
 *   POST /admin/orders/:id/ready | complete | cancel    → { order, lines }
 *
 * Cancelling a paid order refunds it to where it came from (balance or the payment provider) in
 * the same transaction, and takes back the points it earned (docs/members.md).
 *
 * Errors: { error: { code, message } } with 400 (bad query), 401 (token), 404 (ORDER_NOT_FOUND),
 * 409 (ORDER_STATUS_CONFLICT: the state table does not allow the move).
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import type { MessageKey } from '../../../src/i18n/catalogues'
import { translate } from '../../../src/i18n/translate'
import { DomainError } from '../domain/errors'
import { applyShopAction, listShopOrders, shopOrder, SHOP_ACTIONS, type ShopAction } from '../domain/orders/order.service'
import type { PaymentProviders } from '../providers/payment/payment-provider'
import type { Database } from '../storage/schema'

export interface AdminDeps {
  db: Kysely<Database>
  /** The bearer token; the caller registers these routes only when it is set. */
  adminToken: string
  /** Refunds of cancelled paid orders go back through these. */
  providers: PaymentProviders
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest()

/** The English message of a domain error, with order.status / order.action params translated. */
export function domainMessage(error: DomainError): string {
  const params: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(error.params ?? {})) {
    params[k] = typeof v === 'string' && /^order\.(status|action)\.\w+$/.test(v) ? translate('en', v as MessageKey) : v
  }
  return translate('en', `resultcode.${error.resultcode}` as MessageKey, params)
}

const HTTP_STATUS: Partial<Record<DomainError['code'], number>> = { ORDER_NOT_FOUND: 404, ORDER_STATUS_CONFLICT: 409 }

export async function adminRoutes(app: FastifyInstance, deps: AdminDeps): Promise<void> {
  const expected = digest(`Bearer ${deps.adminToken}`)

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization ?? ''
    // Equal-length digests: the comparison takes the same time whatever was sent.
    if (!timingSafeEqual(digest(header), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: { code: 'UNAUTHORIZED', message: 'Missing or wrong admin token' } })
    }
  })

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof DomainError) {
      return reply.code(HTTP_STATUS[error.code] ?? 400).send({ error: { code: error.code, message: domainMessage(error) } })
    }
    const status = (error as { statusCode?: number }).statusCode
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return reply.code(status).send({ error: { code: 'BAD_REQUEST', message: (error as Error).message } })
    }
    request.log.error({ err: error }, 'admin request failed')
    return reply.code(500).send({ error: { code: 'INTERNAL', message: 'Internal error' } })
  })

  const bad = (reply: FastifyReply, message: string) => reply.code(400).send({ error: { code: 'BAD_REQUEST', message } })

  app.get<{ Querystring: Record<string, string | undefined> }>('/orders', async (request, reply) => {
    const q = request.query
    const status = q.status === undefined || q.status === '' ? undefined : Number(q.status)
    if (status !== undefined && !(Number.isInteger(status) && status >= 0 && status <= 5)) return bad(reply, 'status must be 0–5')
    const limit = q.limit === undefined || q.limit === '' ? undefined : Number(q.limit)
    if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 500)) return bad(reply, 'limit must be 1–500')
    if (q.day && !/^\d{4}-\d{2}-\d{2}$/.test(q.day)) return bad(reply, 'day must be YYYY-MM-DD')
    const { rows, total } = await listShopOrders(deps.db, { entId: q.ent || undefined, baseId: q.base || undefined, status, businessDay: q.day || undefined, limit }, 'en', new Date())
    return { orders: rows, total }
  })

  app.get<{ Params: { id: string } }>('/orders/:id', async (request) => shopOrder(deps.db, request.params.id, 'en', new Date()))

  app.post<{ Params: { id: string; action: string } }>('/orders/:id/:action', async (request, reply) => {
    const action = request.params.action
    if (!(SHOP_ACTIONS as readonly string[]).includes(action)) {
      return reply.code(404).send({ error: { code: 'UNKNOWN_ACTION', message: `Unknown action '${action}' (ready, complete, cancel)` } })
    }
    return applyShopAction(deps.db, request.params.id, action as ShopAction, 'en', new Date(), deps.providers)
  })
}
