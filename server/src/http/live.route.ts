/**
 * The live event stream (docs/live-events.md): Server-Sent Events from the outbox
 * (server/src/live), resumed from the client's last id.
 *
 *   GET /live/events?ent=E1001&shop=S101[&base=B201][&after=<id>]   text/event-stream
 *   GET /live/poll?ent=E1001&shop=S101[&base=B201][&after=<id>]     JSON, for hosts without
 *                                                                   EventSource (mini-programs)
 *
 * The cursor is the `Last-Event-ID` header (what EventSource sends when it reconnects) or else
 * `after`; without either the stream starts from now. The first message is `event: ready` (or
 * `event: reset` when the cursor could not be resumed: reload, then go on) with the position as
 * its id; then one message per event, `id:` its id, `event:` its kind, `data:` one JSON line;
 * `id:` alone when events the stream may not carry were passed over; a `: ping` comment at
 * least every 10 s.
 *
 * This is the public diners' stream: no sign-in, only the kinds whose audience includes 'diner'
 * (outbox.ts EVENT_AUDIENCES) of the shop named (and the enterprise's own). Staff streams, with
 * their auth, will subscribe to the same hub with their own audience and scope. Connections are
 * bounded per process and per client address (503 with Retry-After beyond). Same origin as the
 * H5 app: its CSP's connect-src 'self' allows EventSource (security-headers.ts).
 */
import { PassThrough } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../config'
import { LiveHub } from '../live/hub'
import { EVENT_AUDIENCES, readCounter, readEvents, RESET_KIND, SESSIONS_ENDED_KIND, type Audience, type LiveEvent } from '../live/outbox'
import { findMenuHead } from '../storage/repositories/menu.repository'
import { clientAddress } from './client-address'
import { hasPermission } from '../../../src/core/staff-permissions'
import { bearerToken } from '../domain/members/member-session'
import { mayBase, type StaffActor } from '../domain/staff/staff-actor'
import { findDevice } from '../domain/staff/staff-devices.service'
import { findStaffSession } from '../domain/staff/staff-session'
import type { Database } from '../storage/schema'
import { liveSocketRoutes } from './live-socket'

export interface LiveRouteDeps {
  db: Kysely<Database>
  config: Pick<ServerConfig, 'databaseUrl' | 'requestTimeoutMs'>
  /** Streams open on this process at most (10,000). */
  maxConnections?: number
  /** Streams from one client address at most (100: a restaurant's guest Wi-Fi is one address). */
  maxPerClient?: number
  /** A comment at least this often (10 s; shorter when the connection timeout is). */
  heartbeatMs?: number
}

export const LIVE_MAX_CONNECTIONS = 10_000
export const LIVE_MAX_PER_CLIENT = 100
export const LIVE_HEARTBEAT_MS = 10_000
/** What the browser waits before reconnecting (the SSE `retry:` field). */
const RETRY_MS = 2000
/**
 * A reader this far behind (bytes not yet taken by the socket) is handed nothing more until it
 * has taken them; one that has not within two heartbeats is dropped and resumes from its cursor.
 */
const MAX_BUFFERED = 1024 * 1024
const POLL_LIMIT = 100

const ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/

interface PublicScope {
  entId: string
  shopId: string
  baseId: string | null
}

type Query = Record<string, string | string[] | undefined>

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value)

/** The scope the query names, or why not (status and message). */
async function publicScope(db: Kysely<Database>, query: Query): Promise<PublicScope | { status: number; error: string }> {
  const entId = one(query.ent) ?? ''
  const shopId = one(query.shop) ?? ''
  const baseId = one(query.base) ?? ''
  if (!ID_PATTERN.test(entId) || !ID_PATTERN.test(shopId) || (baseId !== '' && !ID_PATTERN.test(baseId))) {
    return { status: 400, error: 'ent and shop are required (letters, digits, _ . -)' }
  }
  const head = await findMenuHead(db, entId, shopId)
  if (!head || !head.isEnable) return { status: 404, error: 'no such shop' }
  if (baseId) {
    // A branch of another shop (or none) would carry only the shop's own events: say so instead.
    const base = await db.selectFrom('bases').select('base_id').where('base_id', '=', baseId).where('shop_id', '=', shopId).where('ent_id', '=', entId).executeTakeFirst()
    if (!base) return { status: 404, error: 'no such branch' }
  }
  return { entId, shopId, baseId: baseId || null }
}

/** The cursor: Last-Event-ID, else `after`; null for none; undefined when it is not a cursor. */
function cursorOf(request: FastifyRequest<{ Querystring: Query }>): number | null | undefined {
  const header = request.headers['last-event-id']
  const text = (Array.isArray(header) ? header[0] : header) || one(request.query.after) || ''
  if (text === '') return null
  if (!/^\d{1,15}$/.test(text)) return undefined
  return Number(text)
}

/** Whether a public (diners') stream of `scope` carries the event. */
export function dinerMay(scope: PublicScope, event: LiveEvent): boolean {
  return (
    (EVENT_AUDIENCES[event.kind] as readonly Audience[] | undefined)?.includes('diner') === true &&
    (event.shopId === '' || event.shopId === scope.shopId) &&
    (event.baseId === null || scope.baseId === null || event.baseId === scope.baseId)
  )
}

/** The branch a staff stream asks for, in the person's scope, with a role that works orders. */
async function staffScope(db: Kysely<Database>, staff: StaffActor, query: Query): Promise<PublicScope | { status: number; error: string }> {
  const baseId = one(query.base) ?? ''
  if (!ID_PATTERN.test(baseId)) return { status: 400, error: 'base is required (letters, digits, _ . -)' }
  if (!hasPermission(staff.role, 'orders.work')) return { status: 403, error: 'not permitted' }
  const base = await db.selectFrom('bases').select(['base_id', 'shop_id']).where('base_id', '=', baseId).where('ent_id', '=', staff.entId).executeTakeFirst()
  if (!base) return { status: 404, error: 'no such branch' }
  if (!mayBase(staff, base.shop_id, base.base_id)) return { status: 403, error: 'not permitted' }
  return { entId: staff.entId, shopId: base.shop_id, baseId: base.base_id }
}

/** Whether a staff stream of `scope` carries the event. */
export function staffMay(scope: PublicScope, event: LiveEvent): boolean {
  return (
    (EVENT_AUDIENCES[event.kind] as readonly Audience[] | undefined)?.includes('staff') === true &&
    (event.shopId === '' || event.shopId === scope.shopId) &&
    (event.baseId === null || event.baseId === scope.baseId)
  )
}

/** What a stream sends of an event: its kind, where, and its payload. */
const dataOf = (event: LiveEvent): Record<string, unknown> => ({ ...event.payload, kind: event.kind, shopId: event.shopId, baseId: event.baseId })

function frame(id: number | null, event: string | null, data?: unknown): string {
  return `${id !== null ? `id: ${id}\n` : ''}${event ? `event: ${event}\n` : ''}${data !== undefined ? `data: ${JSON.stringify(data)}\n` : ''}\n`
}

export async function liveRoutes(app: FastifyInstance, deps: LiveRouteDeps): Promise<void> {
  const { db } = deps
  const maxConnections = deps.maxConnections ?? LIVE_MAX_CONNECTIONS
  const maxPerClient = deps.maxPerClient ?? LIVE_MAX_PER_CLIENT
  // Below the idle-connection timeout too (app.ts: a socket silent for REQUEST_TIMEOUT_MS is closed).
  const timeout = deps.config.requestTimeoutMs > 0 ? Math.floor(deps.config.requestTimeoutMs / 3) : LIVE_HEARTBEAT_MS
  const heartbeatMs = Math.max(50, Math.min(deps.heartbeatMs ?? LIVE_HEARTBEAT_MS, LIVE_HEARTBEAT_MS, timeout))
  const hub = await LiveHub.open(db, {
    databaseUrl: deps.config.databaseUrl,
    log: { warn: (m) => app.log.warn(m), error: (m) => app.log.error(m) }
  })
  /** Open streams, each with its way to end. */
  const streams = new Set<() => void>()
  const perClient = new Map<string, number>()

  // Streams never end on their own: end them before the server waits for its connections.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end()
  })
  app.addHook('onClose', async () => {
    await hub.close()
  })

  const refuse = (reply: FastifyReply, status: number, error: string): FastifyReply => reply.code(status).header('cache-control', 'no-store').send({ error })

  /**
   * Serves one stream: from `after` (or now), the events of `entId` that `accept` lets through.
   * `stillAllowed`, when given, is asked at every heartbeat: a staff stream ends when its session
   * does (a person or device removed, signed out, expired).
   */
  function serveStream(
    request: FastifyRequest<{ Querystring: Query }>,
    reply: FastifyReply,
    entId: string,
    after: number | null,
    accept: (event: LiveEvent) => boolean,
    stillAllowed?: () => Promise<boolean>,
    /** Hands the caller a function that asks `stillAllowed` now (and ends the stream if not). */
    onRecheck?: (check: () => void) => void
  ): FastifyReply {
    // As the rate limits count: an IPv6 client by its /64 (one phone holds a whole /64).
    const client = clientAddress(request.ip)
    if (streams.size >= maxConnections || (perClient.get(client) ?? 0) >= maxPerClient) {
      return refuse(reply.header('retry-after', '5'), 503, 'too many live connections')
    }
    perClient.set(client, (perClient.get(client) ?? 0) + 1)

    const stream = new PassThrough()
    let ended = false
    let sentThrough = after ?? 0
    let announced = false
    /** Leaves the hub; null while held back. */
    let leave: (() => void) | null = null
    let behindTimer: ReturnType<typeof setTimeout> | null = null
    // What waits for the reader: in the response and its socket, and on both sides of the
    // PassThrough (once its readable side is full, further writes queue on its writable side).
    const waiting = (): number => reply.raw.writableLength + stream.readableLength + stream.writableLength
    const write = (text: string): void => {
      if (ended) return
      stream.write(text)
      if (leave && waiting() > MAX_BUFFERED) holdBack()
    }
    /**
     * More than MAX_BUFFERED waits: no more events are handed to this stream until the reader has
     * taken what waits (then it follows the hub again from what it was sent, reading the rest from
     * the outbox), so a long catch-up goes at the reader's pace instead of piling up here. A reader
     * that has not taken it within two heartbeats is dropped; it comes back from its cursor.
     */
    function holdBack(): void {
      leave?.()
      leave = null
      stream.once('drain', resume)
      behindTimer = setTimeout(() => {
        end()
        reply.raw.destroy()
      }, 2 * heartbeatMs)
    }
    function resume(): void {
      if (ended || leave) return
      stream.off('drain', resume)
      if (behindTimer) clearTimeout(behindTimer)
      behindTimer = null
      leave = follow(sentThrough)
    }
    const check = (): void => {
      if (!stillAllowed || ended) return
      stillAllowed().then(
        (allowed) => {
          if (!allowed) end()
        },
        () => undefined
      )
    }
    onRecheck?.(check)
    const heartbeat = setInterval(() => {
      write(': ping\n\n')
      // (Should a drain have been missed: resume once little waits.)
      if (!leave && waiting() < MAX_BUFFERED / 4) resume()
      check()
    }, heartbeatMs)
    const follow = (from: number | null): (() => void) =>
      hub.subscribe(entId, {
        afterId: from,
        accept,
        start(position, reset) {
          sentThrough = position
          // `ready` once; after being held back only a `reset` (pruned past meanwhile) is news.
          if (!announced || reset) write(frame(position, reset ? RESET_KIND : 'ready', { position }))
          announced = true
        },
        deliver(events, position) {
          for (const event of events) write(frame(event.id, event.kind, dataOf(event)))
          // Events passed over still move the browser's Last-Event-ID on.
          if (position > (events[events.length - 1]?.id ?? 0) && position > sentThrough) write(frame(position, null))
          sentThrough = position
        },
        reset(position) {
          sentThrough = position
          write(frame(position, RESET_KIND, { position }))
        }
      })
    leave = follow(after)
    function end(): void {
      if (ended) return
      ended = true
      clearInterval(heartbeat)
      if (behindTimer) clearTimeout(behindTimer)
      leave?.()
      leave = null
      streams.delete(end)
      const left = (perClient.get(client) ?? 1) - 1
      if (left > 0) perClient.set(client, left)
      else perClient.delete(client)
      stream.end()
    }
    streams.add(end)
    // The client went away (or the connection failed): nothing more is read for it.
    reply.raw.once('close', end)
    stream.once('close', end)

    stream.write(`retry: ${RETRY_MS}\n: connected\n\n`)
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-cache, no-transform')
      // Proxies (nginx) must pass each message on at once.
      .header('x-accel-buffering', 'no')
      .send(stream)
  }

  app.get<{ Querystring: Query }>('/live/events', async (request, reply) => {
    const scope = await publicScope(db, request.query)
    if ('error' in scope) return refuse(reply, scope.status, scope.error)
    const after = cursorOf(request)
    if (after === undefined) return refuse(reply, 400, 'after / Last-Event-ID must be an event id')
    return serveStream(request, reply, scope.entId, after, (event) => dinerMay(scope, event))
  })

  /**
   * The staff stream of one branch (issue 24; docs/live-service.md): the kitchen board, front of
   * house. The staff session as the gateway takes it (Authorization: Bearer, and X-Staff-Device
   * beside a session made on a device); a role that may work orders; the branch in the person's
   * scope. Kinds whose audience includes 'staff', of that branch (and the shop's and enterprise's
   * own). Fetch-based in the console (EventSource cannot send headers).
   */
  app.get<{ Querystring: Query }>('/live/staff', async (request, reply) => {
    const who = await staffOf(request)
    if (!who) return refuse(reply, 401, 'staff sign-in required')
    const scope = await staffScope(db, who, request.query)
    if ('error' in scope) return refuse(reply, scope.status, scope.error)
    const after = cursorOf(request)
    if (after === undefined) return refuse(reply, 400, 'after / Last-Event-ID must be an event id')
    const token = bearerToken(request.headers.authorization) ?? ''
    const stillAllowed = async (): Promise<boolean> => (await findStaffSession(db, token, new Date())) !== null
    let recheck: () => void = () => undefined
    const accept = (event: LiveEvent): boolean => {
      // Sessions of this person or device ended: look now, not at the next heartbeat.
      if (event.kind === SESSIONS_ENDED_KIND && (event.payload.staffId === who.staffId || (who.deviceId !== '' && event.payload.deviceId === who.deviceId))) recheck()
      return staffMay(scope, event)
    }
    return serveStream(request, reply, scope.entId, after, accept, stillAllowed, (check) => (recheck = check))
  })

  /** The signed-in person of a staff stream request, or null (a device session without its device is none). */
  async function staffOf(request: FastifyRequest): Promise<StaffActor | null> {
    const token = bearerToken(request.headers.authorization)
    if (!token) return null
    const staff = await findStaffSession(db, token, new Date())
    if (!staff) return null
    if (staff.deviceId) {
      const header = request.headers['x-staff-device']
      const device = typeof header === 'string' && header.trim() ? await findDevice(db, header.trim()) : null
      if (device?.device_id !== staff.deviceId) return null
    }
    return staff
  }

  /** One page of a poll: the position only without a cursor (start from now), else up to POLL_LIMIT events after it. */
  async function pollPage(scope: PublicScope, after: number | null, may: (scope: PublicScope, event: LiveEvent) => boolean) {
    if (after === null) return { position: (await readCounter(db, scope.entId)).lastId, reset: false, more: false, events: [] }
    const page = await readEvents(db, { entId: scope.entId, shopId: scope.shopId, afterId: after, limit: POLL_LIMIT })
    const events = page.events.filter((e) => may(scope, e)).map((e) => ({ id: e.id, kind: e.kind, data: dataOf(e) }))
    return { position: page.position, reset: page.reset, more: page.more, events }
  }

  app.get<{ Querystring: Query }>('/live/poll', async (request, reply) => {
    const scope = await publicScope(db, request.query)
    if ('error' in scope) return refuse(reply, scope.status, scope.error)
    const after = cursorOf(request)
    if (after === undefined) return refuse(reply, 400, 'after must be an event id')
    reply.header('cache-control', 'no-store')
    return pollPage(scope, after, dinerMay)
  })

  // The same public stream over a WebSocket (the mini-programs' host socket; live-socket.ts), within the same bounds.
  await liveSocketRoutes(app, {
    hub,
    heartbeatMs,
    scopeOf: (query) => publicScope(db, query),
    accept: dinerMay,
    cursorOf,
    dataOf,
    admit(client, end) {
      if (streams.size >= maxConnections || (perClient.get(client) ?? 0) >= maxPerClient) return null
      perClient.set(client, (perClient.get(client) ?? 0) + 1)
      streams.add(end)
      let released = false
      return () => {
        if (released) return
        released = true
        streams.delete(end)
        const left = (perClient.get(client) ?? 1) - 1
        if (left > 0) perClient.set(client, left)
        else perClient.delete(client)
      }
    }
  })

  /** The staff stream's poll (the fallback of a screen whose stream cannot connect): same auth and scope. */
  app.get<{ Querystring: Query }>('/live/staff/poll', async (request, reply) => {
    const who = await staffOf(request)
    if (!who) return refuse(reply, 401, 'staff sign-in required')
    const scope = await staffScope(db, who, request.query)
    if ('error' in scope) return refuse(reply, scope.status, scope.error)
    const after = cursorOf(request)
    if (after === undefined) return refuse(reply, 400, 'after must be an event id')
    reply.header('cache-control', 'no-store')
    return pollPage(scope, after, staffMay)
  })
}
