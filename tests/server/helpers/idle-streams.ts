/**
 * Many idle live-stream connections from one process, for tests/server/redteam-24.test.ts: raw
 * TCP sockets, each sending one `GET <path>` and then only listening (a phone left on the menu,
 * or an attacker's held sockets). Run as a child (`node --import tsx idle-streams.ts`, IPC): the
 * sockets cost the server's process nothing but the server side, and the test's event loop stays
 * free. Each socket binds a source address of its own group (127.0.0.x), since a server counts
 * at most so many streams per client address.
 *
 * Messages in:  { open: { port, path, count, firstAddress, perAddress, batch } }  → { opened: Tally }
 *               { tally: true } → { tally: Tally }   (the server may have ended some since)
 *               { close: true } → exits
 */
import net from 'node:net'

export interface Tally {
  /** Answered 200 and sent their `ready`. */
  ready: number
  /** Answered 503 (with Retry-After, counted in retryAfter). */
  refused: number
  retryAfter: number
  /** Any other answer, a socket error, or no answer within the time. */
  failed: number
  /** Of the ready ones, ended by the server since. */
  endedByServer: number
  /** The first few failures, to say why. */
  errors: string[]
}

interface Held {
  socket: net.Socket
  head: string
  state: 'waiting' | 'ready' | 'refused' | 'failed'
  ended: boolean
}

const held: Held[] = []
const tally = (): Tally => {
  const t: Tally = { ready: 0, refused: 0, retryAfter: 0, failed: 0, endedByServer: 0, errors: [] }
  for (const h of held) {
    if (h.state === 'ready') t.ready++
    else if (h.state === 'refused') t.refused++
    else t.failed++
    if (h.state === 'ready' && h.ended) t.endedByServer++
    if (h.state === 'refused' && /\r\nretry-after: *\d+/i.test(h.head)) t.retryAfter++
  }
  t.errors = errors.slice(0, 5)
  return t
}
const errors: string[] = []

function openOne(port: number, path: string, localAddress: string): Promise<void> {
  return new Promise((resolve) => {
    const h: Held = { socket: new net.Socket(), head: '', state: 'waiting', ended: false }
    held.push(h)
    let settled = false
    const settle = (state: Held['state'], why?: string) => {
      if (settled) return
      settled = true
      h.state = state
      if (why && errors.length < 20) errors.push(why)
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(() => settle('failed', `no answer from ${localAddress} within 60 s`), 60_000)
    h.socket.on('error', (e) => {
      h.ended = true
      settle('failed', `${localAddress}: ${e.message}`)
    })
    h.socket.on('close', () => {
      h.ended = true
      settle('failed', `${localAddress}: closed before answering`)
    })
    h.socket.on('data', (chunk: Buffer) => {
      if (settled) return
      // Only the head and the first message are kept; later pings are read and dropped.
      h.head += chunk.toString('latin1')
      if (h.head.startsWith('HTTP/1.1 503')) {
        if (h.head.includes('\r\n\r\n')) settle('refused')
      } else if (h.head.startsWith('HTTP/1.1 200')) {
        if (/event: (ready|reset)\n/.test(h.head)) {
          h.head = h.head.slice(0, 200)
          settle('ready')
        }
      } else if (h.head.length > 12) {
        settle('failed', `${localAddress}: ${h.head.slice(0, 40)}`)
      }
    })
    h.socket.connect({ port, host: '127.0.0.1', localAddress }, () => {
      h.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`)
    })
  })
}

async function open(options: { port: number; path: string; count: number; firstAddress: number; perAddress: number; batch: number }): Promise<Tally> {
  let n = 0
  while (n < options.count) {
    const wave: Promise<void>[] = []
    for (let i = 0; i < options.batch && n < options.count; i++, n++) {
      const address = `127.0.0.${options.firstAddress + Math.floor(n / options.perAddress)}`
      wave.push(openOne(options.port, options.path, address))
    }
    await Promise.all(wave)
  }
  return tally()
}

process.on('message', (message: { open?: Parameters<typeof open>[0]; tally?: boolean; close?: boolean }) => {
  if (message.open) {
    void open(message.open).then((t) => process.send!({ opened: t }))
  } else if (message.tally) {
    process.send!({ tally: tally() })
  } else if (message.close) {
    for (const h of held) h.socket.destroy()
    process.exit(0)
  }
})
process.on('disconnect', () => process.exit(0))
process.send!({ started: true })
