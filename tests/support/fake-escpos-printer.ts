/**
 * A loopback stand-in for a network receipt printer (raw TCP, like port 9100 on a real one), and a
 * decoder that checks the bytes are ESC/POS as ScanOrder writes them.
 *
 * This is a test double: it proves the bytes are well-formed and say what the cook must read, not
 * that a particular printer model draws them (fonts, cutter, paper width: docs/printing.md).
 *
 * The fake printer keeps each connection's bytes as one job and answers the real-time status
 * queries (DLE EOT n) the way an Epson-compatible printer does: one status byte per query.
 */
import net from 'node:net'

// ---------------------------------------------------------------------------------------------
// Decoder

export interface DecodedLine {
  /** The line's text as printed (GB18030 decoded when Chinese mode is on). */
  text: string
  /** Some of it was printed bold. */
  bold: boolean
  /** Largest character width and height multipliers used on the line (GS !). */
  width: number
  height: number
  /** Runs printed white on black (GS B 1), trimmed. */
  inverted: string[]
}

export interface DecodedTicket {
  lines: DecodedLine[]
  /** Every line's text, trailing spaces trimmed. */
  text: string[]
  /** Chinese (FS &) mode was switched on. */
  chinese: boolean
  cut: 'full' | 'partial'
  /** Real-time status queries (DLE EOT n) seen, in order. */
  statusQueries: number[]
}

export class EscPosError extends Error {}

const ESC = 0x1b
const GS = 0x1d
const FS = 0x1c
const DLE = 0x10
const LF = 0x0a
const CR = 0x0d

/**
 * Decodes a job. Throws EscPosError unless it starts with ESC @ (initialise), uses only the
 * commands this project sends, has no byte beyond ASCII outside Chinese mode, decodes as GB18030 in
 * Chinese mode, and ends with a GS V cut (nothing printable after it).
 */
export function decodeEscPos(input: Uint8Array): DecodedTicket {
  const bytes = Uint8Array.from(input)
  const gb = new TextDecoder('gb18030', { fatal: true })
  if (bytes[0] !== ESC || bytes[1] !== 0x40) throw new EscPosError('the job does not start with ESC @ (initialise)')
  const lines: DecodedLine[] = []
  const statusQueries: number[] = []
  let chinese = false
  let everChinese = false
  let bold = false
  let invert = false
  let width = 1
  let height = 1
  let cut: DecodedTicket['cut'] | null = null
  let line: DecodedLine = { text: '', bold: false, width: 1, height: 1, inverted: [] }
  let run: number[] = []
  let runInverted = false
  let invertedText = ''

  const flushRun = (): void => {
    if (run.length === 0) return
    let text: string
    try {
      text = gb.decode(Uint8Array.from(run))
    } catch {
      throw new EscPosError(`bytes that are not GB18030: ${Buffer.from(run).toString('hex')}`)
    }
    line.text += text
    if (runInverted) invertedText += text
    run = []
  }
  const endInverted = (): void => {
    if (invertedText.trim()) line.inverted.push(invertedText.trim())
    invertedText = ''
  }
  const styleChange = (): void => {
    flushRun()
  }
  const need = (i: number, n: number, name: string): void => {
    if (i + n >= bytes.length) throw new EscPosError(`${name} is cut short at byte ${i}`)
  }

  let i = 2
  while (i < bytes.length) {
    const b = bytes[i]
    if (cut && b !== LF && b !== CR && b !== DLE) throw new EscPosError(`byte ${b.toString(16)} after the cut at ${i}`)
    if (b === ESC) {
      need(i, 1, 'ESC')
      const c = bytes[i + 1]
      if (c === 0x40) {
        throw new EscPosError(`a second ESC @ at byte ${i}`)
      } else if (c === 0x45 || c === 0x2d || c === 0x4d || c === 0x74 || c === 0x61 || c === 0x64 || c === 0x33 || c === 0x21) {
        need(i, 2, `ESC ${String.fromCharCode(c)}`)
        const n = bytes[i + 2]
        styleChange()
        if (c === 0x45) bold = (n & 1) === 1
        if (c === 0x64) for (let k = 0; k < n; k++) newLine()
        i += 3
      } else if (c === 0x32) {
        i += 2
      } else {
        throw new EscPosError(`unexpected command ESC ${c.toString(16)} at byte ${i}`)
      }
    } else if (b === GS) {
      need(i, 1, 'GS')
      const c = bytes[i + 1]
      if (c === 0x21) {
        need(i, 2, 'GS !')
        styleChange()
        const n = bytes[i + 2]
        width = (n >> 4) + 1
        height = (n & 0x0f) + 1
        if (width > 8 || height > 8) throw new EscPosError(`GS ! with an impossible size ${n.toString(16)}`)
        i += 3
      } else if (c === 0x42) {
        need(i, 2, 'GS B')
        flushRun()
        const on = (bytes[i + 2] & 1) === 1
        if (!on && runInverted) endInverted()
        invert = on
        runInverted = on
        i += 3
      } else if (c === 0x56) {
        need(i, 2, 'GS V')
        flushRun()
        const m = bytes[i + 2]
        if (m === 0 || m === 48) cut = 'full'
        else if (m === 1 || m === 49) cut = 'partial'
        else if (m === 65 || m === 66) {
          need(i, 3, 'GS V m n')
          cut = m === 65 ? 'full' : 'partial'
          i += 1
        } else throw new EscPosError(`GS V with an unknown mode ${m}`)
        if (line.text !== '') newLine()
        i += 3
      } else {
        throw new EscPosError(`unexpected command GS ${c.toString(16)} at byte ${i}`)
      }
    } else if (b === FS) {
      need(i, 1, 'FS')
      const c = bytes[i + 1]
      flushRun()
      if (c === 0x26) chinese = everChinese = true
      else if (c === 0x2e) chinese = false
      else throw new EscPosError(`unexpected command FS ${c.toString(16)} at byte ${i}`)
      i += 2
    } else if (b === DLE) {
      need(i, 2, 'DLE EOT')
      if (bytes[i + 1] !== 0x04) throw new EscPosError(`unexpected command DLE ${bytes[i + 1].toString(16)} at byte ${i}`)
      statusQueries.push(bytes[i + 2])
      i += 3
    } else if (b === LF) {
      if (!cut) newLine()
      i += 1
    } else if (b === CR) {
      i += 1
    } else if (b >= 0x20 && b <= 0x7e) {
      text([b])
      i += 1
    } else if (b >= 0x81 && b <= 0xfe) {
      if (!chinese) throw new EscPosError(`byte ${b.toString(16)} beyond ASCII at ${i} while Chinese mode is off`)
      const second = bytes[i + 1]
      const size = second >= 0x30 && second <= 0x39 ? 4 : 2
      if (i + size > bytes.length) throw new EscPosError(`a Chinese character cut short at byte ${i}`)
      text(Array.from(bytes.subarray(i, i + size)))
      i += size
    } else {
      throw new EscPosError(`unexpected control byte ${b.toString(16)} at ${i}`)
    }
  }
  if (!cut) throw new EscPosError('the job does not end with a GS V cut')
  return { lines, text: lines.map((l) => l.text.trimEnd()), chinese: everChinese, cut, statusQueries }

  function text(bs: number[]): void {
    if (run.length === 0) runInverted = invert
    run.push(...bs)
    if (bs.some((x) => x !== 0x20)) {
      if (bold) line.bold = true
      line.width = Math.max(line.width, width)
      line.height = Math.max(line.height, height)
    }
  }
  function newLine(): void {
    flushRun()
    if (runInverted) endInverted()
    lines.push(line)
    line = { text: '', bold: false, width: 1, height: 1, inverted: [] }
  }
}

// ---------------------------------------------------------------------------------------------
// Fake printer

export interface FakePrinterOptions {
  /** Answer DLE EOT queries (default true). */
  answerStatus?: boolean
  /** The byte answered to DLE EOT n (default 0x12 for every n: online, paper present, cover closed). */
  status?: Partial<Record<number, number>>
  /** Wait this long before answering each query (ms): a slow printer. */
  answerDelayMs?: number
  /** Reset every connection as soon as it opens (a printer busy or broken). */
  resetOnConnect?: boolean
}

export class FakeEscPosPrinter {
  readonly host = '127.0.0.1'
  /** Each finished connection's bytes, in the order the connections ended. */
  readonly jobs: Uint8Array[] = []
  /** Connections accepted. */
  connections = 0
  /** Most connections open at once. */
  maxConcurrent = 0
  private waiters: Array<() => void> = []
  private readonly sockets = new Set<net.Socket>()

  private constructor(private readonly server: net.Server, readonly port: number) {}

  static async start(options: FakePrinterOptions = {}): Promise<FakeEscPosPrinter> {
    let printer: FakeEscPosPrinter | null = null
    const server = net.createServer((socket) => printer!.accept(socket, options))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    printer = new FakeEscPosPrinter(server, (server.address() as net.AddressInfo).port)
    return printer
  }

  private accept(socket: net.Socket, options: FakePrinterOptions): void {
    this.connections++
    this.sockets.add(socket)
    this.maxConcurrent = Math.max(this.maxConcurrent, this.sockets.size)
    if (options.resetOnConnect) {
      socket.on('error', () => {})
      socket.on('close', () => this.sockets.delete(socket))
      socket.resetAndDestroy()
      return
    }
    const chunks: Buffer[] = []
    let seen = 0
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      if (options.answerStatus === false) return
      const all = Buffer.concat(chunks)
      // Answer every DLE EOT n not answered yet (ScanOrder's bytes never hold 0x10 otherwise).
      for (let i = seen; i + 2 < all.length; i++) {
        if (all[i] === DLE && all[i + 1] === 0x04) {
          const n = all[i + 2]
          const reply = Buffer.from([options.status?.[n] ?? 0x12])
          if (options.answerDelayMs) setTimeout(() => socket.writable && socket.write(reply), options.answerDelayMs)
          else socket.write(reply)
          seen = i + 3
          i += 2
        }
      }
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      this.sockets.delete(socket)
      this.jobs.push(new Uint8Array(Buffer.concat(chunks)))
      for (const wake of this.waiters.splice(0)) wake()
    })
  }

  /** Resolves once `count` jobs have arrived; rejects after `timeoutMs`. */
  async waitForJobs(count: number, timeoutMs = 10000): Promise<Uint8Array[]> {
    const deadline = Date.now() + timeoutMs
    while (this.jobs.length < count) {
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`fake printer: ${this.jobs.length} of ${count} jobs after ${timeoutMs} ms`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    return this.jobs.slice(0, count)
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

/** A port on 127.0.0.1 where nothing listens (a printer that is switched off). */
export async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
