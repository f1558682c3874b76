/**
 * npm run member -- verify <code>            the member behind a scanned member code (VipQrCodeGet)
 * npm run member -- show <phone> [--area 853] [--ent E1001]
 *
 * For the shop's counter, straight on the database the server uses (SQLite file or DATABASE_URL):
 * the member code is checked with the same 'member-code' secret the server signs with
 * (server_secrets). Prints the member's name, masked phone, balance and points. Exit code 0 when
 * the member was found, 1 when the code is invalid or expired (or no such member), 2 for a usage
 * error.
 */
import type { Kysely } from 'kysely'
import { loadConfig } from '../config'
import type { MemberRecord } from '../domain/wallet/balance.service'
import { verifyMemberCode } from '../domain/wallet/member-code'
import { memberSummary } from '../domain/wallet/member-summary'
import { createDatabase } from '../storage/database'
import { migrateToLatest } from '../storage/migrations'
import type { Database } from '../storage/schema'

const USAGE = `Usage:
  npm run member -- verify <code>
  npm run member -- show <phone> [--area <AreaNo>] [--ent <EntID>]`

/** The member as the counter sees them: never the full phone. */
export async function memberLines(db: Kysely<Database>, member: MemberRecord): Promise<string[]> {
  const m = await memberSummary(db, member, new Date())
  return [
    `Member:  ${m.Name || '(no name)'}${m.IsGuest ? ' (guest)' : ''}`,
    `Phone:   ${m.MaskedPhone || '(none bound)'}`,
    `Balance: ${m.Balance}`,
    `Points:  ${m.Points}`,
    `Coupons: ${m.UsableCoupons} usable today`,
    `Enterprise: ${m.EntID}`
  ]
}

/** Runs one command; out/err print lines. Returns the exit code. */
export async function runMemberCli(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error, now: () => Date = () => new Date()): Promise<number> {
  const [command, subject, ...rest] = argv
  if ((command !== 'verify' && command !== 'show') || !subject) {
    err(USAGE)
    return 2
  }
  const options: Record<string, string> = {}
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]]
    if (command !== 'show' || (flag !== '--area' && flag !== '--ent') || value === undefined) {
      err(`unexpected ${flag}\n${USAGE}`)
      return 2
    }
    options[flag.slice(2)] = value
  }

  const config = loadConfig()
  const database = await createDatabase(config)
  try {
    await migrateToLatest(database)
    const db = database.db
    if (command === 'verify') {
      const checked = await verifyMemberCode(db, subject, now())
      if (!checked.ok) {
        err(checked.reason === 'expired' ? 'Member code expired: ask the member to show the code again.' : 'Member code invalid: not a code of this server.')
        return 1
      }
      out(`Member code valid until ${checked.expiresAt.toISOString()}`)
      for (const line of await memberLines(db, checked.member)) out(line)
      return 0
    }
    let query = db.selectFrom('members').selectAll().where('phone', '=', subject.replace(/\D/g, ''))
    if (options.area) query = query.where('area_no', '=', options.area.replace(/^\+/, ''))
    if (options.ent) query = query.where('ent_id', '=', options.ent)
    const found = await query.orderBy('ent_id').execute()
    if (found.length === 0) {
      err(`No member with phone ${subject}.`)
      return 1
    }
    for (const [i, member] of found.entries()) {
      if (i > 0) out('')
      for (const line of await memberLines(db, member)) out(line)
    }
    return 0
  } finally {
    await database.destroy()
  }
}

if (require.main === module) {
  runMemberCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
