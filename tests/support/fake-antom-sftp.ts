/**
 * A loopback stand-in for Antom's SFTP server (isftp.alipay.com), speaking SSH2 and SFTP through
 * ssh2's Server with a host key and a user key the test makes. It serves, read-only, the files the
 * test puts under its tree: Antom's transaction details reports at
 * /v1/settlements/<merchant id>/<yyyyMMdd>/transactionItems_<yyyyMMdd>_000.csv, written in the
 * documented layout (a header of parameter names, the rows, `<END>`) by antomReport().
 * It accepts the user's public key (the signature checked) or the password, nothing else.
 */
import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { Server, utils, type Connection, type ParsedKey, type ServerSftp } from 'ssh2'

export interface SftpKeys {
  /** The server's host key (RSA, PKCS#1 PEM) and its fingerprint as ssh-keygen -l prints it. */
  hostKeyPem: string
  hostFingerprint: string
  /** The merchant's login key (RSA, PKCS#1 PEM) whose public half the fake accepts. */
  userKeyPem: string
}

const rsaPem = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
const parsed = (pem: string): ParsedKey => {
  const k = utils.parseKey(pem)
  if (k instanceof Error) throw k
  return Array.isArray(k) ? k[0] : k
}

export function makeSftpKeys(): SftpKeys {
  const hostKeyPem = rsaPem()
  const blob = parsed(hostKeyPem).getPublicSSH()
  return { hostKeyPem, hostFingerprint: `SHA256:${crypto.createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`, userKeyPem: rsaPem() }
}

/** One row of the report as Antom documents its parameters (values as text). */
export interface AntomReportRow {
  transactionId: string
  transactionRequestId: string
  transactionType: string
  transactionAmountValue: string
  transactionCurrency: string
  transactionTime: string
  originalTransactionId?: string
  originalTransactionRequestId?: string
}

/** The columns of the fake's report, in the order Antom's documentation lists the parameters it has. */
export const REPORT_COLUMNS = ['customerId', 'acquirer', 'transactionId', 'originalTransactionId', 'transactionRequestId', 'originalTransactionRequestId', 'paymentMethodType', 'transactionType', 'transactionTime', 'transactionAmountValue', 'transactionCurrency', 'settlementCurrency', 'remarks'] as const

/** A transaction details report's text: header, rows, <END>. */
export function antomReport(rows: AntomReportRow[], customerId = '1022188000000000001'): string {
  const line = (r: AntomReportRow) => REPORT_COLUMNS.map((c) => ({ customerId, acquirer: 'AntomHK', paymentMethodType: 'ALIPAY_HK', settlementCurrency: r.transactionCurrency, remarks: '', ...r })[c] ?? '').join(',')
  return [REPORT_COLUMNS.join(','), ...rows.map(line), '<END>', ''].join('\r\n')
}

export class FakeAntomSftp {
  /** Path → content. Folders are implied by the paths. */
  readonly files = new Map<string, string>()
  readonly logins: Array<{ user: string; method: string }> = []
  private server: Server | null = null
  port = 0

  constructor(
    private readonly keys: SftpKeys,
    readonly user = 'antom_merchant',
    readonly password: string | null = null
  ) {}

  async start(): Promise<void> {
    const userKey = parsed(this.keys.userKeyPem)
    const userBlob = userKey.getPublicSSH()
    this.server = new Server({ hostKeys: [this.keys.hostKeyPem] }, (client: Connection) => {
      client.on('authentication', (ctx) => {
        this.logins.push({ user: ctx.username, method: ctx.method })
        if (ctx.username !== this.user) return ctx.reject()
        if (ctx.method === 'password' && this.password !== null && ctx.password === this.password) return ctx.accept()
        if (ctx.method === 'publickey' && ctx.key && ctx.key.data.equals(userBlob)) {
          if (!ctx.signature) return ctx.accept() // the client asks whether the key would do
          if (ctx.blob && userKey.verify(ctx.blob, ctx.signature, ctx.hashAlgo) === true) return ctx.accept()
        }
        ctx.reject(this.password !== null ? ['publickey', 'password'] : ['publickey'])
      })
      client.on('ready', () => client.on('session', (accept) => accept().on('sftp', (acceptSftp) => this.serve(acceptSftp()))))
      client.on('error', () => undefined)
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()))
    this.port = (this.server.address() as AddressInfo).port
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  private serve(sftp: ServerSftp): void {
    const { OK, EOF, NO_SUCH_FILE, PERMISSION_DENIED } = utils.sftp.STATUS_CODE
    const handles = new Map<string, { path: string; dir: boolean; listed: boolean }>()
    let next = 0
    const open = (path: string, dir: boolean) => {
      const h = Buffer.from(String(next++))
      handles.set(h.toString(), { path, dir, listed: false })
      return h
    }
    const entries = (dir: string): string[] => {
      const prefix = `${dir.replace(/\/+$/, '')}/`
      return [...new Set([...this.files.keys()].filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length).split('/')[0]))]
    }
    const attrs = (size: number, dir = false) => ({ mode: (dir ? 0o040000 : 0o100000) | 0o444, uid: 0, gid: 0, size, atime: 0, mtime: 0 })
    sftp.on('OPEN', (reqid: number, filename: string, flags: number) => {
      if (flags !== 1) return sftp.status(reqid, PERMISSION_DENIED) // read-only (SSH2_FXF_READ)
      if (!this.files.has(filename)) return sftp.status(reqid, NO_SUCH_FILE)
      sftp.handle(reqid, open(filename, false))
    })
    sftp.on('FSTAT', (reqid: number, handle: Buffer) => {
      const h = handles.get(handle.toString())
      if (!h) return sftp.status(reqid, NO_SUCH_FILE)
      sftp.attrs(reqid, attrs(h.dir ? 0 : Buffer.byteLength(this.files.get(h.path)!), h.dir))
    })
    sftp.on('READ', (reqid: number, handle: Buffer, offset: number, length: number) => {
      const h = handles.get(handle.toString())
      if (!h || h.dir) return sftp.status(reqid, NO_SUCH_FILE)
      const data = Buffer.from(this.files.get(h.path)!)
      if (offset >= data.length) return sftp.status(reqid, EOF)
      sftp.data(reqid, data.subarray(offset, offset + length))
    })
    sftp.on('OPENDIR', (reqid: number, path: string) => {
      if (entries(path).length === 0) return sftp.status(reqid, NO_SUCH_FILE)
      sftp.handle(reqid, open(path, true))
    })
    sftp.on('READDIR', (reqid: number, handle: Buffer) => {
      const h = handles.get(handle.toString())
      if (!h || !h.dir) return sftp.status(reqid, NO_SUCH_FILE)
      if (h.listed) return sftp.status(reqid, EOF)
      h.listed = true
      sftp.name(
        reqid,
        entries(h.path).map((filename) => {
          const full = `${h.path.replace(/\/+$/, '')}/${filename}`
          const file = this.files.get(full)
          return { filename, longname: filename, attrs: attrs(file === undefined ? 0 : Buffer.byteLength(file), file === undefined) }
        })
      )
    })
    sftp.on('CLOSE', (reqid: number, handle: Buffer) => {
      handles.delete(handle.toString())
      sftp.status(reqid, OK)
    })
  }
}
