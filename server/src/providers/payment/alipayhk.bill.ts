/**
 * AlipayHK's bill: Antom's transaction details report, read from the SFTP server Antom gives the
 * merchant (Antom has no API that downloads it; its Dashboard is the only other way). What Antom
 * documents (docs.antom.com/ac/reconcile/transaction_details, …/perform, …/marketplace/obtain_reports):
 *
 *   - daily files on isftp.alipay.com, port 22, a login from Antom's technical support, UTF-8;
 *   - the path `/v1/settlements/<merchant id>/<yyyyMMdd>/transactionItems_<yyyyMMdd>_000.csv`
 *     (the transaction date; a day's file may be split into _001, _002 …);
 *   - the file: one header line of parameter names, the rows, and `<END>` as the last line;
 *   - columns used, found by name: transactionId (Antom's paymentId or refundId),
 *     transactionRequestId (our paymentRequestId or refundRequestId), transactionType
 *     (PAYMENT, REFUND, CANCEL, …), transactionAmountValue and transactionCurrency (the amount
 *     in the currency's major unit, '23.50'), transactionTime; transactionStatus and
 *     originalTransactionRequestId when the file has them.
 *
 * Rows become the bill rows bill.ts defines, compared by domain/payments/reconcile.ts exactly as
 * WeChat Pay's and Alipay's are. A file whose header lacks a column we need, a row that does not
 * read, a transaction type we do not know, or no `<END>` is refused, naming what was wrong: a
 * reconciliation that skipped what it did not understand would call a day clean that is not.
 *
 * Antom's days are taken as days in Hong Kong / Macau time (UTC+8, Beijing's too). A payment in
 * another currency than the one its shop charges (MOP or HKD) is listed as a status difference.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { Kysely } from 'kysely'
import { Client, type SFTPWrapper } from 'ssh2'
import type { ServerConfig } from '../../config'
import { moneySettings } from '../../domain/payments/payment.service'
import type { Database } from '../../storage/schema'
import { ProviderSettingError } from '../run-mode'
import { antomCurrency, splitRefundRequestId } from './alipayhk.provider'
import type { AlipayHkSftpSettings } from './alipayhk.settings'
import { beijingTimeToIso, billAmount, BillFormatError, type Bill, type BillRow } from './bill'
import type { PaymentProviders } from './payment-provider'

const PROVIDER = 'alipayhk'

/** The columns a row cannot be read without. */
const REQUIRED = ['transactionId', 'transactionRequestId', 'transactionType', 'transactionAmountValue', 'transactionCurrency', 'transactionTime'] as const

/** A bill row with the currency Antom gives it. */
export interface AntomBillRow extends BillRow {
  currency: string
}

/** One CSV line's fields (RFC 4180 quoting: "a,b" and "" inside quotes). Null when a quote is not closed. */
function csvFields(line: string): string[] | null {
  const out: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"' && field === '') quoted = true
    else if (c === ',') {
      out.push(field.trim())
      field = ''
    } else field += c
  }
  if (quoted) return null
  out.push(field.trim())
  return out
}

/** An Antom time ('2026-11-28T12:00:00+08:00', or wall-clock text in UTC+8) → ISO instant; null when it is not one. */
function antomTime(text: string): string | null {
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const t = Date.parse(text)
    return Number.isFinite(t) ? new Date(t).toISOString() : null
  }
  return beijingTimeToIso(text)
}

/** Antom's transaction details report (the text of one file) → bill rows. Throws BillFormatError naming what it cannot read. */
export function parseAntomTransactionReport(text: string, file = 'the report'): AntomBillRow[] {
  const bad = (why: string) => new BillFormatError(PROVIDER, `${file}: ${why}`)
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop()
  if (lines.length === 0) throw bad('the file is empty')
  if (lines[lines.length - 1].trim() !== '<END>') throw bad(`its last line is not <END> (the file is cut short or not a transaction details report)`)
  lines.pop()
  const header = csvFields(lines.shift() ?? '')
  if (!header || header.length < REQUIRED.length) throw bad('no header line of parameter names')
  const unnamed = header.filter((h) => !/^[A-Za-z][A-Za-z0-9_]*$/.test(h))
  if (unnamed.length > 0) throw bad(`the header has columns that are not parameter names: ${unnamed.map((h) => `'${h}'`).join(', ')}`)
  const twice = header.filter((h, i) => header.indexOf(h) !== i)
  if (twice.length > 0) throw bad(`the header names ${twice.join(', ')} twice`)
  const missing = REQUIRED.filter((c) => !header.includes(c))
  if (missing.length > 0) throw bad(`the header lacks ${missing.join(', ')} (it has ${header.join(', ')})`)
  const col = (name: string) => header.indexOf(name)

  const rows: AntomBillRow[] = []
  lines.forEach((line, i) => {
    const n = i + 2
    if (line.trim() === '') return
    const f = csvFields(line)
    if (!f || f.length !== header.length) throw bad(`line ${n} has ${f ? f.length : 'an unclosed quote and no'} fields, the header ${header.length}`)
    const get = (name: string) => (col(name) < 0 ? '' : f[col(name)])
    const type = get('transactionType')
    const requestId = get('transactionRequestId')
    const vendorRef = get('transactionId')
    const amount = billAmount(get('transactionAmountValue'))
    const at = antomTime(get('transactionTime'))
    const currency = get('transactionCurrency')
    if (!requestId || !vendorRef) throw bad(`line ${n} has no transactionRequestId or transactionId`)
    if (amount === null) throw bad(`line ${n}: transactionAmountValue '${get('transactionAmountValue')}' is not an amount in major units with at most two decimals`)
    if (at === null) throw bad(`line ${n}: transactionTime '${get('transactionTime')}' is not a time`)
    if (!/^[A-Z]{3}$/.test(currency)) throw bad(`line ${n}: transactionCurrency '${currency}' is not a currency code`)
    const status = get('transactionStatus').toUpperCase()
    const succeeded = status === '' || status === 'SUCCESS'
    if (type === 'PAYMENT') {
      rows.push({ kind: 'payment', at, outTradeNo: requestId, vendorRef, status: succeeded ? 'paid' : status.toLowerCase(), amount, currency })
    } else if (type === 'REFUND') {
      const { payId, refundNo } = splitRefundRequestId(requestId)
      const original = get('originalTransactionRequestId')
      if (original && original !== payId) throw bad(`line ${n}: refund ${requestId} names payment ${original}, its refundRequestId ${payId}`)
      rows.push({ kind: 'refund', at, outTradeNo: payId, vendorRef, status: succeeded ? 'refunded' : status.toLowerCase(), amount, refundNo, currency })
    } else if (type === 'CANCEL') {
      // Antom gave a paid payment's money back on a cancel: a refund we never asked for as one.
      rows.push({ kind: 'refund', at, outTradeNo: requestId, vendorRef, status: succeeded ? 'refunded' : status.toLowerCase(), amount, refundNo: 'CANCEL', currency })
    } else {
      throw bad(`line ${n}: transactionType '${type}' is not one this reader knows (PAYMENT, REFUND, CANCEL); look at it in the Antom Dashboard`)
    }
  })
  return rows
}

/** A host key's fingerprint as ssh-keygen -l prints it ('SHA256:' + unpadded base64). */
export function sshFingerprint(key: Buffer): string {
  return `SHA256:${crypto.createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`
}

/** The SFTP settings reconcile needs; throws ProviderSettingError naming every one missing. */
function sftpLogin(s: AlipayHkSftpSettings): { host: string; port: number; user: string; password?: string; privateKey?: Buffer; hostKey: string; dir: string } {
  const missing: string[] = []
  if (!s.host) missing.push('ALIPAYHK_SFTP_HOST (isftp.alipay.com)')
  if (!s.user) missing.push('ALIPAYHK_SFTP_USER (the SFTP account from Antom)')
  if (!s.password && !s.keyPath) missing.push('ALIPAYHK_SFTP_PASSWORD or ALIPAYHK_SFTP_KEY_PATH')
  if (!s.hostKey) missing.push("ALIPAYHK_SFTP_HOST_KEY (the server's SHA256: fingerprint)")
  if (!s.dir) missing.push('ALIPAYHK_SFTP_DIR (/v1/settlements/<merchant id>)')
  if (s.port !== null && !(Number.isInteger(s.port) && s.port > 0 && s.port < 65536)) missing.push('ALIPAYHK_SFTP_PORT (a port number)')
  if (s.hostKey && !/^SHA256:[A-Za-z0-9+/]{43}$/.test(s.hostKey)) missing.push("ALIPAYHK_SFTP_HOST_KEY (as ssh-keygen -l prints it: 'SHA256:' and 43 characters)")
  if (missing.length > 0) throw new ProviderSettingError(missing[0].split(' ')[0], `reconcile alipayhk needs ${missing.join('; ')}`)
  let privateKey: Buffer | undefined
  if (s.keyPath) {
    try {
      privateKey = fs.readFileSync(s.keyPath)
    } catch {
      throw new ProviderSettingError('ALIPAYHK_SFTP_KEY_PATH', `reconcile alipayhk: ALIPAYHK_SFTP_KEY_PATH ${s.keyPath} cannot be read`)
    }
  }
  return { host: s.host!, port: s.port ?? 22, user: s.user!, password: s.password ?? undefined, privateKey, hostKey: s.hostKey!, dir: s.dir!.replace(/\/+$/, '') }
}

const call = <T>(fn: (cb: (err: Error | undefined, value: T) => void) => void): Promise<T> => new Promise((resolve, reject) => fn((err, value) => (err ? reject(err) : resolve(value))))

/** The day's report files from Antom's SFTP server, by name. The host key must be the one the settings name. */
export async function fetchAntomReports(settings: AlipayHkSftpSettings, date: string): Promise<Array<{ name: string; text: string }>> {
  const login = sftpLogin(settings)
  const day = date.replace(/-/g, '')
  const folder = `${login.dir}/${day}`
  const conn = new Client()
  let presented: string | null = null
  try {
    const sftp = await new Promise<SFTPWrapper>((resolve, reject) => {
      conn.on('error', (e: Error) => reject(presented !== null && presented !== login.hostKey ? new Error(`the SFTP server ${login.host} presented host key ${presented}, not ALIPAYHK_SFTP_HOST_KEY: refused`) : e))
      conn.on('ready', () => conn.sftp((err, s) => (err ? reject(err) : resolve(s))))
      conn.connect({
        host: login.host,
        port: login.port,
        username: login.user,
        password: login.password,
        privateKey: login.privateKey,
        readyTimeout: 20_000,
        hostVerifier: (key: Buffer) => {
          presented = sshFingerprint(key)
          return presented === login.hostKey
        }
      })
    })
    let names: string[]
    try {
      names = (await call<Array<{ filename: string }>>((cb) => sftp.readdir(folder, cb))).map((e) => e.filename)
    } catch (e) {
      throw new Error(`no report folder ${folder} on the SFTP server (${(e as Error).message}): Antom writes day D's report on D+1`)
    }
    const wanted = new RegExp(`^transactionItems_${day}_\\d{3}\\.csv$`)
    const files = names.filter((n) => wanted.test(n)).sort()
    if (files.length === 0) throw new Error(`no transactionItems_${day}_000.csv in ${folder} (it has ${names.length ? names.join(', ') : 'nothing'})`)
    const out: Array<{ name: string; text: string }> = []
    for (const name of files) out.push({ name, text: (await call<Buffer>((cb) => sftp.readFile(`${folder}/${name}`, cb))).toString('utf8') })
    return out
  } finally {
    conn.end()
  }
}

/**
 * Rows in another currency than the one their shop charges: a payment or refund in HKD for a
 * MOP shop moved other money than we asked for. The status says so, which the comparison lists.
 */
async function markForeignCurrency(db: Kysely<Database>, rows: AntomBillRow[]): Promise<BillRow[]> {
  const ids = [...new Set(rows.map((r) => r.outTradeNo))]
  const entOf = new Map<string, string>()
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500)
    for (const p of await db.selectFrom('payments').select(['pay_id', 'ent_id']).where('provider', '=', PROVIDER).where('pay_id', 'in', part).execute()) entOf.set(p.pay_id, p.ent_id)
    for (const r of await db.selectFrom('recharges').select(['recharge_id', 'ent_id']).where('provider', '=', PROVIDER).where('recharge_id', 'in', part).execute()) entOf.set(r.recharge_id, r.ent_id)
  }
  const currencyOf = new Map<string, string | null>()
  const out: BillRow[] = []
  for (const { currency, ...row } of rows) {
    const ent = entOf.get(row.outTradeNo)
    if (ent !== undefined && !currencyOf.has(ent)) currencyOf.set(ent, antomCurrency((await moneySettings(db, ent)).currency))
    const ours = ent === undefined ? undefined : currencyOf.get(ent)
    if (ours !== undefined && currency !== ours) out.push({ ...row, status: `${row.status} in ${currency}, the shop charges ${ours ?? 'neither MOP nor HKD'}` })
    else out.push(row)
  }
  return out
}

/** The day's bill of the alipayhk provider: Antom's report files, parsed and checked against our currencies. */
export async function downloadAlipayHkBill(settings: AlipayHkSftpSettings, db: Kysely<Database>, date: string): Promise<Bill> {
  const files = await fetchAntomReports(settings, date)
  const rows = files.flatMap((f) => parseAntomTransactionReport(f.text, f.name))
  return { provider: PROVIDER, date, rows: await markForeignCurrency(db, rows) }
}

/** Gives a configured alipayhk provider its bill (for the reconcile command; the provider itself has none). */
export function registerAlipayHkBill(providers: PaymentProviders, config: Pick<ServerConfig, 'alipayHk'>, db: Kysely<Database>): void {
  const provider = providers.get(PROVIDER)
  if (provider && typeof provider.downloadBill !== 'function') provider.downloadBill = (date: string) => downloadAlipayHkBill(config.alipayHk.sftp, db, date)
}
