/**
 * What the loopback fakes of the SMS vendors share (fake-aliyun-sms.ts, fake-tencent-sms.ts,
 * fake-twilio.ts): an HTTP server on 127.0.0.1 and a free port, every request recorded as it came
 * (method, path, headers, raw body), and the faults a network has, queued by the test:
 *   - 'hang': the request is read and never answered (the client's timeout must end it);
 *   - 'drop': the connection is destroyed without an answer.
 * A vendor's own answers (success, each refusal in the vendor's documented shape) are the fake's.
 */
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  /** Path and query as sent. */
  url: string
  headers: http.IncomingHttpHeaders
  body: string
}

export type NetworkFault = 'hang' | 'drop'

export interface VendorAnswer {
  status: number
  body: unknown
  headers?: Record<string, string>
}

export class FakeVendorServer<Fault extends string> {
  readonly requests: RecordedRequest[] = []
  private readonly server: http.Server
  private readonly faults: (Fault | NetworkFault)[] = []
  private readonly hanging = new Set<http.ServerResponse>()
  port = 0

  constructor(private readonly answer: (request: RecordedRequest, fault: Fault | null) => VendorAnswer) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        const recorded: RecordedRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
        this.requests.push(recorded)
        const fault = this.faults.shift() ?? null
        if (fault === 'hang') {
          this.hanging.add(res)
          return
        }
        if (fault === 'drop') {
          req.socket.destroy()
          return
        }
        const { status, body, headers } = this.answer(recorded, fault as Fault | null)
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers })
        res.end(typeof body === 'string' ? body : JSON.stringify(body))
      })
    })
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.address() as AddressInfo).port
    return this
  }

  /** The next requests meet these faults or refusals, in order; then the vendor answers normally again. */
  next(...faults: (Fault | NetworkFault)[]): void {
    this.faults.push(...faults)
  }

  /** The last request, parsed by the vendor's fake. */
  get last(): RecordedRequest | undefined {
    return this.requests[this.requests.length - 1]
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

/** A request id as the vendors give them (a UUID). */
export const requestId = (): string => randomUUID().toUpperCase()
