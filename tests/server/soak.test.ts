/**
 * Issue 28 item 6, the short form of `npm run soak` (bench/soak.ts; the long form and its figures:
 * docs/soak.md): two server processes on PostgreSQL, 12 tables of 3 phones reading their bills and
 * adding rounds, tables paying, 6 counter diners ordering and paying, 2 kitchen boards on the staff
 * stream, and the second process killed (SIGKILL) at half time and started again. Asserts what the
 * restaurant would notice, never speed (2 busy cores): every acknowledged order is in the database
 * and every acknowledged payment paid it; each board heard every such order's ticket exactly once;
 * the restarted process serves; nothing failed for good. PostgreSQL only (one SQLite file is one
 * server process), so skipped without DATABASE_URL.
 */
import { runSoak, soakLines } from '../../bench/soak'

const DATABASE_URL = process.env.DATABASE_URL
if (!DATABASE_URL) console.log('tests/server/soak.test.ts skipped: it needs DATABASE_URL (server processes on one PostgreSQL)')
const suite = DATABASE_URL ? describe : describe.skip

suite('a short Friday night', () => {
  it('loses nothing acknowledged and tickets nothing twice while a process is killed and restarted', async () => {
    const lines: string[] = []
    const result = await runSoak({
      mode: 'friday',
      seconds: 16,
      tables: 12,
      phonesPerTable: 3,
      pollMs: 1500,
      roundMs: 4000,
      visitMs: 6000,
      counter: 6,
      counterMs: 3000,
      boards: 2,
      processes: 2,
      kill: true,
      downMs: 1500,
      settleSeconds: 1,
      openLoop: false,
      databaseUrl: DATABASE_URL!,
      serverFlags: [],
      log: (line) => lines.push(line)
    })
    const report = soakLines(result).join('\n')
    // Something happened on both sides of the kill.
    expect(result.acknowledged.rounds).toBeGreaterThan(20)
    expect(result.acknowledged.orders).toBeGreaterThan(5)
    expect(result.acknowledged.payments).toBeGreaterThan(5)
    expect({ lost: result.lost, notPaid: result.notPaid, ticketsTwice: result.ticketsTwice, notOnBoard: result.notOnBoard, failed: result.failed, firstFailure: result.firstFailure, restartedServed: result.restartedServed, report }).toEqual({
      lost: [],
      notPaid: [],
      ticketsTwice: 0,
      notOnBoard: 0,
      failed: 0,
      firstFailure: undefined,
      restartedServed: true,
      report
    })
    expect(result.ok).toBe(true)
  }, 180_000)
})
