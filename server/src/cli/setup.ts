/**
 * npm run setup                   a one-time link that sets up a new restaurant (owner + enterprise)
 * npm run setup -- --ent <EntID>  a one-time link that adds an owner to an existing enterprise
 *
 * Straight on the configured database (SQLite file or DATABASE_URL). A link works once, for 24
 * hours (docs/console.md). URLs start with PUBLIC_URL, else http://localhost:<PORT>. Exit code 0
 * when done, 1 when the enterprise does not exist, 2 for a usage error.
 */
import { loadConfig } from '../config'
import { createSetupLink, setupUrl } from '../domain/staff/setup-link.service'
import { createDatabase } from '../storage/database'
import { migrateToLatest } from '../storage/migrations'

const USAGE = `Usage:
  npm run setup                    a link that sets up a new restaurant
  npm run setup -- --ent <EntID>   a link that adds an owner to an existing enterprise`

export async function runSetupCli(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  if (!(argv.length === 0 || (argv.length === 2 && argv[0] === '--ent' && argv[1]))) {
    err(USAGE)
    return 2
  }
  const entId = argv.length === 2 ? argv[1] : null
  const config = loadConfig()
  const origin = process.env.PUBLIC_URL || `http://localhost:${config.port}`
  const database = await createDatabase(config)
  try {
    await migrateToLatest(database)
    if (entId && !(await database.db.selectFrom('enterprises').select('ent_id').where('ent_id', '=', entId).executeTakeFirst())) {
      err(`No enterprise ${entId}.`)
      return 1
    }
    const { token, expiresAt } = await createSetupLink(database.db, new Date(), entId)
    out(setupUrl(origin, token))
    out(`One use; valid until ${expiresAt}. ${entId ? `It adds an owner to ${entId}.` : 'It sets up a new restaurant and its owner.'}`)
    return 0
  } finally {
    await database.destroy()
  }
}

if (require.main === module) {
  runSetupCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
