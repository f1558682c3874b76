/**
 * Paying in the host's own cashier (issue 14 item 3): the stores ask PaySubmit / RechargeSubmit for
 * the host's channel, open the cashier with the answer, and never take its word as "paid": done →
 * the page that asks the server; cancelled → the payment stays open, the same attempt pays later.
 */
import { PaymentStore, NO_WEB_RETURN } from '../../src/features/orders/payment.store'
import { WalletStore } from '../../src/features/wallet/wallet.store'
import type { HostCashier, HostPayOutcome } from '../../src/hosts/cashier'
import type { PayInvocationRow } from '../../src/gateway/pay-invocation'
import type { PaymentRow } from '../../src/gateway/order-rows'
import type { RechargeRow, RechargeRuleRow } from '../../src/gateway/member-rows'
import { fakeGateway, ManualScheduler, networkDown, orderRow, paymentRow, type Script } from './support/orders-fakes'

const memory = () => {
  const m = new Map<string, string>()
  return { get: (k: string) => m.get(k) ?? null, set: (k: string, v: string) => void m.set(k, v), remove: (k: string) => void m.delete(k) }
}

/** A host cashier that answers what the test says and remembers what it was opened with. */
function fakeCashier(channel: HostCashier['channel'], outcomes: HostPayOutcome[]) {
  const opened: PayInvocationRow[] = []
  const cashier: HostCashier = {
    channel,
    pay: async (invocation) => {
      opened.push(invocation)
      return outcomes.shift() ?? 'failed'
    }
  }
  return { cashier, opened }
}

const invocation = (Channel: PayInvocationRow['Channel'], PayID: string): PayInvocationRow => ({
  Channel,
  AppID: Channel.startsWith('wechat') ? 'sandbox' : '',
  TimeStamp: Channel.startsWith('wechat') ? '1763800000' : '',
  NonceStr: Channel.startsWith('wechat') ? 'n'.repeat(32) : '',
  Package: Channel.startsWith('wechat') ? `prepay_id=sbx_${PayID}_x` : '',
  SignType: Channel.startsWith('wechat') ? 'HMAC-SHA256' : '',
  PaySign: Channel.startsWith('wechat') ? 'S'.repeat(64) : '',
  TradeNO: Channel.startsWith('alipay') ? `SBX_${PayID}_x` : ''
})

/** One unpaid order; PaySubmit answers by key with the channel's invocation; PaymentStatusUpdate the stored state. */
function payServer() {
  const byKey = new Map<string, PaymentRow>()
  let n = 0
  const script: Script = {
    OrderDetailGet: ({ SheetID }) => ({ table1: [orderRow(SheetID)], table2: [], table3: [...byKey.values()] }),
    FinanceAccountGet: ({ ShopID }) => ({ table1: [{ ShopID, Provider: 'sandbox', AccountName: 'Tea House', AccountTail: '4321' }] }),
    PaySubmit: ({ SheetID, RequestKey, PayChannel }) => {
      let p = byKey.get(RequestKey)
      if (!p) byKey.set(RequestKey, (p = paymentRow(`PAY${++n}`, SheetID)))
      return { table1: [p], table2: p.Status === 0 ? [invocation(PayChannel ?? 'hosted', p.PayID)] : [] }
    },
    PaymentStatusUpdate: ({ PayID }) => ({ table1: [...byKey.values()].filter((p) => p.PayID === PayID), table2: [] })
  }
  return { script, byKey }
}

function paymentSetup(script: Script, cashier: HostCashier | null, returnUrl: string | null) {
  const gateway = fakeGateway(script)
  const left: string[] = []
  const payment = new PaymentStore(gateway, {
    storage: memory(),
    returnUrl: () => returnUrl,
    leaveTo: (url) => (left.push(url), returnUrl !== null),
    cashier: async () => cashier,
    scheduler: new ManualScheduler(),
    now: () => 1763800000000,
    random: () => 0.5
  })
  return { payment, gateway, left }
}

describe('paymentTransfer with a host cashier', () => {
  it('a mini-program (no web address) pays in its cashier: PaySubmit asks for its channel, done → the paying page asks the server', async () => {
    const { script } = payServer()
    const { cashier, opened } = fakeCashier('wechat-mini', ['done'])
    const { payment, gateway, left } = paymentSetup(script, cashier, null)
    await payment.transfer('O1')
    const submit = gateway.callsOf('PaySubmit')[0].record
    expect(submit).toMatchObject({ SheetID: 'O1', PayChannel: 'wechat-mini', ReturnUrl: NO_WEB_RETURN })
    expect(opened).toEqual([invocation('wechat-mini', 'PAY1')])
    expect(left).toEqual([])
    // The cashier said done; the store says nothing is paid yet: the paying page will ask.
    expect(payment.transferState).toBe('toPaying')
    expect(payment.payment?.PayID).toBe('PAY1')
  })

  it('cancel leaves the payment open; paying again is the same attempt, the same payment, the cashier reopened', async () => {
    const { script, byKey } = payServer()
    const { cashier, opened } = fakeCashier('alipay-jsapi', ['cancelled', 'done'])
    const { payment, gateway } = paymentSetup(script, cashier, 'http://shop.test/#/pages/paying/paying')
    await payment.transfer('O1')
    expect(payment.transferState).toBe('cancelled')
    await payment.transfer('O1')
    expect(payment.transferState).toBe('toPaying')
    const keys = gateway.callsOf('PaySubmit').map((c) => c.record.RequestKey)
    expect(keys[0]).toBe(keys[1])
    expect(byKey.size).toBe(1)
    expect(opened.map((i) => i.TradeNO)).toEqual(['SBX_PAY1_x', 'SBX_PAY1_x'])
  })

  it('a failed cashier asks the server: declined there → the paying page shows it; still pending → "did not go through"', async () => {
    const declined = payServer()
    const a = paymentSetup(declined.script, fakeCashier('wechat-jsapi', ['failed']).cashier, 'http://shop.test/')
    // The provider recorded the decline before the cashier reported failure.
    declined.script.PaymentStatusUpdate = ({ PayID }) => ({ table1: [paymentRow(PayID, 'O1', { Status: 2 })], table2: [] })
    await a.payment.transfer('O1')
    expect(a.payment.transferState).toBe('toPaying')

    const pending = payServer()
    const b = paymentSetup(pending.script, fakeCashier('wechat-jsapi', ['failed']).cashier, 'http://shop.test/')
    await b.payment.transfer('O1')
    expect(b.payment.transferState).toBe('cashierFailed')

    const offline = payServer()
    offline.script.PaymentStatusUpdate = () => networkDown('PaymentStatusUpdate')
    const c = paymentSetup(offline.script, fakeCashier('alipay-mini', ['failed']).cashier, null)
    await c.payment.transfer('O1')
    expect(c.payment.transferState).toBe('cashierFailed')
  })

  it('a host without a cashier: the hosted page as before (no PayChannel); with neither, unsupported and nothing submitted', async () => {
    const { script } = payServer()
    const web = paymentSetup(script, null, 'http://shop.test/#/pages/paying/paying')
    await web.payment.transfer('O1')
    expect(web.gateway.callsOf('PaySubmit')[0].record.PayChannel).toBeUndefined()
    expect(web.left).toEqual(['http://shop.test/sandbox/pay/PAY1'])
    expect(web.payment.transferState).toBe('leaving')

    const none = paymentSetup(payServer().script, null, null)
    await none.payment.transfer('O1')
    expect(none.payment.transferState).toBe('unsupported')
    expect(none.gateway.callsOf('PaySubmit')).toHaveLength(0)
  })
})

const RULES: RechargeRuleRow[] = [{ RuleID: 'R100', Amount: '100.00', GiftAmount: '10.00', RuleName: 'Top up 100, get 10', GiftCouponQua: 0, SortNo: 1 }]

function rechargeSetup(cashier: HostCashier | null, status: RechargeRow['Status'] = 0) {
  const byKey = new Map<string, RechargeRow>()
  const script: Script = {
    RechargeRuleList: () => ({ table1: RULES }),
    RechargeRuleDetail: ({ RuleID }) => ({ table1: RULES.filter((r) => r.RuleID === RuleID), table2: [] }),
    RechargeSubmit: ({ RuleID, RequestKey, PayChannel }) => {
      let r = byKey.get(RequestKey)
      if (!r) {
        r = { RechargeID: `RC${byKey.size + 1}`, RuleID, Amount: '100.00', GiftAmount: '10.00', Status: 0, PayUrl: 'http://shop.test/sandbox/pay/RC', Provider: 'sandbox', CreatedDate: '', PaidDate: '' }
        byKey.set(RequestKey, r)
      }
      return { table1: [r], table2: [invocation(PayChannel ?? 'hosted', r.RechargeID)] }
    },
    RechargeStatusGet: ({ RechargeID }) => ({ table1: [{ ...[...byKey.values()].find((r) => r.RechargeID === RechargeID)!, Status: status }], table2: [] })
  }
  const gateway = fakeGateway(script)
  const left: string[] = []
  const wallet = new WalletStore(gateway, {
    storage: memory(),
    signedIn: () => true,
    shopId: () => 'S101',
    rechargeReturnUrl: () => null,
    leaveTo: (url) => (left.push(url), false),
    cashier: async () => cashier,
    askLogin: () => undefined,
    askBind: () => undefined,
    scheduler: new ManualScheduler(),
    now: () => 1763800000000,
    random: () => 0.5
  })
  return { wallet, gateway, left, byKey }
}

describe('recharging in a host cashier', () => {
  it('a mini-program recharges in its cashier; done → rechargeResult asks the server (checking), not "paid"', async () => {
    const { cashier, opened } = fakeCashier('alipay-mini', ['done'])
    const { wallet, gateway, left } = rechargeSetup(cashier)
    await wallet.loadRules()
    await wallet.submitRecharge()
    expect(gateway.callsOf('RechargeSubmit')[0].record).toMatchObject({ PayChannel: 'alipay-mini', ReturnUrl: '/' })
    expect(opened.map((i) => i.TradeNO)).toEqual(['SBX_RC1_x'])
    expect(left).toEqual([])
    expect(wallet.submitState).toBe('checking')
    expect(wallet.pendingRechargeId).toBe('RC1')
    wallet.resultShown()
    expect(wallet.submitState).toBe('idle')
  })

  it('cancel: nothing paid, said so; the next try is the same recharge', async () => {
    const { cashier } = fakeCashier('wechat-mini', ['cancelled', 'done'])
    const { wallet, gateway, byKey } = rechargeSetup(cashier)
    await wallet.loadRules()
    await wallet.submitRecharge()
    expect(wallet.submitState).toBe('cancelled')
    await wallet.submitRecharge()
    expect(wallet.submitState).toBe('checking')
    expect(byKey.size).toBe(1)
    expect(gateway.callsOf('RechargeSubmit')).toHaveLength(2)
  })

  it('a failed cashier: decided at the server → rechargeResult; still pending → failed', async () => {
    const declined = rechargeSetup(fakeCashier('wechat-mini', ['failed']).cashier, 2)
    await declined.wallet.loadRules()
    await declined.wallet.submitRecharge()
    expect(declined.wallet.submitState).toBe('checking')
    const pending = rechargeSetup(fakeCashier('wechat-mini', ['failed']).cashier, 0)
    await pending.wallet.loadRules()
    await pending.wallet.submitRecharge()
    expect(pending.wallet.submitState).toBe('failed')
  })
})

describe("the payment-app mini-program's tradePay (src/hosts/pay.alipay.ts)", () => {
  const calls: Record<string, unknown>[] = []
  beforeEach(() => {
    calls.length = 0
    ;(globalThis as { my?: unknown }).my = {
      tradePay: (o: { success(r: { resultCode: string }): void } & Record<string, unknown>) => {
        const { success: _s, fail: _f, ...given } = o
        calls.push(given)
        o.success({ resultCode: '9000' })
      }
    }
  })
  afterEach(() => delete (globalThis as { my?: unknown }).my)

  it("opens the trade number PaySubmit gave, or — AlipayHK through Antom gives none — the payment's page as paymentUrl; with neither it fails without opening", async () => {
    const { alipayCashier } = await import('../../src/hosts/pay.alipay')
    expect(await alipayCashier.pay(invocation('alipay-mini', 'PAY1'), 'https://open-sea-global.alipay.com/x')).toBe('done')
    expect(await alipayCashier.pay({ ...invocation('alipay-mini', 'PAY2'), TradeNO: '' }, 'https://open-sea-global.alipay.com/pay?token=abc')).toBe('done')
    expect(await alipayCashier.pay({ ...invocation('alipay-mini', 'PAY3'), TradeNO: '' }, '')).toBe('failed')
    expect(calls).toEqual([{ tradeNO: 'SBX_PAY1_x' }, { paymentUrl: 'https://open-sea-global.alipay.com/pay?token=abc' }])
  })

  it("the payment store hands the cashier the payment's page with its invocation", async () => {
    const { script } = payServer()
    const seen: (string | undefined)[] = []
    const cashier: HostCashier = { channel: 'alipay-mini', pay: async (_i, payUrl) => (seen.push(payUrl), 'done') }
    const { payment } = paymentSetup(script, cashier, null)
    await payment.transfer('O1')
    expect(seen).toEqual(['http://shop.test/sandbox/pay/PAY1'])
  })
})
