/**
 * Whose turn it is to write the SQLite file, between this process's threads: the main thread and
 * the order placement thread (domain/orders/placement-thread.ts), each with a connection of its own.
 *
 * SQLite serialises writers itself, but a connection that finds the file locked waits in SQLite's
 * busy handler, which sleeps the calling thread (1, 2, 5, 10 … ms, up to busy_timeout). On the main
 * thread that is the whole server standing still while a placement commits. So each thread takes
 * the turn before it writes (a transaction from its BEGIN to its end, a write outside one around
 * that statement), waiting for it without blocking (Atomics.waitAsync), and finds SQLite's lock
 * free when it asks. Another process on the file (a CLI, a second server) is still met by
 * busy_timeout, as before.
 *
 * The main thread goes first: the placement thread does not take a free turn while the main
 * thread waits for one, so a stream of orders cannot hold off the tables' rounds, the kitchen's
 * taps and the staff's writes.
 */

const HOLDER = 0
const MAIN_WAITING = 1
const FREE = 0
const SIDE_CODE = { main: 1, placement: 2 } as const

/** A missed wake-up (none is expected) costs at most this long. */
const WAIT_CHECK_MS = 50

export type WriteTurnSide = keyof typeof SIDE_CODE

// Atomics.waitAsync is in V8 since Node 16; TypeScript's ES2022 library does not declare it.
type WaitAsync = (cells: Int32Array, index: number, value: number, timeoutMs: number) => { async: boolean; value: Promise<string> | string }
const waitAsync = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync

/** Resolves once cells[index] is no longer `value` (or WAIT_CHECK_MS has passed). */
async function changed(cells: Int32Array, index: number, value: number): Promise<void> {
  const wait = waitAsync(cells, index, value, WAIT_CHECK_MS)
  if (wait.async) await wait.value
}

export class WriteTurn {
  private readonly cells: Int32Array
  private readonly code: number

  /** The turn of a new pair of threads; hand `buffer` to the other side (WriteTurn.join). */
  static create(): WriteTurn {
    return new WriteTurn(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT), 'main')
  }

  /** The placement thread's side of a turn made by WriteTurn.create on the main thread. */
  static join(buffer: SharedArrayBuffer): WriteTurn {
    return new WriteTurn(buffer, 'placement')
  }

  private constructor(
    readonly buffer: SharedArrayBuffer,
    readonly side: WriteTurnSide
  ) {
    this.cells = new Int32Array(buffer)
    this.code = SIDE_CODE[side]
  }

  async take(): Promise<void> {
    const cells = this.cells
    if (this.side === 'main') {
      if (Atomics.compareExchange(cells, HOLDER, FREE, this.code) === FREE) return
      Atomics.add(cells, MAIN_WAITING, 1)
      try {
        for (;;) {
          const holder = Atomics.compareExchange(cells, HOLDER, FREE, this.code)
          if (holder === FREE) return
          await changed(cells, HOLDER, holder)
        }
      } finally {
        Atomics.sub(cells, MAIN_WAITING, 1)
        Atomics.notify(cells, MAIN_WAITING)
      }
    }
    for (;;) {
      const waiting = Atomics.load(cells, MAIN_WAITING)
      if (waiting > 0) {
        await changed(cells, MAIN_WAITING, waiting)
        continue
      }
      const holder = Atomics.compareExchange(cells, HOLDER, FREE, this.code)
      if (holder === FREE) return
      await changed(cells, HOLDER, holder)
    }
  }

  give(): void {
    if (Atomics.compareExchange(this.cells, HOLDER, this.code, FREE) === this.code) Atomics.notify(this.cells, HOLDER)
  }

  /** Whether this side holds the turn now. */
  get held(): boolean {
    return Atomics.load(this.cells, HOLDER) === this.code
  }

  /**
   * The main thread's word that the placement thread is gone (it exited): a turn it held is free
   * again. SQLite rolled its open transaction back as its connection closed with the thread.
   */
  reclaim(): void {
    if (Atomics.compareExchange(this.cells, HOLDER, SIDE_CODE.placement, FREE) === SIDE_CODE.placement) Atomics.notify(this.cells, HOLDER)
  }
}

/** Statements that write outside a transaction take the turn around them. */
const WRITES = /^\s*(insert|update|delete|replace|with|create|drop|alter|reindex|vacuum)\b/i

export function writesFile(sqlText: string): boolean {
  return WRITES.test(sqlText)
}
