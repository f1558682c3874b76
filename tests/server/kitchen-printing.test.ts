/**
 * Kitchen printing (issue 24 item 5): tickets encoded as ESC/POS and sent over TCP to a loopback
 * fake printer, which checks the bytes and decodes what the paper would say; and the reprint
 * operation through the real gateway, on a round placed at a table.
 */
import type { KitchenTicketLineRow, KitchenTicketRow } from '../../src/gateway/kitchen-contract'
import { closeKitchenPrinting, printKitchenTicket, printerAddressProblem, validPrinterAddress } from '../../server/src/printing/kitchen-printing'
import { NetworkPrinterQueue } from '../../server/src/printing/network-printer'
import { closedPort, decodeEscPos, FakeEscPosPrinter, type DecodedTicket } from '../support/fake-escpos-printer'
import { gid, openAllDay, requestKey } from './helpers/order-fixtures'
import { ownerOf, personWithRole, type StaffSession } from './helpers/staff-fixtures'
import { createTestServer, ok, type TestServer } from './helpers/test-server'

const line = (over: Partial<KitchenTicketLineRow>): KitchenTicketLineRow => ({
  LineNo: 1,
  GoodsID: 'G1',
  GoodsName: '',
  SkuName: '',
  Unit: '份',
  Qua: '1',
  PrevQua: '',
  Change: '',
  ChangedAt: '',
  RemarkText: '',
  AddOnText: '',
  BomText: '',
  Done: 0,
  ...over
})

const ticket = (over: Partial<KitchenTicketRow> = {}): KitchenTicketRow => ({
  TicketID: 'T-1',
  ShopID: 'S1',
  BaseID: 'B1',
  StationID: 'ST1',
  StationName: '热菜',
  OrderID: 'O-1001',
  Kind: 'round',
  TableID: 'TB1',
  TableName: 'A05',
  PickupNo: '',
  ServiceType: 'dinein',
  RoundNo: 2,
  OrderRemarks: '不要葱',
  Status: 'open',
  // 12:34 in Macau.
  SentAt: '2026-03-01T04:34:00.000Z',
  ChangedAt: '2026-03-01T04:41:00.000Z',
  BumpedAt: '',
  AckedAt: '',
  AlertMinutes: 10,
  PrintError: '',
  Lines: [
    line({ LineNo: 1, GoodsName: '宫保鸡丁', Qua: '2', SkuName: '大份', AddOnText: '加辣, 花生', RemarkText: '少盐' }),
    line({ LineNo: 2, GoodsID: 'G2', GoodsName: '商务套餐', Qua: '1', BomText: '米饭, 例汤, 青菜' }),
    line({ LineNo: 3, GoodsID: 'G3', GoodsName: '牛肉面', Unit: '碗', Qua: '1', PrevQua: '3', Change: 'lowered', ChangedAt: '2026-03-01T04:41:00.000Z' }),
    line({ LineNo: 4, GoodsID: 'G4', GoodsName: '可乐', Unit: '罐', Qua: '0', PrevQua: '2', Change: 'cancelled', ChangedAt: '2026-03-01T04:41:00.000Z' }),
    line({ LineNo: 5, GoodsID: 'G5', GoodsName: '清蒸石斑鱼', Unit: '斤', Qua: '1.5' })
  ],
  ...over
})

const quickQueue = (): NetworkPrinterQueue => new NetworkPrinterQueue({ attempts: 3, backoffMs: 20, connectTimeoutMs: 2000, writeTimeoutMs: 2000, statusTimeoutMs: 1000, log: () => {} })

const printers: FakeEscPosPrinter[] = []
const queues: NetworkPrinterQueue[] = []
async function fakePrinter(options?: Parameters<typeof FakeEscPosPrinter.start>[0]): Promise<FakeEscPosPrinter> {
  const printer = await FakeEscPosPrinter.start(options)
  printers.push(printer)
  return printer
}
function queue(): NetworkPrinterQueue {
  const q = quickQueue()
  queues.push(q)
  return q
}
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.close()))
  await Promise.all(printers.splice(0).map((p) => p.close()))
})

const station = (printer: FakeEscPosPrinter) => ({ printerHost: printer.host, printerPort: printer.port })
const lineWith = (decoded: DecodedTicket, text: string) => {
  const found = decoded.lines.find((l) => l.text.includes(text))
  if (!found) throw new Error(`no line with "${text}" in:\n${decoded.text.join('\n')}`)
  return found
}

describe('a kitchen ticket on a network printer', () => {
  it('prints a Chinese ticket with every line, choice, change and remark the cook needs', async () => {
    const printer = await fakePrinter()
    const result = await printKitchenTicket(station(printer), ticket(), 'zh-CN', { changed: true, timeZone: 'Asia/Macau' }, queue())
    expect(result).toEqual({ printed: true, error: '' })
    const [job] = await printer.waitForJobs(1)
    const paper = decodeEscPos(job)

    expect(paper.chinese).toBe(true)
    expect(paper.cut).toBe('partial')
    // The printer was asked how it is after the ticket (offline cause, paper).
    expect(paper.statusQueries).toEqual([2, 4])

    expect(lineWith(paper, '改单').inverted).toContain('改单')
    expect(lineWith(paper, '热菜').height).toBe(2)
    const table = lineWith(paper, '桌号 A05')
    expect([table.width, table.height, table.bold]).toEqual([2, 2, true])
    expect(paper.text).toContainEqual(expect.stringContaining('堂食 · 第2轮'))
    expect(paper.text).toContainEqual(expect.stringContaining('下单 12:34'))
    expect(paper.text).toContainEqual(expect.stringContaining('改单 12:41'))

    const kungPao = lineWith(paper, '宫保鸡丁')
    expect(kungPao.text.trim()).toBe('2 份  宫保鸡丁')
    expect([kungPao.bold, kungPao.height]).toEqual([true, 2])
    expect(paper.text).toContain('    规格：大份')
    expect(paper.text).toContain('    加料：加辣, 花生')
    expect(paper.text).toContain('    备注：少盐')
    expect(lineWith(paper, '备注：少盐').bold).toBe(true)
    // One combo pick a row, under the first.
    const combo = paper.text.indexOf('    套餐：米饭')
    expect(paper.text.slice(combo, combo + 3)).toEqual(['    套餐：米饭', '          例汤', '          青菜'])
    expect(lineWith(paper, '清蒸石斑鱼').text.trim()).toBe('1.5 斤  清蒸石斑鱼')

    const lowered = lineWith(paper, '牛肉面')
    expect(lowered.text).toContain('3 → 1 碗')
    expect(lowered.inverted).toEqual(['改'])
    const cancelled = lineWith(paper, '可乐')
    expect(cancelled.text).toContain('2 → 0 罐')
    expect(cancelled.inverted).toEqual(['已取消'])

    expect(paper.text).toContain('整单备注：不要葱')
    expect(paper.text).toContainEqual(expect.stringContaining('O-1001'))
    // The lines come in the ticket's order, once each.
    const order = ['宫保鸡丁', '商务套餐', '牛肉面', '可乐', '清蒸石斑鱼'].map((name) => paper.text.findIndex((t) => t.includes(name)))
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(paper.text.filter((t) => t.includes('宫保鸡丁'))).toHaveLength(1)
  })

  it('prints the labels in the kitchen’s language: traditional Chinese, and plain-ASCII English with a pickup number and REPRINT', async () => {
    const printer = await fakePrinter()
    const q = queue()
    await printKitchenTicket(station(printer), ticket({ ServiceType: 'takeaway' }), 'zh-TW', { timeZone: 'Asia/Macau' }, q)
    const english = ticket({
      StationName: 'Grill',
      TableName: '',
      TableID: '',
      PickupNo: '0123',
      Kind: 'order',
      RoundNo: 0,
      ServiceType: 'takeaway',
      OrderRemarks: 'Allergic to peanuts',
      Lines: [
        line({ GoodsName: 'Beef burger', Unit: '', Qua: '2', SkuName: 'Large', AddOnText: 'Extra cheese', RemarkText: 'No onion' }),
        line({ LineNo: 2, GoodsName: 'Cola', Unit: 'can', Qua: '0', PrevQua: '1', Change: 'cancelled' })
      ]
    })
    const result = await printKitchenTicket(station(printer), english, 'en', { reprint: true, timeZone: 'Asia/Macau' }, q)
    expect(result.printed).toBe(true)
    const [zhTW, en] = (await printer.waitForJobs(2)).map(decodeEscPos)

    expect(zhTW.text).toContainEqual(expect.stringContaining('桌號 A05'))
    expect(zhTW.text).toContainEqual(expect.stringContaining('外賣自取 · 第2輪'))
    expect(zhTW.text).toContain('整單備註：不要葱')
    expect(lineWith(zhTW, '可乐').inverted).toEqual(['已取消'])

    // No Chinese mode for an all-ASCII ticket: it prints on a printer without a Chinese font too.
    expect(en.chinese).toBe(false)
    expect(lineWith(en, 'REPRINT').inverted).toEqual(['REPRINT'])
    expect(lineWith(en, 'Grill').height).toBe(2)
    const pickup = lineWith(en, 'Pickup 0123')
    expect([pickup.width, pickup.height]).toEqual([2, 2])
    expect(en.text).toContainEqual(expect.stringContaining('Takeaway'))
    expect(en.text.some((t) => t.includes('Round'))).toBe(false)
    expect(en.text).toContainEqual(expect.stringContaining('Sent 12:34'))
    expect(en.text).toContainEqual(expect.stringContaining('Reprinted'))
    expect(lineWith(en, 'Beef burger').text.trim()).toBe('2  Beef burger')
    expect(en.text).toContain('    Spec: Large')
    expect(en.text).toContain('    Add-ons: Extra cheese')
    expect(en.text).toContain('    Note: No onion')
    const cola = lineWith(en, 'Cola')
    expect(cola.text).toContain('1 -> 0 can')
    expect(cola.inverted).toEqual(['CANCELLED'])
    expect(en.text).toContain('Order note: Allergic to peanuts')
  })

  it('wraps a long name without losing a character, and a typed remark cannot send printer commands', async () => {
    const printer = await fakePrinter()
    const longName = '秘制酱香手撕包菜配特级五花肉片与农家土鸡蛋小炒' // 25 characters: wider than one line
    const sneaky = ticket({
      OrderRemarks: '快点\x1bp\x00\x19\xfa开钱箱\x1dV\x00',
      Lines: [line({ GoodsName: longName, Qua: '1', RemarkText: '切\r\n细' })]
    })
    expect((await printKitchenTicket(station(printer), sneaky, 'zh-CN', {}, queue())).printed).toBe(true)
    // The decoder refuses any command this project does not send (ESC p would open the cash drawer).
    const paper = decodeEscPos((await printer.waitForJobs(1))[0])
    const start = paper.text.findIndex((t) => t.includes('秘制'))
    expect(paper.text[start + 1].startsWith('    ')).toBe(true)
    expect((paper.text[start] + paper.text[start + 1]).replace(/\s/g, '')).toContain(longName)
    expect(paper.text).toContainEqual(expect.stringMatching(/整单备注：快点 +p .*开钱箱 +V/))
    expect(paper.text).toContainEqual(expect.stringMatching(/备注：切 +细/))
    // Without a time zone the times say they are UTC.
    expect(paper.text).toContainEqual(expect.stringContaining('下单 04:34 UTC'))
  })
})

describe('the printer queues', () => {
  it('prints tickets to one printer in the order they were asked for, one connection at a time', async () => {
    const printer = await fakePrinter({ answerDelayMs: 30 })
    const q = queue()
    const tables = ['A01', 'A02', 'A03', 'A04', 'A05', 'A06']
    const results = await Promise.all(tables.map((t) => printKitchenTicket(station(printer), ticket({ TableName: t }), 'zh-CN', {}, q)))
    expect(results.every((r) => r.printed)).toBe(true)
    const jobs = (await printer.waitForJobs(tables.length)).map(decodeEscPos)
    expect(jobs.map((j) => j.text.find((t) => t.includes('桌号'))!.trim())).toEqual(tables.map((t) => `桌号 ${t}`))
    expect(printer.maxConcurrent).toBe(1)
  })

  it('gives printed: false with the reason after the tries when the printer is off, without hanging', async () => {
    const port = await closedPort()
    const q = queue()
    const raw = await q.print({ host: '127.0.0.1', port }, new Uint8Array([0x1b, 0x40]))
    expect(raw).toMatchObject({ printed: false, attempts: 3 })
    expect(raw.error).toMatch(/not printed after 3 tries: connection refused/)
    const result = await printKitchenTicket({ printerHost: '127.0.0.1', printerPort: port }, ticket(), 'zh-CN', {}, q)
    expect(result.printed).toBe(false)
    expect(result.error).toMatch(/connection refused/)
  })

  it('tries again, a bounded number of times, when the printer resets the connection', async () => {
    const printer = await fakePrinter({ resetOnConnect: true })
    const result = await printKitchenTicket(station(printer), ticket(), 'zh-CN', {}, queue())
    expect(result.printed).toBe(false)
    expect(result.error).toMatch(/after 3 tries/)
    expect(printer.connections).toBe(3)
  })

  it('reports a printer out of paper as not printed, and does not send the ticket again', async () => {
    const printer = await fakePrinter({ status: { 4: 0x72 } })
    const result = await printKitchenTicket(station(printer), ticket(), 'zh-CN', {}, queue())
    expect(result.printed).toBe(false)
    expect(result.error).toMatch(/out of paper/)
    expect(printer.connections).toBe(1)
  })

  it('does not hold up another printer while one printer is slow', async () => {
    const slow = await fakePrinter({ answerDelayMs: 800 })
    const quick = await fakePrinter()
    const q = queue()
    let slowDone = false
    const slowJob = printKitchenTicket(station(slow), ticket({ TableName: 'S1' }), 'zh-CN', {}, q).then((r) => {
      slowDone = true
      return r
    })
    const quickResult = await printKitchenTicket(station(quick), ticket({ TableName: 'Q1' }), 'zh-CN', {}, q)
    expect(quickResult.printed).toBe(true)
    expect(slowDone).toBe(false)
    expect((await slowJob).printed).toBe(true)
    expect(decodeEscPos((await slow.waitForJobs(1))[0]).text).toContainEqual(expect.stringContaining('桌号 S1'))
  })

  it('on shutdown finishes nothing more: waiting tickets come back not printed', async () => {
    const port = await closedPort()
    const q = new NetworkPrinterQueue({ attempts: 5, backoffMs: 60_000, log: () => {} })
    const first = q.print({ host: '127.0.0.1', port }, new Uint8Array([0x1b, 0x40]))
    const second = q.print({ host: '127.0.0.1', port }, new Uint8Array([0x1b, 0x40]))
    await new Promise((r) => setTimeout(r, 100))
    await q.close()
    const results = await Promise.all([first, second])
    expect(results.map((r) => r.printed)).toEqual([false, false])
    expect(results[1].error).toMatch(/shutting down/)
    expect((await q.print({ host: '127.0.0.1', port }, new Uint8Array([0x1b, 0x40]))).error).toMatch(/shutting down/)
  })
})

describe('printer addresses a manager may save', () => {
  it('takes a bare host name or IP address and a port 1–65535', () => {
    for (const host of ['192.168.1.50', '10.0.0.7', 'kitchen-printer', 'printer-1.kitchen.local', 'fe80::1', '::1', '127.0.0.1']) {
      expect([host, validPrinterAddress(host, 9100)]).toEqual([host, true])
    }
    expect(validPrinterAddress('192.168.1.50', 1)).toBe(true)
    expect(validPrinterAddress('192.168.1.50', 65535)).toBe(true)
  })

  it('refuses URLs, schemes, paths, ports in the host, and bad ports', () => {
    const hosts = [
      'http://192.168.1.50',
      'tcp://printer.local',
      'https://printer.local:9100/print',
      '192.168.1.50:9100',
      '//printer.local',
      'printer.local/print',
      'user@printer.local',
      '[::1]',
      ' 192.168.1.50',
      '192.168.1.50 ',
      '',
      'printer local',
      'printer_1',
      '-printer',
      '192.168.1',
      '300.1.1.1',
      '0.0.0.0',
      '::',
      'file:///etc/passwd',
      'printer.local?x=1'
    ]
    for (const host of hosts) expect([host, printerAddressProblem(host, 9100)]).toEqual([host, 'host'])
    for (const port of [0, -1, 65536, 9100.5, Number.NaN, '9100', null]) {
      expect([port, printerAddressProblem('192.168.1.50', port)]).toEqual([port, 'port'])
    }
  })

  it('never connects to a station whose stored address is not one', async () => {
    const printer = await fakePrinter()
    const q = queue()
    expect(await printKitchenTicket({ printerHost: '', printerPort: 9100 }, ticket(), 'zh-CN', {}, q)).toEqual({ printed: false, error: 'this station has no printer' })
    const bad = await printKitchenTicket({ printerHost: `tcp://127.0.0.1:${printer.port}`, printerPort: printer.port }, ticket(), 'zh-CN', {}, q)
    expect(bad.printed).toBe(false)
    expect(printer.connections).toBe(0)
  })
})

describe('KitchenTicketReprint through the gateway', () => {
  let server: TestServer
  let owner: StaffSession
  let cook: StaffSession
  let cookB202: StaffSession
  let printer: FakeEscPosPrinter

  beforeAll(async () => {
    server = await createTestServer({}, { demoMenus: true })
    await openAllDay(server.db)
    await server.db.insertInto('enterprise_settings').values({ ent_id: 'E1001', parm_id: 'KitchenLocale', parm_value: 'zh-CN' }).execute()
    owner = await ownerOf(server)
    cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
    cookB202 = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B202' })
    printer = await FakeEscPosPrinter.start()
  }, 60_000)
  afterAll(async () => {
    await closeKitchenPrinting()
    await printer?.close()
    await server?.close()
  })

  const as = (who: StaffSession, op: string, record: Record<string, unknown>) => server.call(op, [record], { entId: who.entId, headers: who.headers })

  async function roundAt(tableId: string, code: string, qua: string): Promise<string> {
    const qr = await server.db.selectFrom('qr_codes').select('code').where('table_id', '=', tableId).executeTakeFirstOrThrow()
    const goods = await server.db.selectFrom('goods').select('price').where('goods_id', '=', gid(code)).executeTakeFirstOrThrow()
    const res = await server.call(
      'MealPosOrderSubmit',
      [
        {
          ShopID: 'S101',
          BaseID: 'B201',
          TableID: tableId,
          QRCode: qr.code,
          ServiceType: 'dinein',
          RequestKey: requestKey(),
          Lines: [{ GoodsID: gid(code), SkuID: '', PCode: '', MQua: qua, PQua: '0', Remarks: [], AddOns: [], Bom: [], Amount: String(Number(goods.price) * Number(qua)) }]
        }
      ],
      { headers: { 'X-Device-Key': `printing-phone-${tableId}-0123456789` }, lang: 'en' }
    )
    return ok(res).table2[0].SheetID as string
  }
  const ticketOf = async (roundId: string): Promise<KitchenTicketRow> => {
    const board = ok(await as(cook, 'KitchenBoardGet', { BaseID: 'B201', StationID: '*' }))
    return (board.table1 as KitchenTicketRow[]).find((t) => t.OrderID === roundId)!
  }

  it('prints the ticket again on its station’s printer, in the kitchen’s language, marked as a reprint; only for the branch’s staff', async () => {
    const wok = ok(await as(owner, 'KitchenStationSave', { BaseID: 'B201', StationID: '', Name: '炒锅', ClassIDs: '', GoodsIDs: gid('F01'), AlertMinutes: 10, PrinterHost: printer.host, PrinterPort: printer.port, Sort: 1 })).table1[0]
    const cold = ok(await as(owner, 'KitchenStationSave', { BaseID: 'B201', StationID: '', Name: '凉菜', ClassIDs: '', GoodsIDs: gid('E01'), AlertMinutes: 10, PrinterHost: '', PrinterPort: 9100, Sort: 2 })).table1[0]
    const roundId = await roundAt('B201-A03', 'F01', '2')
    const ticket = await ticketOf(roundId)
    expect(ticket.StationID).toBe(wok.StationID)

    const before = printer.jobs.length
    expect(ok(await as(cook, 'KitchenTicketReprint', { TicketID: ticket.TicketID })).table1).toEqual([{ Printed: true, Error: '' }])
    const [job] = (await printer.waitForJobs(before + 1)).slice(before)
    const paper = decodeEscPos(job)
    expect(lineWith(paper, '补印').inverted).toEqual(['补印'])
    expect(paper.text).toContainEqual(expect.stringContaining('炒锅'))
    expect(paper.text).toContainEqual(expect.stringContaining('桌号 A03'))
    expect(paper.text).toContainEqual(expect.stringContaining('堂食 · 第1轮'))
    // Ordered in English; the kitchen reads Simplified Chinese.
    expect(lineWith(paper, ticket.Lines[0].GoodsName).text).toMatch(/^2\b/)
    expect(ticket.Lines[0].GoodsName).toBe('是日例汤')

    // Another branch's cook cannot reprint it (and nothing prints).
    expect((await as(cookB202, 'KitchenTicketReprint', { TicketID: ticket.TicketID })).body.errcode).toBe('10013')
    expect(printer.jobs.length).toBe(before + 1)

    // A station without a printer says so.
    const coldTicket = await ticketOf(await roundAt('B201-A04', 'E01', '1'))
    expect(coldTicket.StationID).toBe(cold.StationID)
    expect(ok(await as(cook, 'KitchenTicketReprint', { TicketID: coldTicket.TicketID })).table1).toEqual([{ Printed: false, Error: 'this station has no printer' }])

    // A printer that is off: the answer comes, with the reason, and the server's log says so.
    await printer.close()
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const off = ok(await as(cook, 'KitchenTicketReprint', { TicketID: ticket.TicketID })).table1[0]
      expect(off.Printed).toBe(false)
      expect(off.Error).toMatch(/connection refused/)
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^printer 127\\.0\\.0\\.1:${printer.port}: not printed after 3 tries`)))
    } finally {
      warn.mockRestore()
    }
  })
})
