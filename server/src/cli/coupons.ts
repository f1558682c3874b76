/**
 * The shop's coupon desk (issue 15): `npm run coupons -- <command>`. Creates, lists, pauses and
 * resumes plans, issues cards to a member (by phone) or prints vouchers nobody holds yet, looks a
 * card up by its code and voids it. Works on the server's database (DATABASE_URL or DATA_DIR),
 * migrating it first like the server does. docs/coupons.md "The shop's CLI".
 */
import type { Kysely } from 'kysely'
import { CARD_STATUS } from '../../../src/gateway/coupon-rows'
import { loadConfig } from '../config'
import { issueCards, voidCard } from '../domain/coupons/coupon-cards'
import { createPlan, findPlanByCode, listPlans, setPlanStatus, type NewPlan } from '../domain/coupons/coupon-plans'
import { cardCodeOf, lookUpCard, membersWithPhone } from '../domain/coupons/shop-coupons'
import { wallClockText } from '../domain/enterprise/enterprise.service'
import { DomainError } from '../domain/errors'
import { createDatabase } from '../storage/database'
import { migrateToLatest } from '../storage/migrations'
import { parseNames } from '../storage/repositories/row-mapping'
import type { Database } from '../storage/schema'

const USAGE = `Usage (every command takes --ent <EntID>; optional when the database has one enterprise):
  npm run coupons -- plans
  npm run coupons -- create <code> --name-zh-cn <text> --name-zh-tw <text> --name-en <text>
        (--amount <money> | --percent <percent off>) [--min <money>] [--max-off <money>]
        (--valid-days <N> | --valid-from-next-day <N> | --from <YYYY-MM-DD> --to <YYYY-MM-DD>)
        [--claimable] [--total <N>] [--per-member <N, 0 unlimited; default 1>]
        [--shops S101,S102] [--bases B201] [--services takeaway,delivery,dinein,fastfood]
        [--goods <GoodsID,…>] [--classes <ClassID,…>] [--rules-en <text> --rules-zh-cn <text> --rules-zh-tw <text>]
  npm run coupons -- pause <plan code>
  npm run coupons -- resume <plan code>
  npm run coupons -- issue <plan code> --phone <phone> [--area <AreaNo>] [--qua <N>]
  npm run coupons -- print <plan code> --qua <N>        (vouchers nobody holds yet: members type the codes in)
  npm run coupons -- card <card code>
  npm run coupons -- void <card code>`

const STATE = ['available', 'used', 'expired', 'returned']

type Out = (line: string) => void

class UsageError extends Error {}

function parseOptions(args: string[], flags: string[], switches: string[] = []): Record<string, string> {
  const options: Record<string, string> = {}
  for (let i = 0; i < args.length; i++) {
    const name = args[i].replace(/^--/, '')
    if (!args[i].startsWith('--')) throw new UsageError(`unexpected ${args[i]}`)
    if (switches.includes(name)) {
      options[name] = '1'
      continue
    }
    if (!flags.includes(name) || args[i + 1] === undefined) throw new UsageError(`unexpected ${args[i]}`)
    options[name] = args[++i]
  }
  return options
}

const list = (v: string | undefined): string[] | undefined => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : undefined)
const whole = (v: string | undefined, what: string): number | undefined => {
  if (v === undefined) return undefined
  if (!/^\d+$/.test(v)) throw new UsageError(`${what}: a whole number`)
  return Number(v)
}

async function entIdOf(db: Kysely<Database>, given: string | undefined): Promise<string> {
  if (given) return given
  const ents = await db.selectFrom('enterprises').select('ent_id').limit(2).execute()
  if (ents.length !== 1) throw new UsageError('several enterprises: say which with --ent <EntID>')
  return ents[0].ent_id
}

async function planLines(db: Kysely<Database>, entId: string): Promise<string[]> {
  const plans = await listPlans(db, entId)
  if (plans.length === 0) return ['No coupon plans.']
  return plans.map((p) => {
    const worth = p.coupon_type === 1 ? `${p.amount} off` : `${p.discount_rate}% off${p.max_off !== '0' ? ` (at most ${p.max_off})` : ''}`
    const min = p.min_amount !== '0' ? `, from ${p.min_amount}` : ''
    const valid = p.valid_kind === 3 ? `${p.valid_from}..${p.valid_to}` : `${p.valid_days} days from ${p.valid_kind === 2 ? 'the next day' : 'collection'}`
    const stock = `${p.issued_qua}/${p.total_qua ?? '∞'} issued`
    const flags = [p.status === 1 ? 'running' : 'PAUSED', p.claimable ? 'claimable' : 'issued only'].join(', ')
    return `${p.code}  ${parseNames(p.names).en}  ${worth}${min}; ${valid}; ${stock}; ${flags}`
  })
}

async function cardLines(db: Kysely<Database>, entId: string, code: string, now: Date): Promise<string[]> {
  const { card, plan, holder, shown, events, timeZone } = await lookUpCard(db, entId, code, now)
  const lines = [
    `Card:    ${card.code} (${card.card_id})`,
    `Plan:    ${plan.code}  ${parseNames(plan.names).en}`,
    `Holder:  ${holder ? `${holder.name || '(no name)'} ${holder.maskedPhone}`.trim() : '(nobody yet: a printed voucher)'}`,
    `State:   ${STATE[shown]}${card.order_id ? ` (order ${card.order_id})` : ''}`,
    `Valid:   ${card.valid_from} .. ${card.valid_to}`,
    'History:'
  ]
  for (const e of events) lines.push(`  ${wallClockText(timeZone, new Date(e.at))}  ${e.action}  ${STATE[e.from_status]} → ${STATE[e.to_status]}  ${e.actor}${e.ref_id ? `  ${e.ref_id}` : ''}`)
  return lines
}

async function run(db: Kysely<Database>, command: string, subject: string | undefined, rest: string[], out: Out, now: Date): Promise<void> {
  if (command === 'plans') {
    const o = parseOptions(subject ? [subject, ...rest] : rest, ['ent'])
    for (const line of await planLines(db, await entIdOf(db, o.ent))) out(line)
    return
  }
  if (!subject || subject.startsWith('--')) throw new UsageError(`${command}: what?`)
  if (command === 'create') {
    const o = parseOptions(rest, [
      'ent', 'name-zh-cn', 'name-zh-tw', 'name-en', 'rules-zh-cn', 'rules-zh-tw', 'rules-en', 'amount', 'percent', 'min', 'max-off', 'valid-days',
      'valid-from-next-day', 'from', 'to', 'total', 'per-member', 'shops', 'bases', 'services', 'goods', 'classes', 'sort'
    ], ['claimable'])
    if ((o.amount === undefined) === (o.percent === undefined)) throw new UsageError('give --amount (cash voucher) or --percent (discount)')
    const validKind = o['valid-days'] ? 1 : o['valid-from-next-day'] ? 2 : o.from || o.to ? 3 : 0
    if (!validKind) throw new UsageError('give --valid-days, --valid-from-next-day, or --from and --to')
    const plan: NewPlan = {
      entId: await entIdOf(db, o.ent),
      code: subject,
      names: { 'zh-CN': o['name-zh-cn'] ?? '', 'zh-TW': o['name-zh-tw'] ?? '', en: o['name-en'] ?? '' },
      descriptions: { 'zh-CN': o['rules-zh-cn'] ?? '', 'zh-TW': o['rules-zh-tw'] ?? '', en: o['rules-en'] ?? '' },
      couponType: o.amount !== undefined ? 1 : 2,
      amount: o.amount,
      discountRate: o.percent,
      minAmount: o.min,
      maxOff: o['max-off'],
      validKind: validKind as 1 | 2 | 3,
      validDays: whole(o['valid-days'] ?? o['valid-from-next-day'], 'valid days'),
      validFrom: o.from,
      validTo: o.to,
      claimable: o.claimable === '1',
      totalQua: whole(o.total, '--total') ?? null,
      perMemberQua: whole(o['per-member'], '--per-member'),
      shopIds: list(o.shops),
      baseIds: list(o.bases),
      serviceTypes: list(o.services),
      goodsIds: list(o.goods),
      classIds: list(o.classes),
      sortNo: whole(o.sort, '--sort')
    }
    const made = await createPlan(db, plan, now)
    out(`Created plan ${made.code} (${made.plan_id}).`)
    for (const line of (await planLines(db, made.ent_id)).filter((l) => l.startsWith(`${made.code} `))) out(line)
    return
  }
  if (command === 'pause' || command === 'resume') {
    const o = parseOptions(rest, ['ent'])
    const plan = await setPlanStatus(db, await entIdOf(db, o.ent), subject, command === 'pause' ? 0 : 1, now)
    out(`Plan ${plan.code} ${plan.status === 1 ? 'running' : 'paused: no new cards; cards held keep working'}.`)
    return
  }
  if (command === 'issue' || command === 'print') {
    const o = parseOptions(rest, command === 'issue' ? ['ent', 'phone', 'area', 'qua'] : ['ent', 'qua'])
    const entId = await entIdOf(db, o.ent)
    const plan = await findPlanByCode(db, entId, subject)
    if (!plan) throw new DomainError('COUPON_NOT_FOUND')
    const qua = whole(o.qua, '--qua') ?? (command === 'issue' ? 1 : undefined)
    if (!qua || qua > 1000) throw new UsageError('--qua: 1-1000')
    let vipId = ''
    if (command === 'issue') {
      if (!o.phone) throw new UsageError('issue: --phone <phone>')
      const found = await membersWithPhone(db, entId, o.phone, o.area)
      if (found.length !== 1) throw new UsageError(found.length === 0 ? `no member with phone ${o.phone}` : 'several members with that phone: add --area')
      vipId = found[0].vip_id
    }
    const cards = await issueCards(db, { entId, planId: plan.plan_id, vipId, qua, now })
    out(`${command === 'issue' ? 'Issued' : 'Printed'} ${cards.length} card(s) of ${plan.code}${vipId ? ' to the member' : ''}:`)
    for (const c of cards) out(`  ${c.code}  valid ${c.valid_from} .. ${c.valid_to}`)
    return
  }
  if (command === 'card') {
    const o = parseOptions(rest, ['ent'])
    for (const line of await cardLines(db, await entIdOf(db, o.ent), subject, now)) out(line)
    return
  }
  if (command === 'void') {
    const o = parseOptions(rest, ['ent'])
    const card = await voidCard(db, { entId: await entIdOf(db, o.ent), code: cardCodeOf(subject), now })
    out(`Card ${card.code} voided (${STATE[CARD_STATUS.RETURNED]}).`)
    return
  }
  throw new UsageError(`unknown command ${command}`)
}

const DOMAIN_TEXT: Partial<Record<string, string>> = {
  COUPON_NOT_FOUND: 'No such plan or card.',
  COUPON_NOT_AVAILABLE: 'That card is not available (used, expired or already voided).',
  COUPON_SOLD_OUT: 'Not enough cards left in that plan.',
  COUPON_NOT_CLAIMABLE: 'That plan is paused, or its fixed days are over.'
}

/** Runs one command; out/err print lines. Returns the exit code (2 usage, 1 refused). */
export async function runCouponsCli(argv: string[], out: Out = console.log, err: Out = console.error, now: () => Date = () => new Date()): Promise<number> {
  const [command, subject, ...rest] = argv
  if (!command) {
    err(USAGE)
    return 2
  }
  const database = await createDatabase(loadConfig())
  try {
    await migrateToLatest(database)
    await run(database.db, command, subject, rest, out, now())
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      err(`${error.message}\n${USAGE}`)
      return 2
    }
    if (error instanceof DomainError) {
      err(DOMAIN_TEXT[error.code] ?? error.code)
      return 1
    }
    // createPlan / setPlanStatus explain what is wrong with a plan in plain words.
    if (error instanceof Error && !(error as { code?: unknown }).code) {
      err(error.message)
      return 1
    }
    throw error
  } finally {
    await database.destroy()
  }
}

if (require.main === module) {
  runCouponsCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}

