/**
 * The shop's review desk (issue 17): `npm run reviews -- <command>`. Lists reviews (newest first,
 * hidden ones too, filtered by goods, dates and stars), shows one in full, replies to one (or
 * removes the reply), hides one from the app's list and rating summary, and shows it again.
 * Works on the server's database (DATABASE_URL or DATA_DIR), migrating it first like the server
 * does. docs/reviews-aftersale.md "Reviews".
 */
import type { Kysely } from 'kysely'
import { loadConfig } from '../config'
import { enterpriseTimeZone, wallClockText } from '../domain/enterprise/enterprise.service'
import { REVIEW_REPLY_MAX, replyToReview, setReviewHidden, shopReviews } from '../domain/reviews/reviews.service'
import { createDatabase } from '../storage/database'
import { migrateToLatest } from '../storage/migrations'
import { findReview, parseIdList, type ReviewRecord } from '../storage/repositories/review.repository'
import { parseNames } from '../storage/repositories/row-mapping'
import type { Database } from '../storage/schema'

const USAGE = `Usage (every command takes --ent <EntID>; optional when the database has one enterprise):
  npm run reviews -- list [--goods <GoodsID>] [--from <YYYY-MM-DD>] [--to <YYYY-MM-DD>] [--stars <1-5>] [--limit <N, default 50>]
  npm run reviews -- show <review id>
  npm run reviews -- reply <review id> <text>      (an empty text '' removes the reply)
  npm run reviews -- hide <review id>
  npm run reviews -- unhide <review id>`

/** The longest reply the shop may write (the app shows it under the review). */
export const REPLY_MAX = REVIEW_REPLY_MAX

type Out = (line: string) => void

class UsageError extends Error {}
class RefusedError extends Error {}

function parseOptions(args: string[], flags: string[]): Record<string, string> {
  const options: Record<string, string> = {}
  for (let i = 0; i < args.length; i++) {
    const name = args[i].replace(/^--/, '')
    if (!args[i].startsWith('--') || !flags.includes(name) || args[i + 1] === undefined) throw new UsageError(`unexpected ${args[i]}`)
    options[name] = args[++i]
  }
  return options
}

async function entIdOf(db: Kysely<Database>, given: string | undefined): Promise<string> {
  if (given) return given
  const ents = await db.selectFrom('enterprises').select('ent_id').limit(2).execute()
  if (ents.length !== 1) throw new UsageError('several enterprises: say which with --ent <EntID>')
  return ents[0].ent_id
}

/** One line per control character: a review's text never drives the shop's terminal. */
const oneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, ' ')
const stars = (n: number): string => '★'.repeat(n) + '☆'.repeat(Math.max(0, 5 - n))

async function goodsNames(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('goods').select(['goods_id', 'names']).where('goods_id', 'in', [...new Set(ids)]).execute()
  return new Map(rows.map((r) => [r.goods_id, parseNames(r.names).en || parseNames(r.names)['zh-TW'] || '']))
}

function summaryLine(r: ReviewRecord, timeZone: string, names: Map<string, string>): string {
  const flags = [Number(r.hidden) === 1 ? 'HIDDEN' : '', r.reply ? 'replied' : '', Number(r.anonymous) === 1 ? 'anonymous' : '', Number(r.is_imported) === 1 ? 'imported' : '']
    .filter(Boolean)
    .join(', ')
  const text = oneLine(r.content)
  return `${r.review_id}  ${wallClockText(timeZone, new Date(r.created_at))}  ${stars(Number(r.stars))}  ${r.goods_id} ${oneLine(names.get(r.goods_id) ?? '')}  ${text.length > 40 ? `${text.slice(0, 40)}…` : text}${flags ? `  [${flags}]` : ''}`
}

async function showLines(db: Kysely<Database>, entId: string, r: ReviewRecord): Promise<string[]> {
  const timeZone = await enterpriseTimeZone(db, entId)
  const names = await goodsNames(db, [r.goods_id])
  const photos = [...parseIdList(r.images), ...parseIdList(r.file_ids)]
  return [
    `Review:   ${r.review_id}${Number(r.is_imported) === 1 ? ' (imported with the menu)' : ''}`,
    `Goods:    ${r.goods_id} ${oneLine(names.get(r.goods_id) ?? '')}`,
    `Order:    ${r.order_id ? `${r.order_id} line ${r.line_no}` : '(none)'}`,
    `By:       ${oneLine(r.vip_name) || '(no name)'}${r.vip_id ? ` (member ${r.vip_id})` : ''}${Number(r.anonymous) === 1 ? ', shown as anonymous' : ''}`,
    `Stars:    ${stars(Number(r.stars))} (${r.stars})`,
    `Written:  ${wallClockText(timeZone, new Date(r.created_at))}${r.updated_at ? `, edited ${wallClockText(timeZone, new Date(r.updated_at))}` : ''}`,
    `Text:     ${oneLine(r.content) || '(none)'}`,
    `Photos:   ${photos.length ? photos.join(', ') : '(none)'}`,
    `Reply:    ${r.reply ? `${oneLine(r.reply)} (${wallClockText(timeZone, new Date(r.replied_at))})` : '(none)'}`,
    `Shown:    ${Number(r.hidden) === 1 ? 'no, hidden by the shop' : 'yes'}`
  ]
}

async function run(db: Kysely<Database>, argv: string[], out: Out, now: Date): Promise<void> {
  const [command, ...args] = argv
  if (command === 'list') {
    const o = parseOptions(args, ['ent', 'goods', 'from', 'to', 'stars', 'limit'])
    const entId = await entIdOf(db, o.ent)
    const date = (v: string | undefined, what: string) => {
      if (v === undefined) return undefined
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) throw new UsageError(`${what}: a date YYYY-MM-DD`)
      return v
    }
    const from = date(o.from, '--from')
    const to = date(o.to, '--to')
    if (o.stars !== undefined && !/^[1-5]$/.test(o.stars)) throw new UsageError('--stars: 1 to 5')
    if (o.limit !== undefined && !/^\d{1,4}$/.test(o.limit)) throw new UsageError('--limit: a whole number')
    const { rows, timeZone } = await shopReviews(db, {
      entId,
      goodsId: o.goods,
      fromDay: from,
      toDay: to,
      stars: o.stars ? Number(o.stars) : undefined,
      limit: Math.max(1, Number(o.limit ?? 50))
    })
    if (rows.length === 0) {
      out('No reviews.')
      return
    }
    const names = await goodsNames(db, rows.map((r) => r.goods_id))
    for (const r of rows) out(summaryLine(r, timeZone, names))
    return
  }
  if (!['show', 'reply', 'hide', 'unhide'].includes(command ?? '')) throw new UsageError(command ? `unknown command ${command}` : 'a command, please')
  const [reviewId, ...rest] = args
  if (!reviewId || reviewId.startsWith('--')) throw new UsageError(`${command}: which review?`)
  let text: string | undefined
  if (command === 'reply') {
    if (rest.length === 0 || rest[0].startsWith('--')) throw new UsageError("reply: the text ('' removes the reply)")
    text = rest.shift()!.trim()
    if (Array.from(text).length > REPLY_MAX) throw new RefusedError(`The reply is longer than ${REPLY_MAX} characters.`)
    if (/[\u0000]/.test(text)) throw new RefusedError('The reply has a NUL character.')
  }
  const o = parseOptions(rest, ['ent'])
  const entId = await entIdOf(db, o.ent)
  const notFound = () => new RefusedError(`No review ${reviewId}.`)
  if (command === 'show') {
    const r = await findReview(db, entId, reviewId)
    if (!r) throw notFound()
    for (const line of await showLines(db, entId, r)) out(line)
    return
  }
  if (command === 'reply') {
    const r = await replyToReview(db, entId, reviewId, text!, now)
    if (!r) throw notFound()
    out(text ? `Replied to ${reviewId}; the app shows the reply under the review.` : `Removed the reply of ${reviewId}.`)
    return
  }
  const hidden = command === 'hide' ? 1 : 0
  const before = await findReview(db, entId, reviewId)
  if (!before) throw notFound()
  if (Number(before.hidden) === hidden) {
    out(hidden ? `${reviewId} was already hidden.` : `${reviewId} was already shown.`)
    return
  }
  await setReviewHidden(db, entId, reviewId, hidden, now)
  out(hidden ? `Hid ${reviewId}: it is left out of the app's list and the rating summary.` : `${reviewId} is shown again and counts in the rating summary.`)
}

/** Runs one command; out/err print lines. Returns the exit code (2 usage, 1 refused). */
export async function runReviewsCli(argv: string[], out: Out = console.log, err: Out = console.error, now: () => Date = () => new Date()): Promise<number> {
  if (argv.length === 0) {
    err(USAGE)
    return 2
  }
  const database = await createDatabase(loadConfig())
  try {
    await migrateToLatest(database)
    await run(database.db, argv, out, now())
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}\n${USAGE}`)
      return 2
    }
    if (error instanceof RefusedError) {
      err(error.message)
      return 1
    }
    throw error
  } finally {
    await database.destroy()
  }
}

if (require.main === module) {
  runReviewsCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
