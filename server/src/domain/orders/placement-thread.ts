/**
 * Order placements on a thread of their own, on SQLite (docs/architecture.md "The order placement
 * thread"). SQLite runs on the thread that calls it: on one thread, a placement's millisecond of
 * statements and the HTTP work of every other request (reading bodies, checking envelopes,
 * writing answers, the live sockets) take turns on one core. Here OrderSubmit's placement runs on
 * a worker thread with its own connection to the same file, beside the main thread's HTTP work,
 * so a rush of orders uses the machine's second core and the menus, the boards and the rounds are
 * not held up behind each placement.
 *
 * The thread is to the main thread what a second server process on the file would be (which the
 * server already allows): its caches check the database's version and change stamps, or keep
 * names for seconds only (enterprise.repository.ts, order.repository.ts). What a process would
 * not share, it is handed:
 *   - the word that names were changed here (storage/kept-reads.ts), so an order placed after a
 *     rename carries the new name, as it did on one thread;
 *   - the write turn (storage/write-turn.ts), so neither thread sleeps in SQLite's busy handler;
 *   - the live bell: the events a placement appended ring the main thread's hubs after its commit,
 *     with the placement's answer (on one thread the bell rang in the transaction, and the hub's
 *     read queued behind it for the one connection).
 *
 * Delivery orders stay on the main thread: locating an address may call the geocoder, an outside
 * service the main thread holds. PostgreSQL needs none of this (its server runs the statements,
 * and the pool's connections overlap).
 *
 * If the thread stops (a crash), the placements it held fail (nothing of theirs was committed:
 * SQLite rolled back with the connection) and the next placement starts a new thread; a retry
 * with the same RequestKey is answered as ever.
 */
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Locale } from '../../../../src/gateway/contract'
import type { ServerConfig } from '../../config'
import { ringLocal } from '../../live/wakeup'
import { onForgotten, type KeptReads } from '../../storage/kept-reads'
import { WriteTurn } from '../../storage/write-turn'
import { DomainError, EnvelopeError } from '../errors'
import type { OrderPlacementInput } from '../../../../src/gateway/order-rows'
import type { OrderAnswer } from './order.service'

/** What the placement thread needs of the caller: plain values, copied across. */
export interface ThreadCaller {
  entId: string
  locale: Locale
  now: Date
  origin: string
  ownerKey: string
  clientIp: string
}

export type ThreadPlacementInput = OrderPlacementInput & { RequestKey: string }

/** Places orders as submitOrder does; OrderSubmit's handler hands it the placements it may. */
export interface OrderPlacer {
  submit(caller: ThreadCaller, input: ThreadPlacementInput): Promise<OrderAnswer>
}

/** Whether a placement may go to the thread: one that may need the geocoder may not (see above). */
export function placesOnThread(input: Pick<OrderPlacementInput, 'ServiceType'>): boolean {
  return input.ServiceType !== 'delivery'
}

/** An error as it crosses between the threads. */
export type ThreadError =
  | { kind: 'domain'; code: DomainError['code']; params?: DomainError['params'] }
  | { kind: 'envelope'; code: EnvelopeError['code']; params?: EnvelopeError['params']; httpStatus: number }
  | { kind: 'other'; name: string; message: string; stack?: string }

export function threadError(error: unknown): ThreadError {
  if (error instanceof DomainError) return { kind: 'domain', code: error.code, params: error.params }
  if (error instanceof EnvelopeError) return { kind: 'envelope', code: error.code, params: error.params, httpStatus: error.httpStatus }
  const e = error instanceof Error ? error : new Error(String(error))
  return { kind: 'other', name: e.name, message: e.message, stack: e.stack }
}

function errorOf(error: ThreadError): Error {
  if (error.kind === 'domain') return new DomainError(error.code, error.params)
  if (error.kind === 'envelope') return new EnvelopeError(error.code, error.params, error.httpStatus)
  const e = new Error(`order placement thread: ${error.message}`)
  e.name = error.name
  if (error.stack) e.stack = `${e.name}: ${e.message}\n(placement thread) ${error.stack}`
  return e
}

/** Main → thread. `forget`: this thread's kept reads of that kind went out of date (kept-reads.ts). */
export type ToThread = { id: number; caller: ThreadCaller; input: ThreadPlacementInput } | { forget: KeptReads } | { close: true }

/** Thread → main. `rings`: the live bell's rings of that placement, after its commit. */
export type FromThread =
  | { ready: true }
  | { failed: string }
  | { id: number; answer: OrderAnswer; rings: [string, number][] }
  | { id: number; error: ThreadError; rings: [string, number][] }

interface Pending {
  resolve(answer: OrderAnswer): void
  reject(error: Error): void
}

/** Where the thread's file is: this file's sibling, TypeScript (run through tsx) or built JavaScript. */
function workerSource(): { code: string; eval: true } {
  const ext = path.extname(__filename)
  const file = path.join(__dirname, `placement-thread.worker${ext}`)
  // A TypeScript source is compiled by tsx's CommonJS hook in the thread, as the server is by tsx.
  const hook = ext === '.ts' ? `require(${JSON.stringify(require.resolve('tsx/cjs'))});` : ''
  return { code: `${hook}require(${JSON.stringify(file)})`, eval: true }
}

export class PlacementThread implements OrderPlacer {
  private worker: Worker | null = null
  private starting: Promise<Worker> | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 1
  private closing: Promise<void> | null = null
  /** Placements the thread answered (placed or refused), for diagnostics and tests. */
  answered = 0

  /** Renames on this thread reach the placement thread's kept names at once. */
  private readonly stopForwarding: () => void

  /** `turn` is the main thread's side; its buffer goes to the thread. */
  constructor(
    private readonly config: ServerConfig,
    readonly turn: WriteTurn,
    private readonly onTrouble: (message: string) => void = () => {}
  ) {
    this.stopForwarding = onForgotten((kind) => this.worker?.postMessage({ forget: kind } satisfies ToThread))
  }

  /** Starts the thread and waits until its connection is open (a failure rejects). */
  async start(): Promise<void> {
    await this.ensureWorker()
  }

  submit(caller: ThreadCaller, input: ThreadPlacementInput): Promise<OrderAnswer> {
    if (this.closing) return Promise.reject(new Error('order placement thread: closing'))
    const worker = this.worker
    return worker ? this.send(worker, caller, input) : this.ensureWorker().then((w) => this.send(w, caller, input))
  }

  private send(worker: Worker, caller: ThreadCaller, input: ThreadPlacementInput): Promise<OrderAnswer> {
    const id = this.nextId++
    return new Promise<OrderAnswer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      worker.postMessage({ id, caller, input } satisfies ToThread)
    })
  }

  private ensureWorker(): Promise<Worker> {
    if (this.worker) return Promise.resolve(this.worker)
    return (this.starting ??= this.spawn().finally(() => {
      this.starting = null
    }))
  }

  private spawn(): Promise<Worker> {
    const source = workerSource()
    const worker = new Worker(source.code, {
      eval: source.eval,
      workerData: { config: this.config, turn: this.turn.buffer },
      // The thread's own console lines (none expected) go where the server's go.
      stdout: false,
      stderr: false
    })
    return new Promise<Worker>((resolve, reject) => {
      let ready = false
      worker.on('message', (message: FromThread) => {
        if ('ready' in message) {
          ready = true
          this.worker = worker
          resolve(worker)
        } else if ('failed' in message) {
          reject(new Error(`order placement thread could not open the database: ${message.failed}`))
        } else {
          this.settle(message)
        }
      })
      worker.on('error', (error) => {
        if (!ready) reject(error)
        else this.onTrouble(`order placement thread failed: ${error.stack ?? error.message}`)
      })
      worker.on('exit', (code) => {
        if (this.worker === worker) this.worker = null
        // Whatever it held is rolled back with its connection; its write turn is free again.
        this.turn.reclaim()
        const lost = [...this.pending.values()]
        this.pending.clear()
        for (const p of lost) p.reject(new Error(`order placement thread stopped (exit code ${code}) before answering`))
        if (!ready) reject(new Error(`order placement thread stopped (exit code ${code}) while starting`))
        else if (!this.closing) this.onTrouble(`order placement thread stopped (exit code ${code}); the next order starts a new one`)
      })
    })
  }

  private settle(message: Extract<FromThread, { id: number }>): void {
    // The placement's events are committed: ring this thread's hubs before answering.
    for (const [entId, id] of message.rings) ringLocal(entId, id)
    const pending = this.pending.get(message.id)
    if (!pending) return
    this.pending.delete(message.id)
    this.answered++
    if ('answer' in message) pending.resolve(message.answer)
    else pending.reject(errorOf(message.error))
  }

  /** Lets the placements under way finish, then closes the thread's connection and the thread. */
  close(): Promise<void> {
    return (this.closing ??= (async () => {
      this.stopForwarding()
      const worker = this.worker ?? (this.starting ? await this.starting.catch(() => null) : null)
      if (!worker) return
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
      worker.postMessage({ close: true } satisfies ToThread)
      await exited
    })())
  }
}

/** Starts the order placement thread for a SQLite server; resolves once its connection is open. */
export async function startPlacementThread(config: ServerConfig, turn: WriteTurn, onTrouble?: (message: string) => void): Promise<PlacementThread> {
  const thread = new PlacementThread(config, turn, onTrouble)
  await thread.start()
  return thread
}
