/** A Server-Sent Events client over plain HTTP for tests (live streams): every message as it arrives. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestServer } from './test-server'

export async function listen(app: TestServer['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}

export interface Message {
  id: string | null
  event: string
  data: any
}

/** An SSE client over plain HTTP: every message as it arrives. */
export function openStream(url: string, headers: Record<string, string> = {}) {
  const messages: Message[] = []
  const waiters: { test(m: Message): boolean; resolve(m: Message): void }[] = []
  let status = 0
  let responseHeaders: http.IncomingHttpHeaders = {}
  let buffer = ''
  let raw = ''
  let request: http.ClientRequest
  let markEnded: () => void = () => undefined
  /** Resolves when the server ends the response. */
  const ended = new Promise<void>((resolve) => (markEnded = resolve))
  const opened = new Promise<void>((resolve, reject) => {
    request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      status = res.statusCode ?? 0
      responseHeaders = res.headers
      res.setEncoding('utf8')
      res.on('end', () => markEnded())
      res.on('close', () => markEnded())
      res.on('data', (chunk: string) => {
        buffer += chunk
        raw += chunk
        let cut: number
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut)
          buffer = buffer.slice(cut + 2)
          const message: Message = { id: null, event: 'message', data: undefined }
          let fields = 0
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line) continue
            const at = line.indexOf(':')
            const name = at < 0 ? line : line.slice(0, at)
            const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '')
            if (name === 'id') message.id = value
            else if (name === 'event') message.event = value
            else if (name === 'data') message.data = JSON.parse(value)
            else continue
            fields++
          }
          if (!fields) continue
          messages.push(message)
          for (const w of [...waiters]) {
            if (w.test(message)) {
              waiters.splice(waiters.indexOf(w), 1)
              w.resolve(message)
            }
          }
        }
      })
      resolve()
    })
    request.on('error', reject)
  })
  return {
    messages,
    opened,
    ended,
    get status() {
      return status
    },
    get headers() {
      return responseHeaders
    },
    /** Everything received, comments included. */
    get raw() {
      return raw
    },
    /** The first message (already here or to come) that passes `test`. */
    next(test: (m: Message) => boolean, timeoutMs = 10_000): Promise<Message> {
      const seen = messages.find(test)
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no such message within ${timeoutMs} ms; got ${JSON.stringify(messages)}`)), timeoutMs)
        waiters.push({ test, resolve: (m) => (clearTimeout(timer), resolve(m)) })
      })
    },
    close() {
      request.destroy()
    }
  }
}
