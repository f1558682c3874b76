/** npm run db:migrate: brings the database (SQLite file or DATABASE_URL) up to date and seeds the demo (menus included) unless SEED_DEMO is off (production's default). */
import { loadConfig } from '../config'
import { createDatabase } from '../storage/database'
import { migrateToLatest } from '../storage/migrations'
import { seedDemo } from '../storage/seed'

async function main(): Promise<void> {
  const config = loadConfig()
  const database = await createDatabase(config)
  try {
    const results = await migrateToLatest(database)
    for (const r of results) console.log(`migration ${r.migrationName}: ${r.status}`)
    if (results.length === 0) console.log('migrations: already up to date')
    if (!config.seedDemo) console.log('demo enterprise not seeded (SEED_DEMO=0, or production without SEED_DEMO=1)')
    else console.log((await seedDemo(database.db, new Date(), { filesDir: config.filesDir })) ? 'demo enterprise seeded' : 'demo enterprise already present')
  } finally {
    await database.destroy()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
