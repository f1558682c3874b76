/**
 * npm run bench: the gateway throughput bench (server/bench/gateway.bench.ts), the order
 * placement bench (server/bench/order-placement.bench.ts), the menu-read storm
 * (bench/menu-storm.bench.ts: the server's RSS before, after and once idle), the goods list
 * bench in Chromium (bench/goods-list.bench.ts), then Lighthouse on Home and the goods list
 * (bench/lighthouse.bench.ts), then the live streams (bench/live.bench.ts: 200 streams while
 * orders are placed, commit → received), one after the other so none loads the machine while
 * another measures. BENCH=gateway,lighthouse runs only those parts (gateway, orders, storm, goods,
 * lighthouse, live). Progress goes to stderr; stdout gets one Markdown block, a line saying where it
 * ran and one table, ready to paste into the README.
 */
import os from 'node:os'
import { runGatewayBench, type GatewayBenchResult, type LoadResult } from '../server/bench/gateway.bench'
import { orderPlacementRows, runOrderPlacementBench, type OrderPlacementBenchResult } from '../server/bench/order-placement.bench'
import { goodsListRows, runGoodsListBench, type GoodsListBenchResult } from './goods-list.bench'
import { lighthouseRows, runLighthouseBench, type LighthouseBenchResult } from './lighthouse.bench'
import { liveRows, runLiveBench, type LiveBenchResult } from './live.bench'
import { menuStormRows, runMenuStormBench, type MenuStormResult } from './menu-storm.bench'

const group = (n: number) => n.toLocaleString('en-US')
const load = (l: LoadResult) => `${group(l.requestsPerSecond)} req/s, ${l.cpuMicrosPerRequest} µs CPU/request${l.errors ? ` (${l.errors} errors)` : ''}`

export interface BenchResults {
  /** Parts that failed, with why: the others' figures are printed all the same. */
  failed?: { part: BenchPart; reason: string }[]
  gateway?: GatewayBenchResult
  goods?: GoodsListBenchResult
  orders?: OrderPlacementBenchResult
  storm?: MenuStormResult
  lighthouse?: LighthouseBenchResult
  live?: LiveBenchResult
}

export const BENCH_PARTS = ['gateway', 'orders', 'storm', 'goods', 'lighthouse', 'live'] as const
export type BenchPart = (typeof BENCH_PARTS)[number]

export function benchTable({ gateway, goods, orders, storm, lighthouse, live, failed = [] }: BenchResults): string {
  const cpu = os.cpus()
  const runs = goods?.sizes[0]?.runs.length ?? 0
  const caption =
    `\`npm run bench\`: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version}` +
    `${goods ? `, Chromium ${goods.chromium}` : lighthouse ? `, Chromium ${lighthouse.chromium}` : ''}. ` +
    (gateway ? `Gateway: ${gateway.connections} keep-alive connections, one process per server, ${gateway.gateway.seconds} s each. ` : '') +
    (orders
      ? `Order placement: ${orders.connections} keep-alive connections, each order a new RequestKey; in process: submitOrder in a child of its own on a fresh database of the same kind; ${orders.sqlite.gateway.seconds} s each in 250-ms slices, alternating, on SQLite with ${orders.sqlite.ratioByProcess.length} fresh pairs of processes in turn, pooled` +
        `${orders.postgres ? `; ${orders.postgresNote}` : ''}. `
      : '') +
    (goods
      ? `Goods list: shop ${goods.shopId}, ${goods.sizes[0]?.classes ?? 0} classes, ${goods.viewport.width} × ${goods.viewport.height} phone, ` +
        `CPU ${goods.cpuSlowdown > 1 ? `slowed ${goods.cpuSlowdown} ×` : 'not throttled'}, medians of ${runs} page loads (checks: the worst). `
      : '') +
    (lighthouse
      ? `Lighthouse ${lighthouse.lighthouse}: mobile preset (simulated slow 4G, 4× CPU), medians of ${lighthouse.pages[0]?.runs.length ?? 0} runs (range in brackets). `
      : '') +
    (live
      ? `Live: ${live.boards + live.diners} streams read in a process of their own, orders placed at ${live.rate}/s for ${live.seconds} s (open loop); commit → received: PostgreSQL from the commit's NOTIFY, SQLite from the placing request's answer; created_at is the writer's clock in its transaction (an upper bound).`
      : '')
  const rows: [string, string][] = [
    ...(gateway
      ? ([
          [`Gateway: GoodsListByClass ${gateway.shopId} ${gateway.classId} (${gateway.rows} rows, ${gateway.menu} menu)`, load(gateway.gateway)],
          ['Bare Fastify hello-world, same load', load(gateway.hello)],
          [`Gateway ÷ hello-world (goal ≥ ${gateway.goal})`, `${gateway.ratio.toFixed(2)} × — ${gateway.ratio >= gateway.goal ? 'met' : '**not met**'}`]
        ] as [string, string][])
      : []),
    ...(orders ? orderPlacementRows(orders) : []),
    ...(storm ? menuStormRows(storm) : []),
    ...(goods ? goodsListRows(goods) : []),
    ...(goods?.pageErrors.length ? [['Goods list: page errors', goods.pageErrors.join('; ')] as [string, string]] : []),
    ...(lighthouse ? lighthouseRows(lighthouse) : []),
    ...(live ? liveRows(live) : []),
    ...failed.map(({ part, reason }) => [`${part} bench`, `**failed**: ${reason}`] as [string, string])
  ]
  const cell = (t: string) => t.replace(/\|/g, '\\|')
  return [caption.trim(), '', '| Figure | Result |', '|---|---|', ...rows.map(([k, v]) => `| ${cell(k)} | ${cell(v)} |`)].join('\n')
}

/** The parts BENCH names (comma-separated), else all of them. */
export function benchParts(env = process.env.BENCH): BenchPart[] {
  if (!env?.trim()) return [...BENCH_PARTS]
  const asked = env.split(',').map((p) => p.trim()).filter(Boolean)
  const unknown = asked.filter((p) => !(BENCH_PARTS as readonly string[]).includes(p))
  if (unknown.length) throw new Error(`BENCH: unknown part(s) ${unknown.join(', ')}; the parts are ${BENCH_PARTS.join(', ')}`)
  return BENCH_PARTS.filter((p) => asked.includes(p))
}

async function main(): Promise<void> {
  const log = (line: string) => console.error(line)
  const parts = benchParts()
  const results: BenchResults = { failed: [] }
  /** One part: a failure is logged and named in the table, and the next part still runs. */
  const part = async <K extends BenchPart>(name: K, title: string, run: () => Promise<BenchResults[K]>) => {
    if (!parts.includes(name)) return
    log(`${title}…`)
    try {
      results[name] = await run()
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : String(error)
      log(`${title} failed: ${error instanceof Error ? error.stack : reason}`)
      results.failed!.push({ part: name, reason })
    }
  }
  await part('gateway', 'Gateway bench', () => runGatewayBench())
  await part('orders', 'Order placement bench', () => runOrderPlacementBench({ log }))
  await part('storm', 'Menu-read storm', () => runMenuStormBench({ log }))
  await part('goods', 'Goods list bench', () => runGoodsListBench({ log }))
  await part('lighthouse', 'Lighthouse bench', () => runLighthouseBench({ log }))
  await part('live', 'Live bench', () => runLiveBench({ log }))
  console.log(`\n${benchTable(results)}`)
  if (results.failed!.length) process.exitCode = 1
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
