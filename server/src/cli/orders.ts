/**
 * npm run orders -- list [--base B201] [--status 1] [--day YYYY-MM-DD] [--ent E1001] [--limit 50]
 * npm run orders -- show <SheetID>
 * npm run orders -- ready|complete|cancel <SheetID> [<SheetID> …]
 * npm run orders -- close-sheet <table SheetID> [<SheetID> …]   (the bill was settled at the counter)
 *
 * The shop moves orders on, straight on the database the server uses (SQLite file or
 * DATABASE_URL), through the same state table as the admin API (actor 'shop'). A running server
 * sees the change on its next read. Cancelling a paid order refunds it (balance → the member's
 * balance; sandbox → the sandbox records the refund) and takes back its points. Exit code 0
 * when everything asked was done, 1 when any order could not be moved (each is reported), 2 for
 * a usage error.
 */
import { loadConfig } from '../config'
import { DomainError } from '../domain/errors'
import { applyShopAction, listShopOrders, shopOrder, SHOP_ACTIONS, type ShopAction, type ShopOrderView } from '../domain/orders/order.service'
import { kitchenTicket } from '../domain/orders/order-view'
import { closeSheet } from '../domain/table-sheets/table-sheet.service'
import { createDatabase } from '../storage/database'
import { buildPaymentProviders } from '../providers/payment/registry'
import { DevelopmentProvidersRefused } from '../providers/run-mode'
import type { Database } from '../storage/schema'
import type { Kysely } from 'kysely'
import { migrateToLatest } from '../storage/migrations'
import { domainMessage } from '../http/admin.route'
import { translate } from '../../../src/i18n/translate'
import type { MessageKey } from '../../../src/i18n/catalogues'
import { BALANCE_PROVIDER, PAYMENT_STATUS, type OrderRow } from '../../../src/gateway/order-rows'

const USAGE = `Usage:
  npm run orders -- list [--base <BaseID>] [--status <0-5>] [--day <YYYY-MM-DD>] [--ent <EntID>] [--limit <1-500>]
  npm run orders -- show <SheetID>
  npm run orders -- ready|complete|cancel <SheetID> [<SheetID> …]
  npm run orders -- close-sheet <table SheetID> [<SheetID> …]`

const statusText = (status: number): string => translate('en', `order.status.${status}` as MessageKey)

/** One line per order: id, branch, status, pickup number, amount, created, service. */
export function orderLine(o: OrderRow): string {
  const pickup = o.PickupNo ? `#${o.PickupNo}` : '-'
  return [o.SheetID, o.BaseID, `${o.Status} ${statusText(o.Status)}`, pickup, o.Amount, o.CreatedDate, o.ServiceType, o.AppointedTime || 'asap'].join('  ')
}

/** The order's line, its places and money, then the kitchen ticket (every choice, remark, service facts). */
function detail(view: ShopOrderView): string {
  const o = view.order
  return [orderLine(o), `  ${o.ShopName} / ${o.BaseName}; goods ${o.GoodsAmount}, bags ${o.BagFee}, freight ${o.Freight}${o.CardID ? `, coupon -${o.CouponAmount} (card ${o.CardID})` : ''}, paid ${o.PaidAmount}`, ...kitchenTicket(o, view.lines, view.branch ?? undefined)].join('\n')
}

interface ListOptions {
  base?: string
  status?: number
  day?: string
  ent?: string
  limit?: number
}

function parseListOptions(args: string[]): ListOptions | string {
  const options: ListOptions = {}
  for (let i = 0; i < args.length; i += 2) {
    const [flag, value] = [args[i], args[i + 1]]
    if (value === undefined) return `${flag} needs a value`
    if (flag === '--base') options.base = value
    else if (flag === '--ent') options.ent = value
    else if (flag === '--day') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return '--day must be YYYY-MM-DD'
      options.day = value
    } else if (flag === '--status') {
      const n = Number(value)
      if (!Number.isInteger(n) || n < 0 || n > 5) return '--status must be 0-5'
      options.status = n
    } else if (flag === '--limit') {
      const n = Number(value)
      if (!Number.isInteger(n) || n < 1 || n > 500) return '--limit must be 1-500'
      options.limit = n
    } else return `unknown option ${flag}`
  }
  return options
}

async function findSheetAnyEnterprise(db: Kysely<Database>, sheetId: string) {
  return db.selectFrom('table_sheets').selectAll().where('sheet_id', '=', sheetId).executeTakeFirst()
}

/** '; refunded 12.00 to balance' after cancelling a paid order ('' otherwise). */
async function refundsText(db: Kysely<Database>, orderId: string, command: string): Promise<string> {
  if (command !== 'cancel') return ''
  const refunded = await db.selectFrom('payments').select(['amount', 'provider']).where('order_id', '=', orderId).where('status', '=', PAYMENT_STATUS.REFUNDED).execute()
  return refunded.map((p) => `; refunded ${p.amount} ${p.provider === BALANCE_PROVIDER ? 'to balance' : `through ${p.provider}`}`).join('')
}

/** Runs one command; out/err print lines. Returns the exit code. */
export async function runOrdersCli(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  const [command, ...rest] = argv
  const isAction = (SHOP_ACTIONS as readonly string[]).includes(command)
  if (!command || !(isAction || command === 'list' || command === 'show' || command === 'close-sheet')) {
    err(USAGE)
    return 2
  }
  let listOptions: ListOptions = {}
  if (command === 'list') {
    const parsed = parseListOptions(rest)
    if (typeof parsed === 'string') {
      err(`${parsed}\n${USAGE}`)
      return 2
    }
    listOptions = parsed
  } else if (rest.length === 0) {
    err(`${command} needs a SheetID\n${USAGE}`)
    return 2
  }

  const config = loadConfig()
  const database = await createDatabase(config)
  try {
    await migrateToLatest(database)
    const db = database.db
    if (command === 'list') {
      const { rows, total } = await listShopOrders(db, { entId: listOptions.ent, baseId: listOptions.base, status: listOptions.status, businessDay: listOptions.day, limit: listOptions.limit }, 'en', new Date())
      if (rows.length === 0) out('No orders.')
      for (const row of rows) out(orderLine(row))
      if (rows.length < total) out(`(${rows.length} of ${total}; --limit for more)`)
      return 0
    }
    let failed = 0
    for (const sheetId of rest) {
      try {
        if (command === 'show') out(detail(await shopOrder(db, sheetId, 'en', new Date())))
        else if (command === 'close-sheet') {
          const sheet = await findSheetAnyEnterprise(db, sheetId)
          if (!sheet) throw new DomainError('ORDER_NOT_FOUND')
          const closed = await closeSheet(db, sheet.ent_id, sheetId, new Date(), true)
          out(`${sheetId}: table ${closed.table_id} closed, now ${statusText(closed.status)} (${closed.round_count} round${Number(closed.round_count) === 1 ? '' : 's'}, ${closed.amount})`)
        } else {
          const view = await applyShopAction(db, sheetId, command as ShopAction, 'en', new Date(), await buildPaymentProviders(config, db))
          out(`${sheetId}: ${command} done, now ${statusText(view.order.Status)}${view.order.PickupNo ? ` (pickup #${view.order.PickupNo})` : ''}${await refundsText(db, sheetId, command)}`)
        }
      } catch (error) {
        if (!(error instanceof DomainError)) throw error
        failed++
        err(`${sheetId}: ${domainMessage(error)} [${error.code}]`)
      }
    }
    return failed > 0 ? 1 : 0
  } finally {
    await database.destroy()
  }
}

if (require.main === module) {
  runOrdersCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      // A refused run mode is the deployer's to fix: its message says how; no stack trace.
      console.error(error instanceof DevelopmentProvidersRefused ? `npm run orders refused: ${error.message}` : error)
      process.exit(1)
    }
  )
}
