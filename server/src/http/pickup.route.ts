/**
 * The pickup screen (issue 24 item 4; docs/pickup-screen.md): a public page for a TV at a branch
 * showing which pickup numbers are being prepared and which are ready.
 *
 *   GET /live/pickup?ent=E1001&shop=S101&base=B201      JSON: where the screen starts from
 *   GET /pickup/?ent=E1001&shop=S101&base=B201[&lang=en] the page (dist/pickup, scripts/build-pickup.mjs)
 *
 * /live/pickup answers the branch's state now, with the live stream's position read first
 * (`position`), so the page applies the `order.progress` events after it from the public stream
 * (GET /live/events, live.route.ts) on top: an event also seen in the state changes nothing, and
 * none is missed. Public, no sign-in, so it carries only what the TV shows anyway:
 *
 *   { position, now, readyForMs, businessDay,
 *     preparing: [{ pickupNo, ref }], ready: [{ pickupNo, ref, readyAt }],
 *     languages, branchNames }
 *
 * - Orders of this branch (of this shop and enterprise) and of its business day today (the day its
 *   pickup numbers count in), prepaid orders with a pickup number only: no table, goods, amounts,
 *   names or order ids. `ref` is the same hash of the order id the events carry
 *   (kitchen-view.ts progressRef): the page keys its numbers by it, so a number given again on
 *   another day is another entry.
 * - preparing: paid and at the kitchen (kitchen stage 'preparing'), oldest first; ready: ready for
 *   pickup less than `readyForMs` (10 minutes) ago, newest first. Collected (completed) and
 *   cancelled orders are in neither.
 * - languages: the enterprise's languages, first the one the page speaks without `lang=`;
 *   branchNames: the branch's name in each language. Both are on every diner's menu already.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { ORDER_STATUS } from '../../../src/gateway/order-rows'
import { isTimeZone, wallClockIn } from '../../../src/core/wall-clock'
import type { Locale } from '../../../src/gateway/contract'
import { progressRef } from '../domain/kitchen/progress-ref'
import { businessDayOf } from '../domain/orders/order-placement'
import { FALLBACK_TIME_ZONE } from '../domain/enterprise/enterprise.service'
import { languagesOf } from '../domain/setup/enterprise-setup.service'
import { readCounter } from '../live/outbox'
import { listEnterpriseSettings } from '../storage/repositories/enterprise.repository'
import { findMenuHead } from '../storage/repositories/menu.repository'
import { parseNames } from '../storage/repositories/row-mapping'
import type { Database } from '../storage/schema'
import { appStaticRoutes, isDirectory } from './static.route'

/** How long a ready number stays on the screen when nobody marks it collected. */
export const PICKUP_READY_MS = 10 * 60 * 1000
/** Numbers in each column at most (a TV shows far fewer; the page says how many more). */
export const PICKUP_LIMIT = 200

const ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/

export interface PickupEntry {
  pickupNo: string
  /** The hash the order's progress events carry (not the order id). */
  ref: string
}

export interface PickupState {
  /** The live stream's position when this was read: apply the events after it. */
  position: number
  /** The server's clock (ISO), so a TV whose clock is off still clears ready numbers on time. */
  now: string
  readyForMs: number
  /** 'YYYY-MM-DD': the branch's business day shown. */
  businessDay: string
  preparing: PickupEntry[]
  ready: (PickupEntry & { readyAt: string })[]
  languages: Locale[]
  branchNames: Record<Locale, string>
}

export interface PickupRouteDeps {
  db: Kysely<Database>
  /** The clock (tests move it). */
  now?: () => Date
}

type Query = Record<string, string | string[] | undefined>
const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)
const byNumber = (a: string, b: string): number => Number(a) - Number(b) || a.localeCompare(b)

/** The state of a branch's pickup screen, or null when the branch is not one of this shop and enterprise (or the shop is off). */
export async function readPickupState(db: Kysely<Database>, place: { entId: string; shopId: string; baseId: string }, now: Date): Promise<PickupState | null> {
  const head = await findMenuHead(db, place.entId, place.shopId)
  if (!head || !head.isEnable) return null
  const base = await db
    .selectFrom('bases')
    .select(['base_id', 'names', 'begin_time', 'end_time'])
    .where('base_id', '=', place.baseId)
    .where('shop_id', '=', place.shopId)
    .where('ent_id', '=', place.entId)
    .executeTakeFirst()
  if (!base) return null
  // The position before the orders: every event after it is applied on top of what is read now.
  const { lastId: position } = await readCounter(db, place.entId)
  const businessDay = businessDayOf({ beginTime: base.begin_time, endTime: base.end_time }, wallClockIn(head.timeZone && isTimeZone(head.timeZone) ? head.timeZone : FALLBACK_TIME_ZONE, now))
  const readySince = new Date(now.getTime() - PICKUP_READY_MS).toISOString()
  const rows = await db
    .selectFrom('orders')
    .select(['order_id', 'pickup_no', 'status', 'kitchen_stage', 'paid_at', 'ready_at'])
    .where('base_id', '=', base.base_id)
    .where('business_day', '=', businessDay)
    .where('ent_id', '=', place.entId)
    .where('kind', '=', 'order')
    .where('pickup_no', '!=', '')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', ORDER_STATUS.PAID), eb('kitchen_stage', '=', 'preparing')]),
        eb.and([eb('status', '=', ORDER_STATUS.READY), eb('ready_at', '>=', readySince)])
      ])
    )
    .execute()
  const preparing = rows
    .filter((r) => Number(r.status) === ORDER_STATUS.PAID)
    .sort((a, b) => (a.paid_at ?? '').localeCompare(b.paid_at ?? '') || byNumber(a.pickup_no, b.pickup_no))
    .slice(0, PICKUP_LIMIT)
    .map((r) => ({ pickupNo: r.pickup_no, ref: progressRef(r.order_id) }))
  const ready = rows
    .filter((r) => Number(r.status) === ORDER_STATUS.READY)
    .sort((a, b) => (b.ready_at ?? '').localeCompare(a.ready_at ?? '') || byNumber(b.pickup_no, a.pickup_no))
    .slice(0, PICKUP_LIMIT)
    .map((r) => ({ pickupNo: r.pickup_no, ref: progressRef(r.order_id), readyAt: r.ready_at ?? now.toISOString() }))
  const settings = new Map((await listEnterpriseSettings(db, place.entId)).map((p) => [p.parmId, p.parmValue]))
  return {
    position,
    now: now.toISOString(),
    readyForMs: PICKUP_READY_MS,
    businessDay,
    preparing,
    ready,
    languages: languagesOf(settings.get('Languages'), settings.get('AppLanguage')),
    branchNames: parseNames(base.names)
  }
}

export async function pickupRoutes(app: FastifyInstance, deps: PickupRouteDeps): Promise<void> {
  const clock = deps.now ?? (() => new Date())
  app.get<{ Querystring: Query }>('/live/pickup', async (request, reply) => {
    const entId = one(request.query.ent) ?? ''
    const shopId = one(request.query.shop) ?? ''
    const baseId = one(request.query.base) ?? ''
    reply.header('cache-control', 'no-store')
    if (![entId, shopId, baseId].every((id) => ID_PATTERN.test(id))) return reply.code(400).send({ error: 'ent, shop and base are required (letters, digits, _ . -)' })
    const state = await readPickupState(deps.db, { entId, shopId, baseId }, clock())
    if (!state) return reply.code(404).send({ error: 'no such branch' })
    return state
  })
}

// ---------- the page ----------

export const PICKUP_PREFIX = '/pickup'

/** dist/pickup of this repository, or PICKUP_DIR. */
export function pickupDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.PICKUP_DIR?.trim() || path.join(__dirname, '..', '..', '..', 'dist', 'pickup'))
}

/**
 * The page at /pickup/ (its own small esbuild build: no diner or staff code in it). Any path under
 * /pickup that is not a file gets its index.html; without a build, it says how to make one.
 */
export async function pickupPageRoutes(app: FastifyInstance, opts: { dir?: string } = {}): Promise<void> {
  const dir = opts.dir ?? pickupDir()
  const indexFile = path.join(dir, 'index.html')
  app.get(PICKUP_PREFIX, async (request, reply) => reply.redirect(`${PICKUP_PREFIX}/${request.url.slice(PICKUP_PREFIX.length)}`, 301))
  await app.register(
    async (scope) => {
      if (isDirectory(dir)) {
        await scope.register(appStaticRoutes, { staticDir: dir })
        scope.setNotFoundHandler((request, reply) => sendIndex(request, reply, indexFile))
      } else {
        scope.get('/*', (request, reply) => sendIndex(request, reply, indexFile))
      }
    },
    { prefix: PICKUP_PREFIX }
  )
}

async function sendIndex(request: FastifyRequest, reply: FastifyReply, indexFile: string): Promise<FastifyReply> {
  const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.[a-z0-9]{1,5}$/i.test(request.url.split('?')[0])
  if (!wantsPage) return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
  let html: string
  try {
    html = await fs.promises.readFile(indexFile, 'utf8')
  } catch {
    return reply
      .code(503)
      .type('text/plain; charset=utf-8')
      .send('The pickup screen is not built on this server. Run `npm run build:pickup` (npm start builds it when dist/pickup is missing).')
  }
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html)
}
