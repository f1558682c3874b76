/**
 * The shop's after-sale desk (issue 17): `npm run aftersale -- <command>`.
 *
 *   npm run aftersale -- list [--status submitted|refunded|rejected|withdrawn|approved|0-4] [--ent <EntID>] [--limit <1-500>]
 *   npm run aftersale -- show <AfterSaleID>
 *   npm run aftersale -- approve <AfterSaleID> [--note <text>]
 *   npm run aftersale -- reject <AfterSaleID> --reason <text>
 *
 * Works straight on the server's database (DATABASE_URL or DATA_DIR), migrating it first like the
 * server does. Approving refunds in one transaction (balance → the member's balance with a ledger
 * entry; a provider → its refund; points taken back in proportion; stock of the lines returned)
 * and is idempotent: approving a refunded request again says so and refunds nothing. Exit code 0
 * done, 1 refused (the reason is printed), 2 usage.
 * docs/reviews-aftersale.md "After-sale".
 */
import { AFTERSALE_STATUS } from '../../../src/gateway/after-rows'
import { loadConfig } from '../config'
import {
  approveAfterSale,
  rejectAfterSale,
  shopAfterSale,
  shopAfterSales,
  type AfterSaleRecord,
  type AfterSaleView
} from '../domain/aftersale/aftersale.service'
import { DomainError } from '../domain/errors'
import { domainMessage } from '../http/admin.route'
import { buildPaymentProviders } from '../providers/payment/registry'
import { DevelopmentProvidersRefused } from '../providers/run-mode'
import { createDatabase } from '../storage/database'
import { migrateToLatest } from '../storage/migrations'

const USAGE = `Usage:
  npm run aftersale -- list [--status submitted|approved|rejected|refunded|withdrawn] [--ent <EntID>] [--limit <1-500>]
  npm run aftersale -- show <AfterSaleID>
  npm run aftersale -- approve <AfterSaleID> [--note <text>]
  npm run aftersale -- reject <AfterSaleID> --reason <text>`

const STATUS_NAMES = ['submitted', 'approved', 'rejected', 'refunded', 'withdrawn'] as const

type Out = (line: string) => void

class UsageError extends Error {}

function parseOptions(args: string[], flags: string[]): Record<string, string> {
  const options: Record<string, string> = {}
  for (let i = 0; i < args.length; i++) {
    const name = args[i].replace(/^--/, '')
    if (!args[i].startsWith('--') || !flags.includes(name) || args[i + 1] === undefined) throw new UsageError(`unexpected ${args[i]}`)
    options[name] = args[++i]
  }
  return options
}

/** A text from the shop's terminal as one printable line (no control characters). */
const oneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, ' ').trim()

const statusName = (status: number): string => STATUS_NAMES[status] ?? String(status)

/** One line per request: id, order, status, amount (refunded), reason, created. */
export function requestLine(r: AfterSaleRecord): string {
  const refunded = r.status === AFTERSALE_STATUS.REFUNDED ? ` (refunded ${r.refunded_amount})` : ''
  return [r.after_sale_id, r.order_id, statusName(r.status), `${r.amount}${refunded}`, r.whole_order ? 'whole order' : 'some lines', r.reason, r.created_at].join('  ')
}

function detail(view: AfterSaleView): string[] {
  const r = view.request
  const photos = (JSON.parse(r.file_ids) as string[]).length
  return [
    requestLine(r),
    `  member ${r.vip_id}; ${photos} photo${photos === 1 ? '' : 's'}`,
    ...(r.content ? [`  says: ${oneLine(r.content)}`] : []),
    ...view.lines.map((l) => `  line ${l.line_no}: ${oneLine(l.goods_name)} × ${l.qua} (${l.amount})`),
    ...(r.shop_note ? [`  shop: ${oneLine(r.shop_note)}`] : []),
    ...(r.decided_at ? [`  decided ${r.decided_at}`] : []),
    ...view.refunds.map((f) => `  refunded ${f.amount} through ${f.provider} (payment ${f.pay_id}, ${f.refund_ref}) ${f.created_at}`),
    ...(r.points_reversed ? [`  points taken back: ${r.points_reversed}`] : [])
  ]
}

export async function runAfterSaleCli(argv: string[], out: Out = console.log, err: Out = console.error, now: () => Date = () => new Date()): Promise<number> {
  const [command, ...rest] = argv
  if (!command || !['list', 'show', 'approve', 'reject'].includes(command)) {
    err(USAGE)
    return 2
  }
  let options: Record<string, string>
  let id = ''
  try {
    if (command === 'list') options = parseOptions(rest, ['status', 'ent', 'limit'])
    else {
      id = rest[0] ?? ''
      if (!id || id.startsWith('--')) throw new UsageError(`${command} needs an AfterSaleID`)
      options = parseOptions(rest.slice(1), command === 'approve' ? ['note'] : command === 'reject' ? ['reason'] : [])
      if (command === 'reject' && !oneLine(options.reason ?? '')) throw new UsageError('reject needs --reason <text> (the member reads it)')
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    err(`${error.message}\n${USAGE}`)
    return 2
  }
  let status: number | undefined
  if (options.status !== undefined) {
    status = /^[0-4]$/.test(options.status) ? Number(options.status) : (STATUS_NAMES as readonly string[]).indexOf(options.status)
    if (status < 0) {
      err(`--status: one of ${STATUS_NAMES.join(', ')}\n${USAGE}`)
      return 2
    }
  }
  const limit = options.limit === undefined ? 50 : Number(options.limit)
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
    err(`--limit: 1-500\n${USAGE}`)
    return 2
  }

  const config = loadConfig()
  const database = await createDatabase(config)
  try {
    await migrateToLatest(database)
    const db = database.db
    try {
      if (command === 'list') {
        const rows = await shopAfterSales(db, { entId: options.ent, status, limit })
        if (rows.length === 0) out('No after-sale requests.')
        for (const row of rows) out(requestLine(row))
      } else if (command === 'show') {
        for (const line of detail(await shopAfterSale(db, id))) out(line)
      } else if (command === 'approve') {
        const done = await approveAfterSale(db, await buildPaymentProviders(config, db), { afterSaleId: id, note: options.note ? oneLine(options.note) : '', now: now() })
        if (!done.applied) out(`${id}: already refunded; nothing more was done`)
        else {
          const through = done.refunds.map((f) => `${f.amount} through ${f.provider}`).join(', ')
          const stock = done.stockReturned.map((s) => `${s.units} × ${s.skuId}`).join(', ')
          out(`${id}: approved and refunded ${done.request.refunded_amount} (${through})${done.pointsReversed ? `; ${done.pointsReversed} points taken back` : ''}${stock ? `; stock returned: ${stock}` : ''}`)
        }
      } else {
        const done = await rejectAfterSale(db, { afterSaleId: id, reason: oneLine(options.reason), now: now() })
        out(`${id}: rejected (${oneLine(done.request.shop_note)})`)
      }
      return 0
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      err(`${id || command}: ${domainMessage(error)} [${error.code}]`)
      return 1
    }
  } finally {
    await database.destroy()
  }
}

if (require.main === module) {
  runAfterSaleCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof DevelopmentProvidersRefused ? `npm run aftersale refused: ${error.message}` : error)
      process.exit(1)
    }
  )
}
