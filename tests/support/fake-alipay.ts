/**
 * A loopback fake of Alipay's openapi gateway (gateway.do), a test double: it speaks the
 * published protocol with keys the test makes, and says nothing about Alipay's own servers. It is
 * written from the protocol with node:crypto, not from alipay-sdk or our provider, so it checks
 * what they send:
 *
 *   - every request's RSA2 signature: SHA256withRSA (the app's public key) over every parameter
 *     but `sign`, from the URL and the form body, sorted by name, as `k=v` joined with '&'; a bad
 *     one answers code 40002 isv.invalid-signature; a wrong app_id 40002 isv.invalid-app-id;
 *   - alipay.trade.create (the same out_trade_no and amount answer the same trade_no; another
 *     amount ACQ.TRADE_HAS_SUCCESS-style refusal), alipay.trade.wap.pay opened as the payer's
 *     browser would (GET, signature checked, the trade made), alipay.trade.query, .close,
 *     .refund (same out_request_no: the same refund, fund_change N), .fastpay.refund.query;
 *   - every answer `{"<method>_response":{…},"sign":"…"}` signed over the inner JSON with Alipay's
 *     private key; `answerFault` spoils it on purpose;
 *   - certificate mode (公钥证书, `certMode` set): every request must carry the app_cert_sn and
 *     alipay_root_cert_sn of the test's certificates (tests/support/alipay-certificates.ts), inside
 *     the signed parameters; answers carry alipay_cert_sn beside the signed response, as Alipay's do;
 *   - notices (trade_status_sync): form-encoded, signed RSA2 over the sorted parameters without
 *     sign and sign_type, posted to the notify_url we gave, with knobs for replays, tampering,
 *     other app ids / sellers / amounts and a foreign key.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'

export interface AlipayKeys {
  appId: string
  sellerId: string
  appPrivateKeyPem: string
  appPublicKey: KeyObject
  alipayPublicKeyPem: string
  alipayPrivateKey: KeyObject
}

export function makeAlipayKeys(): AlipayKeys {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return {
    appId: `2021${String(Date.now()).slice(-12)}`,
    sellerId: `2088${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`,
    // PKCS#1, as Alipay's key tool writes it: the provider must take it.
    appPrivateKeyPem: app.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    appPublicKey: app.publicKey,
    alipayPublicKeyPem: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    alipayPrivateKey: alipay.privateKey
  }
}

interface Trade {
  tradeNo: string
  outTradeNo: string
  totalAmount: string
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED'
  buyer: string
  notifyUrl: string | null
  refunds: Map<string, string>
}

export interface FakeRequest {
  method: string
  /** The openapi method ('alipay.trade.create'). */
  api: string
  params: Record<string, string>
  biz: Record<string, unknown>
  signatureOk: boolean
}

const cents = (yuan: string): bigint => {
  const [i, f = ''] = yuan.split('.')
  return BigInt(i) * 100n + BigInt((f + '00').slice(0, 2))
}
const yuan = (c: bigint): string => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`

/** The string Alipay signs and checks: sorted `k=v` over the parameters, without the ones named. */
export function alipaySignString(params: Record<string, string>, without: string[]): string {
  return Object.keys(params)
    .filter((k) => !without.includes(k) && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&')
}

export class FakeAlipay {
  url = ''
  readonly requests: FakeRequest[] = []
  readonly trades = new Map<string, Trade>()
  /** 'bad-sign': answers signed with another key; 'unsigned': no sign; null: good. */
  answerFault: 'bad-sign' | 'unsigned' | null = null
  /**
   * Certificate mode: the serial numbers requests must carry (app_cert_sn, alipay_root_cert_sn) and
   * the one answers name (alipay_cert_sn). A wrong or missing one is refused with a 40002 (the fake's
   * own sub_codes: Alipay's exact ones are for a live account to show).
   */
  certMode: { appCertSn: string; rootCertSn: string; alipayCertSn: string } | null = null
  /** The next refund answers this sub_code (e.g. ACQ.SELLER_BALANCE_NOT_ENOUGH). */
  refuseRefund: string | null = null
  /** The next refund's answer is lost (HTTP 502) after the refund is made. */
  loseRefundAnswer = false
  private server: http.Server | null = null
  private seq = 0

  constructor(readonly keys: AlipayKeys) {}

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        try {
          this.handle(req, Buffer.concat(chunks).toString('utf8'), res)
        } catch (e) {
          res.writeHead(500).end(String(e))
        }
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake')
    // A bill's download URL: a plain GET, no openapi signature (the URL itself is the short-lived key).
    if (req.method === 'GET' && url.pathname.startsWith('/bill/')) return this.serveBill(url.pathname, res)
    const params: Record<string, string> = {}
    for (const [k, v] of url.searchParams) params[k] = v
    if (body) for (const [k, v] of new URLSearchParams(body)) params[k] = v
    const api = params.method ?? ''
    const signatureOk =
      typeof params.sign === 'string' && params.sign_type === 'RSA2' && createVerify('RSA-SHA256').update(alipaySignString(params, ['sign']), 'utf8').verify(this.keys.appPublicKey, params.sign, 'base64')
    let biz: Record<string, unknown> = {}
    try {
      biz = params.biz_content ? (JSON.parse(params.biz_content) as Record<string, unknown>) : {}
    } catch {
      biz = {}
    }
    this.requests.push({ method: req.method ?? '', api, params, biz, signatureOk })
    const answer = (data: Record<string, unknown>) => this.answer(res, api, data)
    if (!signatureOk) return answer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' })
    if (params.app_id !== this.keys.appId) return answer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-app-id', sub_msg: '无效的AppID参数' })
    if (this.certMode && params.app_cert_sn !== this.certMode.appCertSn) return answer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-app-cert-sn', sub_msg: '应用公钥证书序列号不匹配' })
    if (this.certMode && params.alipay_root_cert_sn !== this.certMode.rootCertSn) return answer({ code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-alipay-root-cert-sn', sub_msg: '支付宝根证书序列号不匹配' })
    const fail = (subCode: string, subMsg = subCode) => answer({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg })
    const outTradeNo = String(biz.out_trade_no ?? '')
    const trade = this.trades.get(outTradeNo)

    switch (api) {
      case 'alipay.trade.create':
      case 'alipay.trade.wap.pay': {
        const amount = String(biz.total_amount ?? '')
        if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount) || cents(amount) <= 0n) return fail('ACQ.INVALID_PARAMETER', 'total_amount')
        if (!outTradeNo || typeof biz.subject !== 'string') return fail('ACQ.INVALID_PARAMETER', 'out_trade_no / subject')
        const buyer = String(biz.buyer_id ?? biz.buyer_open_id ?? '')
        if (api === 'alipay.trade.create' && !buyer) return fail('ACQ.INVALID_PARAMETER', 'buyer_id or buyer_open_id')
        if (trade) {
          if (trade.totalAmount !== amount) return fail('ACQ.CONTEXT_INCONSISTENT', '参数不一致')
          if (trade.status !== 'WAIT_BUYER_PAY') return fail('ACQ.TRADE_HAS_SUCCESS')
        } else {
          this.trades.set(outTradeNo, {
            tradeNo: `2026${Date.now()}${String(++this.seq).padStart(6, '0')}`,
            outTradeNo,
            totalAmount: amount,
            status: 'WAIT_BUYER_PAY',
            buyer: buyer || `2088${String(this.seq).padStart(12, '0')}`,
            notifyUrl: params.notify_url ?? null,
            refunds: new Map()
          })
        }
        const t = this.trades.get(outTradeNo)!
        if (api === 'alipay.trade.wap.pay') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><body>Alipay cashier ${t.outTradeNo} ${t.totalAmount}</body></html>`)
          return
        }
        return answer({ code: '10000', msg: 'Success', out_trade_no: outTradeNo, trade_no: t.tradeNo })
      }
      case 'alipay.trade.query':
        if (!trade) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在')
        return answer({ code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo, trade_status: trade.status, total_amount: trade.totalAmount, buyer_user_id: trade.buyer })
      case 'alipay.trade.close':
        if (!trade) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在')
        if (trade.status !== 'WAIT_BUYER_PAY') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
        trade.status = 'TRADE_CLOSED'
        return answer({ code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo })
      case 'alipay.trade.refund': {
        if (!trade) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在')
        if (trade.status !== 'TRADE_SUCCESS') return fail('ACQ.TRADE_STATUS_ERROR', '交易状态不合法')
        const requestNo = String(biz.out_request_no ?? trade.outTradeNo)
        const amount = String(biz.refund_amount ?? '')
        if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount)) return fail('ACQ.INVALID_PARAMETER', 'refund_amount')
        if (this.refuseRefund) {
          const code = this.refuseRefund
          this.refuseRefund = null
          return fail(code)
        }
        const refunded = () => [...trade.refunds.values()].reduce((s, a) => s + cents(a), 0n)
        const before = trade.refunds.get(requestNo)
        if (before !== undefined) {
          // A retry of a refund already made: no money moves again.
          if (before !== amount) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额与原请求不一致')
          return answer({ code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo, fund_change: 'N', refund_fee: yuan(refunded()) })
        }
        if (refunded() + cents(amount) > cents(trade.totalAmount)) return fail('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限')
        trade.refunds.set(requestNo, amount)
        if (this.loseRefundAnswer) {
          this.loseRefundAnswer = false
          res.writeHead(502).end('bad gateway')
          return
        }
        return answer({ code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo, fund_change: 'Y', refund_fee: yuan(refunded()) })
      }
      case 'alipay.trade.fastpay.refund.query': {
        if (!trade) return fail('ACQ.TRADE_NOT_EXIST', '交易不存在')
        const requestNo = String(biz.out_request_no ?? '')
        const amount = trade.refunds.get(requestNo)
        // Alipay answers 10000 without refund_status for a refund it does not have.
        if (amount === undefined) return answer({ code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo })
        return answer({ code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo, out_request_no: requestNo, refund_amount: amount, total_amount: trade.totalAmount, refund_status: 'REFUND_SUCCESS' })
      }
      case 'alipay.data.dataservice.bill.downloadurl.query':
        return this.billQuery(biz, answer)
      default:
        return answer({ code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' })
    }
  }

  private answer(res: http.ServerResponse, api: string, data: Record<string, unknown>): void {
    const inner = JSON.stringify(data)
    const key = this.answerFault === 'bad-sign' ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey : this.keys.alipayPrivateKey
    const sign = createSign('RSA-SHA256').update(inner, 'utf8').sign(key, 'base64')
    // Certificate mode: the answer names the certificate whose key signed it, outside the signed text.
    const certSn = this.certMode ? `,"alipay_cert_sn":"${this.certMode.alipayCertSn}"` : ''
    const body = this.answerFault === 'unsigned' ? `{"${api.replaceAll('.', '_')}_response":${inner}${certSn}}` : `{"${api.replaceAll('.', '_')}_response":${inner}${certSn},"sign":"${sign}"}`
    res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(body)
  }

  /** The payer pays (or the trade closes) at Alipay: the state changes, nothing is sent. */
  setStatus(outTradeNo: string, status: Trade['status']): Trade {
    const trade = this.trades.get(outTradeNo)
    if (!trade) throw new Error(`fake alipay: no trade ${outTradeNo}`)
    trade.status = status
    return trade
  }

  /**
   * The notice Alipay would send for the trade's state now, as form text: fields overridden,
   * signed (with `signWith`, default Alipay's key) after the overrides, then `tamper`ed.
   */
  notice(outTradeNo: string, opts: { overrides?: Record<string, string>; signWith?: KeyObject; tamper?: (form: URLSearchParams) => void } = {}): string {
    const trade = this.trades.get(outTradeNo)
    if (!trade) throw new Error(`fake alipay: no trade ${outTradeNo}`)
    const params: Record<string, string> = {
      notify_time: '2026-11-28 18:00:00',
      notify_type: 'trade_status_sync',
      notify_id: `ac05099524730693a8b330c5ecf72da${String(++this.seq).padStart(4, '0')}`,
      app_id: this.keys.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      seller_id: this.keys.sellerId,
      buyer_id: trade.buyer,
      subject: '点餐 & 测试 = 订单',
      gmt_create: '2026-11-28 17:59:00',
      gmt_payment: '2026-11-28 17:59:30',
      ...(opts.overrides ?? {})
    }
    for (const [k, v] of Object.entries(params)) if (v === '') delete params[k]
    params.sign = createSign('RSA-SHA256').update(alipaySignString(params, ['sign', 'sign_type']), 'utf8').sign(opts.signWith ?? this.keys.alipayPrivateKey, 'base64')
    const form = new URLSearchParams(params)
    opts.tamper?.(form)
    return form.toString()
  }

  /** Posts a notice body to the trade's notify_url (or `to`) as Alipay does; the status and the body of our answer. */
  async post(outTradeNo: string, body: string, to?: string): Promise<{ status: number; body: string }> {
    const target = to ?? this.trades.get(outTradeNo)?.notifyUrl
    if (!target) throw new Error(`fake alipay: no notify_url for ${outTradeNo}`)
    const r = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body })
    return { status: r.status, body: await r.text() }
  }

  /** Pays the trade and sends its notice. */
  async pay(outTradeNo: string): Promise<{ status: number; body: string; notice: string }> {
    this.setStatus(outTradeNo, 'TRADE_SUCCESS')
    const notice = this.notice(outTradeNo)
    return { ...(await this.post(outTradeNo, notice)), notice }
  }

  randomId(): string {
    return randomBytes(6).toString('hex')
  }

  // ---------- bills (npm run payments -- reconcile) ----------

  /** Rows a test adds to every bill of their day (业务类型 交易 or 退款; amounts as Alipay writes them, refunds negative). */
  readonly billExtras: FakeAlipayBillRow[] = []
  /** When Alipay completed a trade or refund (by out_trade_no, or `${out_trade_no}/${out_request_no}`); default: when the bill is asked for. */
  readonly billTimes = new Map<string, Date>()
  /** 'refuse': the download query answers isp.bill_not_exist. */
  billFault: 'refuse' | null = null
  private readonly billFiles = new Map<string, Buffer>()

  /** The detail CSV (业务明细) of a day as Alipay writes it, before GBK: # lines, header, rows with tab-ended fields, # lines. */
  billDetail(date: string): string {
    const beijing = (d: Date) => new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ')
    const now = new Date()
    const rows: FakeAlipayBillRow[] = []
    for (const t of this.trades.values()) {
      if (t.status === 'TRADE_SUCCESS' || t.status === 'TRADE_FINISHED' || t.refunds.size > 0) rows.push({ outTradeNo: t.outTradeNo, type: '交易', amount: t.totalAmount, at: this.billTimes.get(t.outTradeNo) ?? now, tradeNo: t.tradeNo })
      for (const [requestNo, amount] of t.refunds) rows.push({ outTradeNo: t.outTradeNo, type: '退款', amount: `-${amount}`, refundNo: requestNo, at: this.billTimes.get(`${t.outTradeNo}/${requestNo}`) ?? now, tradeNo: t.tradeNo })
    }
    rows.push(...this.billExtras)
    const day = rows.filter((r) => beijing(r.at ?? now).slice(0, 10) === date)
    const [y, m, d] = date.split('-')
    const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10).split('-')
    const lines = [
      '#支付宝业务明细查询',
      `#账号：[${this.keys.sellerId}0156]`,
      `#起始日期：[${y}年${m}月${d}日 00:00:00]   终止日期：[${next[0]}年${next[1]}月${next[2]}日 00:00:00]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      '支付宝交易号,商户订单号,业务类型,商品名称,创建时间,完成时间,门店编号,门店名称,操作员,终端号,对方账户,订单金额（元）,商家实收（元）,支付宝红包（元）,集分宝（元）,支付宝优惠（元）,商家优惠（元）,券核销金额（元）,券名称,商家红包消费金额（元）,卡消费金额（元）,退款批次号/请求号,服务费（元）,分润（元）,备注',
      ...day.map((r) => {
        const at = beijing(r.at ?? now)
        return `${r.tradeNo ?? `2026${Date.now()}`}\t,${r.outTradeNo}\t,${r.type}\t,点餐 测试,${at},${at},\t,\t,\t,\t,**餐(138******00)\t,${r.amount},${r.amount},0.00,0.00,0.00,0.00,0.00,,0.00\t,0.00,${r.refundNo ?? ''}\t,0.00,0.00,`
      }),
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${day.filter((r) => r.type === '交易').length}笔`,
      `#退款合计：${day.filter((r) => r.type === '退款').length}笔`,
      `#导出时间：[${y}年${m}月${d}日 09:00:00]`
    ]
    return `${lines.join('\r\n')}\r\n`
  }

  /** The bill zip: the detail and a summary, GBK text, GBK names (no UTF-8 flag), deflated, as Alipay serves it. */
  billZip(date: string): Buffer {
    const stamp = date.replaceAll('-', '')
    const summary = ['#支付宝业务汇总查询', `#账号：[${this.keys.sellerId}0156]`, '门店编号,门店名称,交易订单总笔数,退款订单总笔数', '合计,,0,0'].join('\r\n')
    return zipFiles([
      { name: `${this.keys.sellerId}0156_${stamp}_业务明细.csv`, data: gbkEncode(this.billDetail(date)) },
      { name: `${this.keys.sellerId}0156_${stamp}_业务明细(汇总).csv`, data: gbkEncode(summary) }
    ])
  }

  private billQuery(biz: Record<string, unknown>, answer: (data: Record<string, unknown>) => void): void {
    const date = String(biz.bill_date ?? '')
    if (biz.bill_type !== 'trade' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return answer({ code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-parameter', sub_msg: 'bill_type / bill_date' })
    if (this.billFault === 'refuse') return answer({ code: '40004', msg: 'Business Failed', sub_code: 'isp.bill_not_exist', sub_msg: '账单不存在' })
    const token = randomBytes(12).toString('hex')
    this.billFiles.set(token, this.billZip(date))
    return answer({ code: '10000', msg: 'Success', bill_download_url: `${this.url.replace(/\/gateway\.do$/, '')}/bill/${token}.zip` })
  }

  private serveBill(pathname: string, res: http.ServerResponse): void {
    const file = this.billFiles.get(pathname.slice('/bill/'.length).replace(/\.zip$/, ''))
    if (!file) return void res.writeHead(404).end('no such bill')
    res.writeHead(200, { 'content-type': 'application/oct-stream' }).end(file)
  }
}

/** A row of the fake's trade bill, as Alipay writes it (amount text, negative for a refund). */
export interface FakeAlipayBillRow {
  outTradeNo: string
  type: '交易' | '退款'
  amount: string
  refundNo?: string
  tradeNo?: string
  at?: Date
}

let gbkTable: Map<string, number[]> | null = null
/** Text → GBK bytes. Node has a GBK decoder (TextDecoder) but no encoder: the table is the decoder's inverse. */
export function gbkEncode(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map()
    const decoder = new TextDecoder('gbk')
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue
        const ch = decoder.decode(Uint8Array.from([lead, trail]))
        if (ch.length === 1 && ch !== '\uFFFD' && !gbkTable.has(ch)) gbkTable.set(ch, [lead, trail])
      }
    }
  }
  const bytes: number[] = []
  for (const ch of text) {
    if (ch.charCodeAt(0) < 0x80) bytes.push(ch.charCodeAt(0))
    else {
      const code = gbkTable.get(ch)
      if (!code) throw new Error(`no GBK code for '${ch}'`)
      bytes.push(...code)
    }
  }
  return Buffer.from(bytes)
}

/** A ZIP of deflated files, names as given bytes (GBK here: no UTF-8 flag), as Alipay's bill zips are. */
export function zipFiles(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const f of files) {
    const name = gbkEncode(f.name)
    const body = zlib.deflateRawSync(f.data)
    const crc = zlib.crc32(f.data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(0, 6)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(f.data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(0, 8)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(f.data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, body)
    centrals.push(central, name)
    offset += local.length + name.length + body.length
  }
  const dir = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(dir.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, dir, end])
}
