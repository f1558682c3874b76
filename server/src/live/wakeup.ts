/**
 * The bell that tells a process's live hub (hub.ts) to read the outbox (outbox.ts). Only a bell:
 * a lost ring costs latency, never an event, because the hub also checks the outbox on a timer
 * and readers resume from their own cursor.
 *
 *   - PostgreSQL: appendEvent calls pg_notify(WAKEUP_CHANNEL, '<schema>|<EntID>|<id>') in the
 *     writer's transaction; PostgreSQL delivers it to every listening session when (and only if)
 *     that transaction commits. Each process keeps one dedicated connection (not from the pool)
 *     that LISTENs, and reconnects with a growing delay (250 ms … 5 s) when it is lost; after
 *     every (re)connect it rings for everything, since notices sent meanwhile are gone. Every
 *     schema of the database shares the channel (the tests put each suite in a schema of its
 *     own), so the payload names the schema and other schemas' rings are ignored.
 *   - SQLite: appendEvent rings an in-process bell. A reader in this process queues behind the
 *     writer's transaction for the one connection, so it reads after the commit; other processes
 *     on the same file (the CLIs, a second server) are found by the hub's periodic check.
 */
import { EventEmitter } from 'node:events'
import { sql, type Kysely } from 'kysely'
import { Client } from 'pg'
import type { Database } from '../storage/schema'

export const WAKEUP_CHANNEL = 'scanorder_live'

/** `entId` null: anything may have changed (the listening connection was (re)opened). */
export type BellListener = (entId: string | null, id: number) => void

const localBell = new EventEmitter()
localBell.setMaxListeners(0)

/** Rings every hub of this process (SQLite). */
export function ringLocal(entId: string, id: number): void {
  localBell.emit('ring', entId, id)
}

export interface Wakeup {
  readonly kind: 'notify' | 'local'
  /** Whether rings from other processes arrive right now (PostgreSQL: the LISTEN connection is up). */
  readonly listening: boolean
  close(): Promise<void>
}

export interface WakeupOptions {
  /** PostgreSQL: the database to LISTEN on; null on SQLite. */
  databaseUrl: string | null
  onBell: BellListener
  /** A lost or refused listening connection (logged by the caller). */
  onTrouble?: (message: string) => void
}

export async function openWakeup(db: Kysely<Database>, options: WakeupOptions): Promise<Wakeup> {
  if (!options.databaseUrl) {
    const listener = (entId: string, id: number): void => options.onBell(entId, id)
    localBell.on('ring', listener)
    return {
      kind: 'local',
      listening: true,
      close: async () => void localBell.off('ring', listener)
    }
  }
  const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  const bell = new PgBell(options.databaseUrl, current.rows[0]?.schema ?? 'public', options)
  bell.connect()
  return bell
}

const FIRST_RETRY_MS = 250
const LAST_RETRY_MS = 5000
/** A silently dead connection (no FIN, no error) is found by a ping this often. */
const PING_MS = 30_000

class PgBell implements Wakeup {
  readonly kind = 'notify' as const
  listening = false
  private client: Client | null = null
  private closed = false
  private retryMs = FIRST_RETRY_MS
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private pingTimer: ReturnType<typeof setInterval> | null = null
  private readonly dead = new WeakSet<Client>()

  constructor(
    private readonly url: string,
    private readonly schema: string,
    private readonly options: WakeupOptions
  ) {}

  connect(): void {
    if (this.closed) return
    // Named, so an operator (and the tests) can tell these connections apart in pg_stat_activity.
    const client = new Client({ connectionString: this.url, keepAlive: true, application_name: `scanorder live ${this.schema}`.slice(0, 63) })
    // Held from the start, so close() ends a connection still being opened.
    this.client = client
    client.on('notification', (message) => {
      if (message.channel !== WAKEUP_CHANNEL || !message.payload) return
      const [schema, entId, id] = message.payload.split('|')
      if (schema === this.schema && entId) this.options.onBell(entId, Number(id) || 0)
    })
    client.on('error', (error) => this.lost(client, error.message))
    client.on('end', () => this.lost(client, 'connection ended'))
    client
      .connect()
      .then(() => client.query(`listen ${WAKEUP_CHANNEL}`))
      .then(
        () => {
          if (this.closed || this.dead.has(client)) return
          this.listening = true
          this.retryMs = FIRST_RETRY_MS
          this.pingTimer = setInterval(() => void client.query('select 1').catch((e: Error) => this.lost(client, e.message)), PING_MS)
          this.pingTimer.unref()
          // Notices sent while no one listened are gone: look at everything.
          this.options.onBell(null, 0)
        },
        (error: Error) => this.lost(client, error.message)
      )
  }

  private lost(client: Client, why: string): void {
    if (this.dead.has(client)) return
    this.dead.add(client)
    if (this.client === client) this.client = null
    this.listening = false
    if (this.pingTimer) clearInterval(this.pingTimer)
    this.pingTimer = null
    void client.end().catch(() => undefined)
    if (this.closed) return
    this.options.onTrouble?.(`live wake-up: listening connection lost (${why}); again in ${this.retryMs} ms`)
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      this.connect()
    }, this.retryMs)
    this.retryTimer.unref()
    this.retryMs = Math.min(this.retryMs * 2, LAST_RETRY_MS)
  }

  async close(): Promise<void> {
    this.closed = true
    this.listening = false
    if (this.retryTimer) clearTimeout(this.retryTimer)
    if (this.pingTimer) clearInterval(this.pingTimer)
    const client = this.client
    this.client = null
    if (client) {
      this.dead.add(client)
      await client.end().catch(() => undefined)
    }
  }
}
