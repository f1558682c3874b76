/**
 * When kitchen tickets print (docs/printing.md "When tickets print"). syncOrderToKitchen queues a
 * job in the transaction that sends or changes a ticket at a station with a printer
 * (queuePrintJobs); every server process runs a worker (startPrintWorker) that claims waiting jobs
 * with one conditional update, so exactly one process prints each, and prints them after the
 * commit. A claim runs out after CLAIM_MS (the process died mid-print): the job is taken again.
 * A print that fails is tried again later, up to MAX_TRIES; then the job stays 'failed' with its
 * error, and every board of the branch hears the ticket with its PrintError (the board shows it
 * with a Reprint button, which prints it by hand; a reprint that prints clears it: clearFailedPrints).
 */
import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { appendEvent, inEventTransaction } from '../live/outbox'
import { kitchenLocaleOf, loadTicketRows } from '../domain/kitchen/kitchen-view'
import type { Database } from '../storage/schema'
import { printStoredTicket } from './kitchen-printing'
import type { NetworkPrinterQueue } from './network-printer'

export const PRINT_POLL_MS = 500
const CLAIM_MS = 60_000
const MAX_TRIES = 3
const RETRY_AFTER_MS = 15_000
const KEEP_MS = 24 * 3600_000
const BATCH = 20

const jobId = (): string => `PJ${Date.now().toString(36).toUpperCase()}${randomBytes(5).toString('hex').toUpperCase()}`

/** Queues a print of each ticket (in the sending transaction). */
export async function queuePrintJobs(trx: Transaction<Database>, entId: string, tickets: readonly { ticketId: string; kind: 'sent' | 'changed' }[], now: Date): Promise<void> {
  if (tickets.length === 0) return
  const at = now.toISOString()
  await trx
    .insertInto('print_jobs')
    .values(tickets.map((t) => ({ job_id: jobId(), ent_id: entId, ticket_id: t.ticketId, kind: t.kind, not_before: at, created_at: at })))
    .execute()
}

/** Claims and prints the jobs due now; answers how many it printed. */
export async function runPrintJobs(db: Kysely<Database>, now: Date, queue?: NetworkPrinterQueue): Promise<number> {
  const at = now.toISOString()
  const due = await db
    .selectFrom('print_jobs')
    .select(['job_id', 'ticket_id', 'kind', 'tries'])
    .where((eb) => eb.or([eb.and([eb('state', '=', 'waiting'), eb('not_before', '<=', at)]), eb.and([eb('state', '=', 'printing'), eb('claimed_until', '<', at)])]))
    .orderBy('created_at')
    .limit(BATCH)
    .execute()
  let printed = 0
  for (const job of due) {
    const claimed = await db
      .updateTable('print_jobs')
      .set({ state: 'printing', claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString(), tries: Number(job.tries) + 1 })
      .where('job_id', '=', job.job_id)
      .where((eb) => eb.or([eb('state', '=', 'waiting'), eb.and([eb('state', '=', 'printing'), eb('claimed_until', '<', at)])]))
      .where('tries', '=', job.tries)
      .returning('job_id')
      .executeTakeFirst()
    if (!claimed) continue // another process took it
    const outcome = await printStoredTicket(db, job.ticket_id, { changed: job.kind === 'changed' }, queue)
    const tries = Number(job.tries) + 1
    if (outcome.printed) {
      printed++
      await db.updateTable('print_jobs').set({ state: 'printed', printed_at: new Date().toISOString(), error: '' }).where('job_id', '=', job.job_id).execute()
    } else {
      const failed = tries >= MAX_TRIES
      await inEventTransaction(db, async (trx) => {
        await trx
          .updateTable('print_jobs')
          .set({ state: failed ? 'failed' : 'waiting', not_before: new Date(Date.now() + RETRY_AFTER_MS * tries).toISOString(), error: outcome.error.slice(0, 500) })
          .where('job_id', '=', job.job_id)
          .execute()
        // Failed for good: the boards show it (the ticket now carries its PrintError).
        if (failed) await appendTicketState(trx, job.ticket_id, new Date())
      })
    }
  }
  return printed
}

/**
 * The kind that carries a ticket whose print state changed (a print failed for good, or a reprint
 * printed): every board applies it as an upsert of the whole ticket, without a flash, a sound or
 * a floor read (docs/live-service.md "Events").
 */
export const PRINT_STATE_KIND = 'ticket.printed'

/** The ticket as it is now (its PrintError with it) to the staff streams of its branch, at the transaction's end. */
export async function appendTicketState(trx: Transaction<Database>, ticketId: string, now: Date): Promise<void> {
  const place = await trx.selectFrom('kitchen_tickets').select(['ent_id', 'shop_id', 'base_id']).where('ticket_id', '=', ticketId).executeTakeFirst()
  if (!place) return
  const [row] = await loadTicketRows(trx, [ticketId], await kitchenLocaleOf(trx, place.ent_id))
  if (row) await appendEvent(trx, { entId: place.ent_id, shopId: place.shop_id, baseId: place.base_id, kind: PRINT_STATE_KIND, payload: { ticket: row } }, now)
}

/**
 * A reprint printed the ticket: its failed jobs count as printed (by hand), and when there were any
 * every board hears the ticket without its PrintError. Answers whether there were.
 */
export async function clearFailedPrints(db: Kysely<Database>, ticketId: string, now: Date): Promise<boolean> {
  return inEventTransaction(db, async (trx) => {
    const cleared = await trx.updateTable('print_jobs').set({ state: 'printed', printed_at: now.toISOString() }).where('ticket_id', '=', ticketId).where('state', '=', 'failed').executeTakeFirst()
    if (Number(cleared.numUpdatedRows ?? 0) === 0) return false
    await appendTicketState(trx, ticketId, now)
    return true
  })
}

/** Deletes printed and failed jobs older than a day. */
export async function prunePrintJobs(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('print_jobs')
    .where('state', 'in', ['printed', 'failed'])
    .where('created_at', '<', new Date(now.getTime() - KEEP_MS).toISOString())
    .executeTakeFirst()
  return Number(result.numDeletedRows ?? 0)
}

/** The process's print worker: every PRINT_POLL_MS; stop() waits for a round in flight. The timer does not keep the process alive. */
export function startPrintWorker(db: Kysely<Database>, log: { error(obj: unknown, msg?: string): void }, options: { pollMs?: number; queue?: NetworkPrinterQueue } = {}): { stop(): Promise<void> } {
  let running: Promise<void> | null = null
  let lastPrune = 0
  const timer = setInterval(() => {
    if (running) return
    const now = new Date()
    running = (async () => {
      await runPrintJobs(db, now, options.queue)
      if (now.getTime() - lastPrune > 600_000) {
        lastPrune = now.getTime()
        await prunePrintJobs(db, now)
      }
    })()
      .catch((error) => log.error({ err: error }, 'kitchen print worker failed'))
      .finally(() => {
        running = null
      })
  }, options.pollMs ?? PRINT_POLL_MS)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    }
  }
}
