/**
 * The public live stream over a WebSocket (issue 24 item 4: the mini-programs' host socket,
 * wx.connectSocket, where the host has one; docs/live-events.md, docs/pickup-screen.md):
 *
 *   GET /live/socket?ent=E1001&shop=S101[&base=B201][&after=<id>]   (Upgrade: websocket)
 *
 * The same scope, audience, cursor and bounds as GET /live/events (live.route.ts hands them in);
 * @fastify/websocket does the protocol. A refused request (bad scope, malformed cursor, too many
 * connections) is answered over HTTP before any upgrade, as the stream's are. Then the server
 * sends text frames, one JSON object each; the client sends nothing:
 *
 *   {"id":41,"kind":"ready","data":{"position":41}}       first ("reset" when the cursor could not be resumed: reload)
 *   {"id":42,"kind":"order.progress","data":{…}}           an event (its payload plus kind, shopId, baseId)
 *   {"id":45,"kind":"position"}                           events this socket may not carry were passed over
 *   {"kind":"ping"}                                        at least every heartbeat (mini-program sockets show no protocol pings)
 *
 * Bounds are counted with the streams' (live.route.ts), per client address as the rate limits
 * count (client-address.ts: an IPv6 client by its /64). A reader that does not keep up (over 1 MB
 * waiting in the server for it) is handed nothing more until it has taken that, then follows again
 * from the last event it was sent (the rest read from the outbox); one that has not taken it within
 * two heartbeats is dropped and comes back from its cursor. On shutdown the sockets are closed
 * (1001) before the server waits for its connections.
 */
import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import type { LiveHub } from '../live/hub'
import { RESET_KIND, type LiveEvent } from '../live/outbox'
import { clientAddress } from './client-address'

type Query = Record<string, string | string[] | undefined>

interface Scope {
  entId: string
  shopId: string
  baseId: string | null
}

export interface LiveSocketDeps<S extends Scope> {
  hub: LiveHub
  heartbeatMs: number
  /** The scope the query names, or why not (status and message). */
  scopeOf(query: Query): Promise<S | { status: number; error: string }>
  /** Whether a socket of the scope carries the event (the diners' audience). */
  accept(scope: S, event: LiveEvent): boolean
  /** The cursor: null for none (start from now), undefined when malformed. */
  cursorOf(request: FastifyRequest<{ Querystring: Query }>): number | null | undefined
  /** A place among the process's live connections for `client` (clientAddress of the request's address), ended by `end`; its release, or null when full. */
  admit(client: string, end: () => void): (() => void) | null
  /** What a frame says of an event (live.route.ts dataOf). */
  dataOf(event: LiveEvent): Record<string, unknown>
}

/**
 * A reader this far behind (bytes waiting in the server for it) is handed nothing more until it
 * has taken them; one that has not within two heartbeats is dropped and resumes from its cursor.
 */
const MAX_BUFFERED = 1024 * 1024

export async function liveSocketRoutes<S extends Scope>(app: FastifyInstance, deps: LiveSocketDeps<S>): Promise<void> {
  // Clients send nothing: a tiny payload limit.
  await app.register(websocket, { options: { maxPayload: 1024 } })

  const refuse = (reply: FastifyReply, status: number, error: string): FastifyReply => reply.code(status).header('cache-control', 'no-store').send({ error })
  /** What the checks before the upgrade found, for the handler after it. */
  const checked = new WeakMap<FastifyRequest, Admitted<S>>()

  app.get<{ Querystring: Query }>(
    '/live/socket',
    {
      websocket: true,
      // Before the upgrade: a refusal is a plain HTTP answer, as the stream's.
      preValidation: async (request, reply) => {
        if (!request.ws) return refuse(reply, 426, 'a WebSocket upgrade is required (GET /live/events is the stream over HTTP)')
        const scope = await deps.scopeOf(request.query)
        if ('error' in scope) return refuse(reply, scope.status, scope.error)
        const after = deps.cursorOf(request)
        if (after === undefined) return refuse(reply, 400, 'after must be an event id')
        // Until the socket exists, ending the place only gives it back; then it closes the socket.
        const slot = { end: () => undefined as void }
        // Counted as the streams are: an IPv6 client by its /64 (one phone holds a whole /64).
        const release = deps.admit(clientAddress(request.ip), () => slot.end())
        if (!release) return refuse(reply.header('retry-after', '5'), 503, 'too many live connections')
        slot.end = release
        // The connection gone, whenever: the place is given back (release is idempotent). Gone
        // already (ended while the scope was looked up: its 'close' may have been emitted): now.
        const connection = request.raw.socket
        if (connection.destroyed) {
          release()
          return
        }
        connection.once('close', () => slot.end())
        checked.set(request, { scope, after, release, slot })
      }
    },
    (socket: WebSocket, request: FastifyRequest) => {
      const admitted = checked.get(request)
      if (!admitted) {
        socket.close(1011, 'not admitted')
        return
      }
      serveSocket(socket, admitted, deps)
    }
  )
}

interface Admitted<S extends Scope> {
  scope: S
  after: number | null
  release: () => void
  slot: { end: () => void }
}

function serveSocket<S extends Scope>(socket: WebSocket, admitted: Admitted<S>, deps: LiveSocketDeps<S>): void {
  const { scope, after, release } = admitted
  let ended = false
  /** The last id this socket was sent (an event's, or a position's): where a resume starts. */
  let sentThrough = after ?? 0
  let announced = false
  /** Leaves the hub; null while held back. */
  let leave: (() => void) | null = null
  let behindTimer: ReturnType<typeof setTimeout> | null = null
  let sent = 0
  const send = (message: Record<string, unknown>): void => {
    if (ended || socket.readyState !== socket.OPEN) return
    const seq = ++sent
    // Written out (to the kernel) and it was the last frame sent while held back: the reader took what waited.
    socket.send(JSON.stringify(message), () => {
      if (!leave && seq === sent) resume()
    })
  }
  const behind = (): boolean => socket.bufferedAmount > MAX_BUFFERED
  /**
   * More than MAX_BUFFERED waits: nothing more is handed to this socket until the reader has taken
   * it (then it follows the hub again from what it was sent, the rest read from the outbox), so a
   * burst or a long catch-up goes at the reader's pace and what waits here stays near the limit. A
   * reader that has not taken it within two heartbeats is dropped; it comes back from its cursor.
   */
  function holdBack(): void {
    leave?.()
    leave = null
    if (behindTimer) clearTimeout(behindTimer)
    behindTimer = setTimeout(() => {
      end()
      socket.terminate()
    }, 2 * deps.heartbeatMs)
  }
  function resume(): void {
    if (ended || leave) return
    if (behindTimer) clearTimeout(behindTimer)
    behindTimer = null
    leave = follow(sentThrough)
  }
  const heartbeat = setInterval(() => {
    if (leave) send({ kind: 'ping' })
    // (Should a write-out have been missed: resume once little waits.)
    else if (socket.bufferedAmount < MAX_BUFFERED / 4) resume()
  }, deps.heartbeatMs)
  const follow = (from: number | null): (() => void) =>
    deps.hub.subscribe(scope.entId, {
      afterId: from,
      accept: (event) => deps.accept(scope, event),
      start(position, reset) {
        sentThrough = position
        // `ready` once; after being held back only a `reset` (pruned past meanwhile) is news.
        if (!announced || reset) send({ id: position, kind: reset ? RESET_KIND : 'ready', data: { position } })
        announced = true
      },
      deliver(events, position) {
        if (!leave) return
        for (const event of events) {
          send({ id: event.id, kind: event.kind, data: deps.dataOf(event) })
          sentThrough = event.id
          // Behind: the rest of this page is read again from the outbox when the reader has caught up.
          if (behind()) return holdBack()
        }
        // Events passed over still move the client's cursor on.
        if (position > sentThrough) send({ id: position, kind: 'position' })
        sentThrough = position
        if (behind()) holdBack()
      },
      reset(position) {
        sentThrough = position
        send({ id: position, kind: RESET_KIND, data: { position } })
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
    release()
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(1001, 'going away')
  }
  // Shutdown (the bounds' end) closes this socket now.
  admitted.slot.end = end
  socket.once('close', end)
  socket.once('error', end)
}
