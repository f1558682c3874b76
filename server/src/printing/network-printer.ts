/**
 * Sending bytes to a network receipt printer: raw TCP (port 9100, "JetDirect"/"AppSocket"), the way
 * Epson, Xprinter and nearly every ESC/POS printer with an Ethernet port takes jobs.
 *
 * - One queue per printer (host:port): tickets to one printer print in the order they were asked
 *   for; printers do not wait for each other.
 * - Bounded: a connect timeout, a timeout to hand the bytes over, a few tries with growing pauses,
 *   and at most `maxQueued` jobs waiting per printer. A caller always gets a result, never an
 *   exception, and never waits longer than the tries take.
 * - After the ticket the printer is asked for its state (DLE EOT 2 and 4, real-time status): an
 *   answer saying "cover open" or "paper out" is reported as not printed; a printer that answers
 *   nothing (real-time commands switched off, a print server in between) counts as printed once it
 *   took every byte.
 * - A try is repeated when the printer did not take the ticket: no connection, the bytes not handed
 *   over in time, or the connection reset (a printer busy with another connection resets it). Once
 *   the printer took every byte and closed cleanly or answered, it is not tried again: that could
 *   print the ticket twice.
 *
 * Printing happens after the change that made the ticket has committed, outside any transaction:
 * the kitchen board is the record, the paper a copy.
 */
import net from 'node:net'

export interface PrinterAddress {
  host: string
  port: number
}

export interface PrintResult {
  printed: boolean
  /** '' when printed; else what went wrong, for a person to read. */
  error: string
  /** Connections tried. */
  attempts: number
  /** What the printer said after the ticket: 'ok', 'no-answer' (took the bytes, said nothing), or a problem. */
  status: 'ok' | 'no-answer' | 'cover-open' | 'paper-out' | 'printer-error' | 'not-sent'
}

export interface PrintLogEntry {
  level: 'info' | 'warn'
  printer: string
  message: string
}

export interface NetworkPrinterOptions {
  /** To open the connection (ms, default 3000). */
  connectTimeoutMs?: number
  /** To hand every byte to the connection once open (ms, default 5000). */
  writeTimeoutMs?: number
  /** To wait for the printer's status answer (ms, default 2000). */
  statusTimeoutMs?: number
  /** Connections tried per job (default 3). */
  attempts?: number
  /** Pause before the second try (ms, default 500); doubles for each try after. */
  backoffMs?: number
  /** Jobs waiting per printer beyond which a new one is refused at once (default 50). */
  maxQueued?: number
  /** Where failures (warn) and retries (info) are reported; default console.warn for warnings. */
  log?: (entry: PrintLogEntry) => void
}

/** DLE EOT 2 (offline cause) and DLE EOT 4 (roll paper sensor): each answered by one byte. */
export const STATUS_QUERY = Uint8Array.from([0x10, 0x04, 0x02, 0x10, 0x04, 0x04])

/** A real-time status byte has bit 1 and bit 4 set, bit 0 and bit 7 clear. */
const isStatusByte = (b: number): boolean => (b & 0x93) === 0x12

type SendOutcome = { delivered: false; error: string } | { delivered: true; answer: number[] }

interface Timeouts {
  connectTimeoutMs: number
  writeTimeoutMs: number
  statusTimeoutMs: number
}

const describe = (error: NodeJS.ErrnoException): string => {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused (is the printer on, and is the port right?)'
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'printer unreachable on the network'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'printer host name not found'
    case 'ECONNRESET':
    case 'EPIPE':
      return 'the printer closed the connection'
    default:
      return error.code ? `${error.code}: ${error.message}` : error.message
  }
}

/** One connection: the bytes, then the status query, then the answer (or none). */
export function sendOnce(address: PrinterAddress, bytes: Uint8Array, timeouts: Timeouts): Promise<SendOutcome> {
  return new Promise((resolve) => {
    let settled = false
    let handedOver = false
    const answer: number[] = []
    const socket = net.connect({ host: address.host, port: address.port })
    socket.setNoDelay(true)
    let timer = setTimeout(() => fail(`could not connect within ${timeouts.connectTimeoutMs} ms`), timeouts.connectTimeoutMs)

    const done = (outcome: SendOutcome): void => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      if (outcome.delivered && !socket.destroyed) {
        // Close politely so the printer sees the end of the job, and let the next job in only once
        // it has closed (many printers take one connection at a time); force it after a second.
        const force = setTimeout(() => socket.destroy(), 1000)
        socket.once('close', () => {
          clearTimeout(force)
          resolve(outcome)
        })
        socket.end()
      } else {
        socket.destroy()
        resolve(outcome)
      }
    }
    const fail = (error: string): void => done({ delivered: false, error })

    socket.on('connect', () => {
      clearTimeout(timer)
      timer = setTimeout(() => fail(`the printer did not take the ticket within ${timeouts.writeTimeoutMs} ms`), timeouts.writeTimeoutMs)
      const payload = new Uint8Array(bytes.length + STATUS_QUERY.length)
      payload.set(bytes, 0)
      payload.set(STATUS_QUERY, bytes.length)
      socket.write(payload, (error) => {
        if (error || settled) return
        handedOver = true
        clearTimeout(timer)
        if (answer.length === 2) return done({ delivered: true, answer })
        timer = setTimeout(() => done({ delivered: true, answer }), timeouts.statusTimeoutMs)
      })
    })
    socket.on('data', (chunk: Buffer) => {
      for (const b of chunk) if (isStatusByte(b) && answer.length < 2) answer.push(b)
      if (answer.length === 2 && handedOver) done({ delivered: true, answer })
    })
    socket.on('error', (error) => fail(describe(error)))
    // Closed cleanly after taking every byte: a one-way printer (or print server) that does not
    // answer status queries. Closed before, or reset at any time: not printed, try again.
    socket.on('close', () => (handedOver ? done({ delivered: true, answer }) : fail('the printer closed the connection')))
  })
}

/** What the two status bytes say (DLE EOT 2 then DLE EOT 4). */
function statusOf(answer: readonly number[]): Pick<PrintResult, 'printed' | 'error' | 'status'> {
  if (answer.length === 0) return { printed: true, error: '', status: 'no-answer' }
  const offline = answer[0]
  const paper = answer[1] ?? 0x12
  if ((paper & 0x60) === 0x60 || (offline & 0x20) !== 0) {
    return { printed: false, error: 'the printer is out of paper: the ticket prints when paper is loaded (check before reprinting)', status: 'paper-out' }
  }
  if ((offline & 0x04) !== 0) {
    return { printed: false, error: 'the printer cover is open: the ticket prints when it is closed (check before reprinting)', status: 'cover-open' }
  }
  if ((offline & 0x40) !== 0) {
    return { printed: false, error: 'the printer reports an error (cutter, head temperature or power): the ticket may not print', status: 'printer-error' }
  }
  return { printed: true, error: '', status: 'ok' }
}

const keyOf = (address: PrinterAddress): string => `${address.host.toLowerCase()}:${address.port}`

/** Per-printer ordered queues with retries; owned by the server process and closed on shutdown. */
export class NetworkPrinterQueue {
  private readonly timeouts: Timeouts
  private readonly attempts: number
  private readonly backoffMs: number
  private readonly maxQueued: number
  private readonly log: (entry: PrintLogEntry) => void
  private readonly queues = new Map<string, { tail: Promise<unknown>; waiting: number }>()
  private readonly pauses = new Set<() => void>()
  private closed = false

  constructor(options: NetworkPrinterOptions = {}) {
    this.timeouts = {
      connectTimeoutMs: options.connectTimeoutMs ?? 3000,
      writeTimeoutMs: options.writeTimeoutMs ?? 5000,
      statusTimeoutMs: options.statusTimeoutMs ?? 2000
    }
    this.attempts = Math.max(1, options.attempts ?? 3)
    this.backoffMs = options.backoffMs ?? 500
    this.maxQueued = options.maxQueued ?? 50
    this.log = options.log ?? ((entry) => {
      if (entry.level === 'warn') console.warn(`printer ${entry.printer}: ${entry.message}`)
    })
  }

  /** Jobs queued or printing for one printer. */
  waiting(address: PrinterAddress): number {
    return this.queues.get(keyOf(address))?.waiting ?? 0
  }

  /** Queues the bytes for the printer; resolves when printed or given up on. Never rejects. */
  print(address: PrinterAddress, bytes: Uint8Array): Promise<PrintResult> {
    const printer = keyOf(address)
    if (this.closed) return Promise.resolve(notSent('printing has stopped: the server is shutting down'))
    let queue = this.queues.get(printer)
    if (!queue) {
      queue = { tail: Promise.resolve(), waiting: 0 }
      this.queues.set(printer, queue)
    }
    if (queue.waiting >= this.maxQueued) {
      this.log({ level: 'warn', printer, message: `${queue.waiting} tickets already waiting; this one was not queued` })
      return Promise.resolve(notSent(`${queue.waiting} tickets are already waiting for this printer`))
    }
    queue.waiting++
    const entry = queue
    const job = entry.tail.then(() => this.run(address, printer, bytes)).catch((error: unknown) => notSent(String(error)))
    entry.tail = job
    return job.finally(() => {
      entry.waiting--
      if (entry.waiting === 0 && this.queues.get(printer) === entry) this.queues.delete(printer)
    })
  }

  private async run(address: PrinterAddress, printer: string, bytes: Uint8Array): Promise<PrintResult> {
    let lastError = ''
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      if (this.closed) return { ...notSent(`printing has stopped: the server is shutting down${lastError ? ` (last try: ${lastError})` : ''}`), attempts: attempt - 1 }
      const outcome = await sendOnce(address, bytes, this.timeouts)
      if (outcome.delivered) {
        const result: PrintResult = { ...statusOf(outcome.answer), attempts: attempt }
        if (!result.printed) this.log({ level: 'warn', printer, message: result.error })
        else if (result.status === 'no-answer') this.log({ level: 'info', printer, message: 'took the ticket without answering the status query' })
        return result
      }
      lastError = outcome.error
      if (attempt < this.attempts) {
        this.log({ level: 'info', printer, message: `try ${attempt} of ${this.attempts} failed: ${lastError}` })
        await this.pause(this.backoffMs * 2 ** (attempt - 1))
      }
    }
    const error = `not printed after ${this.attempts} ${this.attempts === 1 ? 'try' : 'tries'}: ${lastError}`
    this.log({ level: 'warn', printer, message: error })
    return { ...notSent(error), attempts: this.attempts }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer)
        this.pauses.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, ms)
      this.pauses.add(wake)
    })
  }

  /**
   * Stops taking jobs; jobs not yet sent resolve as not printed, the one on the wire finishes
   * (bounded by its timeouts). Resolves when every queue is empty.
   */
  async close(): Promise<void> {
    this.closed = true
    for (const wake of [...this.pauses]) wake()
    await Promise.all([...this.queues.values()].map((q) => q.tail))
  }
}

function notSent(error: string): PrintResult {
  return { printed: false, error, attempts: 0, status: 'not-sent' }
}
