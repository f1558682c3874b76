/**
 * npm run bench: the gateway throughput bench (server/bench/gateway.bench.ts), the order
 * placement bench (server/bench/order-placement.bench.ts), the menu-read storm
 * (bench/menu-storm.bench.ts: the server's RSS before, after and once idle), then the goods list
 * bench in Chromium (bench/goods-list.bench.ts), one after the other so none loads the machine while another
 * measures. Progress goes to stderr; stdout gets one Markdown block,
 * a line saying where it ran and one table, ready to paste into the README.
 */
import os from 'node:os'
import { runGatewayBench, type GatewayBenchResult, type LoadResult } from '../server/bench/gateway.bench'
import { orderPlacementRows, runOrderPlacementBench, type OrderPlacementBenchResult } from '../server/bench/order-placement.bench'
import { goodsListRows, runGoodsListBench, type GoodsListBenchResult } from './goods-list.bench'
import { menuStormRows, runMenuStormBench, type MenuStormResult } from './menu-storm.bench'

const group = (n: number) => n.toLocaleString('en-US')
const load = (l: LoadResult) => `${group(l.requestsPerSecond)} req/s, ${l.cpuMicrosPerRequest} µs CPU/request${l.errors ? ` (${l.errors} errors)` : ''}`

export function benchTable(gateway: GatewayBenchResult, goods: GoodsListBenchResult, orders?: OrderPlacementBenchResult, storm?: MenuStormResult): string {
  const cpu = os.cpus()
  const runs = goods.sizes[0]?.runs.length ?? 0
  const caption =
    `\`npm run bench\`: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, Chromium ${goods.chromium}. ` +
    `Gateway: ${gateway.connections} keep-alive connections, one process per server, ${gateway.gateway.seconds} s each. ` +
    (orders
      ? `Order placement: ${orders.connections} keep-alive connections, each order a new RequestKey; in process: submitOrder in a child of its own on a fresh database of the same kind; ${orders.sqlite.gateway.seconds} s each, alternating` +
        `${orders.postgres ? `; ${orders.postgresNote}` : ''}. `
      : '') +
    `Goods list: shop ${goods.shopId}, ${goods.sizes[0]?.classes ?? 0} classes, ${goods.viewport.width} × ${goods.viewport.height} phone, ` +
    `CPU ${goods.cpuSlowdown > 1 ? `slowed ${goods.cpuSlowdown} ×` : 'not throttled'}, medians of ${runs} page loads (checks: the worst).`
  const rows: [string, string][] = [
    [`Gateway: GoodsListByClass ${gateway.shopId} ${gateway.classId} (${gateway.rows} rows, ${gateway.menu} menu)`, load(gateway.gateway)],
    ['Bare Fastify hello-world, same load', load(gateway.hello)],
    [`Gateway ÷ hello-world (goal ≥ ${gateway.goal})`, `${gateway.ratio.toFixed(2)} × — ${gateway.ratio >= gateway.goal ? 'met' : '**not met**'}`],
    ...(orders ? orderPlacementRows(orders) : []),
    ...(storm ? menuStormRows(storm) : []),
    ...goodsListRows(goods)
  ]
  if (goods.pageErrors.length) rows.push(['Goods list: page errors', goods.pageErrors.join('; ')])
  const cell = (t: string) => t.replace(/\|/g, '\\|')
  return [caption, '', '| Figure | Result |', '|---|---|', ...rows.map(([k, v]) => `| ${cell(k)} | ${cell(v)} |`)].join('\n')
}

async function main(): Promise<void> {
  const log = (line: string) => console.error(line)
  log('Gateway bench…')
  const gateway = await runGatewayBench()
  log('Order placement bench…')
  const orders = await runOrderPlacementBench({ log })
  log('Menu-read storm…')
  const storm = await runMenuStormBench({ log })
  log('Goods list bench…')
  const goods = await runGoodsListBench({ log })
  console.log(`\n${benchTable(gateway, goods, orders, storm)}`)
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
