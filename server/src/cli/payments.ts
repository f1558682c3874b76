/**
 * npm run payments -- reconcile <YYYY-MM-DD> [--provider wechatpay|alipay] [--json]
 *
 * Downloads each real payment provider's bill of that day (Beijing time; the providers
 * PAYMENT_PROVIDERS names, with their WECHATPAY_* / ALIPAY_* settings) and lists every difference
 * from our ledger (server/src/domain/payments/reconcile.ts; docs/payments-reconcile.md says what
 * each means and what to do). Exit code 0 when nothing differs, 1 when something does, 2 for a
 * bad input or a vendor error (the vendor's message is printed).
 */
import type { Kysely } from 'kysely'
import { loadConfig, type ServerConfig } from '../config'
import { loadLedger, reconcile, type Difference, type Reconciliation } from '../domain/payments/reconcile'
import { beijingDate, isBillDate } from '../providers/payment/bill'
import type { PaymentProviders } from '../providers/payment/payment-provider'
import { buildPaymentProviders } from '../providers/payment/registry'
import { DevelopmentProvidersRefused, ProviderChoiceError, ProviderSettingError } from '../providers/run-mode'
import { createDatabase } from '../storage/database'
import { migrateToLatest } from '../storage/migrations'
import type { Database } from '../storage/schema'

const USAGE = `Usage:
  npm run payments -- reconcile <YYYY-MM-DD> [--provider wechatpay|alipay] [--json]`

const LABEL: Record<string, string> = { wechatpay: 'WeChat Pay', alipay: 'Alipay', alipayhk: 'AlipayHK' }

/** One difference as a line: what it is, the numbers, both sides. */
export function differenceLine(d: Difference): string {
  switch (d.kind) {
    case 'not-ours':
      return `in the bill, not ours     ${d.id}  vendor ${d.vendorAmount}  at ${d.at}  (vendor ref ${d.vendorRef})`
    case 'not-in-bill':
      return `ours, not in the bill     ${d.id}  ours ${d.ourAmount}  settled ${d.settledAt}`
    case 'amount':
      return `amount differs            ${d.id}  ours ${d.ourAmount}  vendor ${d.vendorAmount}`
    case 'status':
      return `status differs            ${d.id}  ours ${d.ours}  vendor ${d.vendor}`
    case 'other-day':
      return `dated on another day      ${d.id}  ours ${d.settledAt}  vendor ${d.at}`
    case 'refund-not-ours':
      return `refund not recorded by us ${d.id}  refund ${d.refundNo}  vendor ${d.vendorAmount} (${d.vendorStatus})  our payment ${d.ours}`
    case 'refund-not-in-bill':
      return `refund not in the bill    ${d.id}  refund ${d.refundNo}  ours ${d.ourAmount}  at ${d.at}`
    case 'refund-amount':
      return `refund amount differs     ${d.id}  refund ${d.refundNo}  ours ${d.ourAmount}  vendor ${d.vendorAmount}`
    case 'refund-status':
      return `refund status differs     ${d.id}  refund ${d.refundNo}  ours given  vendor ${d.vendor}`
  }
}

function report(provider: string, r: Reconciliation, out: (line: string) => void): void {
  out(`${LABEL[provider] ?? provider} (${provider}), bill of ${r.date} (Beijing time)`)
  if (r.differences.length === 0) out('  No differences.')
  else {
    out(`  Differences (${r.differences.length}):`)
    for (const d of r.differences) out(`    ${differenceLine(d)}`)
  }
  if (r.neighbours.length > 0) {
    out(`  On the neighbouring day, not differences (${r.neighbours.length}):`)
    for (const n of r.neighbours) {
      const what = n.refundNo ? `${n.id} refund ${n.refundNo}` : n.id
      out(n.side === 'ours-only' ? `    ${what}  ours ${n.ourAt}: late in the day, expect it in the next day's bill` : `    ${what}  ours ${n.ourAt}, vendor ${n.vendorAt}`)
    }
  }
  out(`  Bill: ${r.bill.payments} payments ${r.bill.paymentTotal}, ${r.bill.refunds} refunds ${r.bill.refundTotal}`)
  out(`  Ours: ${r.ours.payments} payments ${r.ours.paymentTotal}, ${r.ours.refunds} refunds ${r.ours.refundTotal}`)
}

export interface PaymentsCliDeps {
  config?: ServerConfig
  db?: Kysely<Database>
  providers?: PaymentProviders
  now?: Date
}

/** Runs one command; out/err print lines. Returns the exit code. */
export async function runPaymentsCli(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error, deps: PaymentsCliDeps = {}): Promise<number> {
  const [command, date, ...rest] = argv
  if (command !== 'reconcile' || date === undefined) {
    err(USAGE)
    return 2
  }
  let only: string | null = null
  let json = false
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--json') json = true
    else if (rest[i] === '--provider' && rest[i + 1]) only = rest[++i]
    else {
      err(`unknown option ${rest[i]}\n${USAGE}`)
      return 2
    }
  }
  if (!isBillDate(date)) {
    err(`'${date}' is not a date: give YYYY-MM-DD (a day in Beijing time).`)
    return 2
  }
  const today = beijingDate(deps.now ?? new Date())
  if (date > today) {
    err(`${date} is in the future (today is ${today} in Beijing time): there is no bill yet.`)
    return 2
  }

  const config = deps.config ?? loadConfig()
  const database = deps.db ? null : await createDatabase(config)
  try {
    if (database) await migrateToLatest(database)
    const db = deps.db ?? database!.db
    const providers = deps.providers ?? (await buildPaymentProviders(config, db))
    // AlipayHK's bill is Antom's report on Antom's SFTP server (docs/alipayhk.md), read beside the provider.
    ;(await import('../providers/payment/alipayhk.bill')).registerAlipayHkBill(providers, config, db)
    const configured = providers.names()
    const withBill = configured.filter((n) => typeof providers.get(n)?.downloadBill === 'function')
    if (only !== null && !configured.includes(only)) {
      err(`${only} is not configured here (PAYMENT_PROVIDERS=${configured.join(',')}).`)
      return 2
    }
    if (only !== null && !withBill.includes(only)) {
      err(`The ${only} provider has no bill to reconcile${only === 'sandbox' ? ' (no real money moves through it)' : ''}.`)
      return 2
    }
    const chosen = only !== null ? [only] : withBill
    if (chosen.length === 0) {
      err(`No provider configured here has a bill (PAYMENT_PROVIDERS=${configured.join(',')}): the sandbox has none, nothing to reconcile.`)
      return 2
    }

    const results: Record<string, Reconciliation> = {}
    for (const name of chosen) {
      let bill
      try {
        bill = await providers.get(name)!.downloadBill!(date)
      } catch (e) {
        err(`${LABEL[name] ?? name}: the bill of ${date} could not be had: ${(e as Error).message}`)
        return 2
      }
      results[name] = reconcile(date, bill.rows, await loadLedger(db, name, date, bill.rows))
    }
    const differing = Object.values(results).some((r) => r.differences.length > 0)
    if (json) out(JSON.stringify({ date, differing, providers: results }, null, 2))
    else {
      for (const [name, r] of Object.entries(results)) report(name, r, out)
      out(differing ? 'Something differs: see docs/payments-reconcile.md for what each line means.' : 'Nothing differs.')
    }
    return differing ? 1 : 0
  } finally {
    await database?.destroy()
  }
}

if (require.main === module) {
  runPaymentsCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      // A refused run mode or a bad provider setting is the deployer's to fix: one line, no stack trace.
      console.error(error instanceof DevelopmentProvidersRefused ? `npm run payments refused: ${error.message}` : error instanceof ProviderSettingError || error instanceof ProviderChoiceError ? error.message : error)
      process.exit(2)
    }
  )
}
