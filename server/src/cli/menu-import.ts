/**
 * npm run menu:import -- <file.json> [more.json …]
 * Imports menu files (docs/menu-import.md) into the database the server uses (SQLite file or
 * DATABASE_URL), copying their pictures into FILES_DIR. Each file replaces its shop's whole
 * menu, or is rejected whole with a numbered list of every problem (exit code 1).
 */
import { loadConfig } from '../config'
import { MenuImportError, importMenuFile, type MenuImportSummary } from '../domain/catalogue/menu-import.service'
import { createDatabase } from '../storage/database'
import { migrateToLatest } from '../storage/migrations'

const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`

export function summaryText(file: string, s: MenuImportSummary): string {
  return [
    `${file}: imported the menu of shop ${s.shopId} (enterprise ${s.entId}), now version ${s.version}:`,
    `  ${count(s.classes, 'class', 'classes')}, ${count(s.goods, 'goods', 'goods')} (${count(s.skus, 'sku')}, ${count(s.packUnits, 'pack unit')}, ${count(s.addOns, 'add-on')}, ${count(s.combos, 'combo')}),`,
    `  ${count(s.promotions, 'promotion')}, ${count(s.reviews, 'review')}, ${count(s.pictures, 'picture')} (${s.picturesCopied} new).`
  ].join('\n')
}

async function main(files: string[]): Promise<number> {
  if (files.length === 0) {
    console.error('Usage: npm run menu:import -- <menu.json> [more.json …]')
    return 2
  }
  const config = loadConfig()
  const database = await createDatabase(config)
  let failed = 0
  try {
    await migrateToLatest(database)
    for (const file of files) {
      try {
        console.log(summaryText(file, await importMenuFile(database.db, file, { filesDir: config.filesDir })))
      } catch (error) {
        if (!(error instanceof MenuImportError)) throw error
        failed++
        console.error(`${file}: ${error.message}\nNothing was imported from this file.`)
      }
    }
  } finally {
    await database.destroy()
  }
  return failed > 0 ? 1 : 0
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error)
      process.exit(1)
    }
  )
}
