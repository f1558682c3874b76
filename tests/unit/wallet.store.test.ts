import {
  WalletStore,
  BALANCE_ATTEMPT_STORAGE,
  CODE_RETRY_MS,
  RECHARGE_ATTEMPT_STORAGE,
  RECHARGE_PENDING_STORAGE,
  RECHARGE_POLL_MS,
  type WalletStoreDeps
} from '../../src/features/wallet/wallet.store'
import { RESULTCODES } from '../../src/gateway/codes'
import { GatewayError } from '../../src/gateway/gateway-client'
import type { BalanceRecordRow, RechargeRow, RechargeRuleRow } from '../../src/gateway/member-rows'
import { vipRow } from './support/member-rows'
import { fakeGateway, ManualScheduler, networkDown, orderRow, paymentRow, refused, settle, type Script } from './support/orders-fakes'

const RULES: RechargeRuleRow[] = [
  { RuleID: 'R200', Amount: '200.00', GiftAmount: '30.00', RuleName: 'Top up 200, get 30', GiftCouponQua: 0, SortNo: 2 },
  { RuleID: 'R100', Amount: '100.00', GiftAmount: '10.00', RuleName: 'Top up 100, get 10', GiftCouponQua: 1, SortNo: 1 }
]

function rechargeRow(RechargeID: string, over: Partial<RechargeRow> = {}): RechargeRow {
  return {
    RechargeID,
    RuleID: 'R100',
    Amount: '100.00',
    GiftAmount: '10.00',
    Status: 0,
    PayUrl: `http://shop.test/sandbox/pay/${RechargeID}`,
    Provider: 'sandbox',
    CreatedDate: '2026-11-22 12:00:00',
    PaidDate: '',
    ...over
  }
}

function setup(script: Script, over: Partial<WalletStoreDeps> = {}) {
  const gateway = fakeGateway(script)
  const scheduler = new ManualScheduler()
  const store = new Map<string, string>()
  const left: string[] = []
  const asked: string[] = []
  let clock = 1763800000000
  let r = 0
  const wallet = new WalletStore(gateway, {
    storage: { get: (k) => store.get(k) ?? null, set: (k, v) => void store.set(k, v), remove: (k) => void store.delete(k) },
    signedIn: () => true,
    shopId: () => 'S101',
    rechargeReturnUrl: () => 'http://shop.test/#/pages/rechargeResult/rechargeResult?RechargeID=%7BRechargeID%7D',
    leaveTo: (url) => (left.push(url), true),
    askLogin: () => void asked.push('login'),
    askBind: () => void asked.push('bind'),
    scheduler,
    now: () => clock,
    random: () => (r = (r + 0.37) % 1),
    ...over
  })
  return { wallet, gateway, scheduler, store, left, asked, advance: (ms: number) => (clock += ms) }
}

/** A server with recharge rules and recharges by request key. */
function rechargeServer() {
  const byKey = new Map<string, RechargeRow>()
  let n = 0
  const script: Script = {
    RechargeRuleList: () => ({ table1: RULES }),
    RechargeRuleDetail: ({ RuleID }) => ({
      table1: RULES.filter((r) => r.RuleID === RuleID),
      table2: [{ CouponName: 'MOP$5 off', Value: '5.00', MinAmount: '30.00', ValidDays: 30, Qua: 1 }]
    }),
    RechargeSubmit: ({ RuleID, RequestKey }) => {
      let r = byKey.get(RequestKey)
      if (!r) {
        r = rechargeRow(`RC${++n}`, { RuleID })
        byKey.set(RequestKey, r)
      }
      return { table1: [r] }
    }
  }
  return { script, byKey }
}

describe('account', () => {
  it('the balance comes from VipDetailGet; no session → signedOut without a call', async () => {
    const { wallet, gateway } = setup({ VipDetailGet: () => ({ table1: [vipRow()] }) })
    await wallet.loadAccount()
    expect(wallet.balance).toBe('50.00')
    expect(wallet.hasPhone).toBe(true)
    const out = setup({ VipDetailGet: () => ({ table1: [vipRow()] }) }, { signedIn: () => false })
    await out.wallet.loadAccount()
    expect(out.wallet.accountState).toBe('signedOut')
    expect(out.gateway.calls).toHaveLength(0)
    expect(gateway.callsOf('VipDetailGet')).toHaveLength(1)
  })

  it('a stale session (10010) forgets the member', async () => {
    const { wallet } = setup({ VipDetailGet: () => new GatewayError('envelope', 'Operation not allowed without logging-in.', 'VipDetailGet', '10010') })
    await wallet.loadAccount()
    expect(wallet.accountState).toBe('signedOut')
    expect(wallet.vip).toBeNull()
  })
})

describe('records', () => {
  const record = (i: number): BalanceRecordRow => ({
    RecordID: `L${i}`,
    Kind: i % 2 ? 'recharge' : 'spend',
    Amount: i % 2 ? '100.00' : '-12.00',
    BalanceAfter: '88.00',
    RefID: `X${i}`,
    CreatedDate: '2026-11-22 12:00:00'
  })

  it('pages: first page, then the next; an entry added meanwhile is not listed twice', async () => {
    const all = Array.from({ length: 25 }, (_, i) => record(i + 1))
    const { wallet, gateway } = setup({
      VipBalanceRecordByPage: ({ PageIndex = 1, PageSize = 20 }) => ({ table1: all.slice((PageIndex - 1) * PageSize, PageIndex * PageSize), table2: [{ Total: all.length }] })
    })
    const list = wallet.balanceRecords
    await list.refresh()
    expect(list.rows).toHaveLength(20)
    expect(list.hasMore).toBe(true)
    all.unshift(record(99)) // a new entry shifts page 2 by one
    await list.loadMore()
    expect(list.rows.map((r) => r.RecordID)).toEqual([...Array.from({ length: 25 }, (_, i) => `L${i + 1}`)])
    expect(gateway.callsOf('VipBalanceRecordByPage').map((c) => c.record.PageIndex)).toEqual([1, 2])
    await list.refresh()
    expect(list.rows[0].RecordID).toBe('L99')
    expect(list.rows).toHaveLength(20)
  })

  it('a failed refresh keeps the rows shown; points records page the same way', async () => {
    let down = false
    const { wallet } = setup({
      VipScoreRecordByPage: () =>
        down ? networkDown('VipScoreRecordByPage') : { table1: [{ RecordID: 'S1', Kind: 'earn', Score: 64, ScoreAfter: 64, RefID: 'O1', CreatedDate: '2026-11-22 12:00:00' }], table2: [{ Total: 1 }] }
    })
    await wallet.scoreRecords.refresh()
    down = true
    await wallet.scoreRecords.refresh()
    expect(wallet.scoreRecords.rows).toHaveLength(1)
    expect(wallet.scoreRecords.state).toBe('ready')
  })
})

describe('recharge', () => {
  it('rules in SortNo order, the first chosen; its gift coupons fetched, a rule without coupons needs no call', async () => {
    const { script } = rechargeServer()
    const { wallet, gateway } = setup(script)
    await wallet.loadRules()
    await settle()
    expect(wallet.rules.map((r) => r.RuleID)).toEqual(['R100', 'R200'])
    expect(wallet.chosenRuleId).toBe('R100')
    expect(wallet.gifts.R100).toEqual([expect.objectContaining({ CouponName: 'MOP$5 off', Qua: 1 })])
    expect(wallet.creditOf(wallet.rules[0])).toBe('110')
    wallet.chooseRule('R200')
    await settle()
    expect(wallet.gifts.R200).toEqual([])
    expect(gateway.callsOf('RechargeRuleDetail')).toHaveLength(1)
  })

  it("a gift coupon's name follows a language switch: read again in the new language (issue 27 item 18)", async () => {
    let lang = 'zh-TW'
    const names: Record<string, string> = { 'zh-TW': '滿 50 減 10', en: 'MOP$10 off MOP$50' }
    const script: Script = {
      RechargeRuleList: () => ({ table1: RULES }),
      RechargeRuleDetail: ({ RuleID }) => ({ table1: RULES.filter((r) => r.RuleID === RuleID), table2: [{ CouponName: names[lang], Value: '10.00', MinAmount: '50.00', ValidDays: 30, Qua: 1 }] })
    }
    const { wallet } = setup(script, { locale: () => lang })
    await wallet.loadRules()
    await settle()
    expect(wallet.gifts.R100.map((g) => g.CouponName)).toEqual(['滿 50 減 10'])
    lang = 'en'
    await wallet.loadRules()
    await settle()
    expect(wallet.gifts.R100.map((g) => g.CouponName)).toEqual(['MOP$10 off MOP$50'])
  })

  it('submit: the shop, a request key and rechargeResult as ReturnUrl → the provider page; a retry sends the same key', async () => {
    const { script, byKey } = rechargeServer()
    const { wallet, gateway, left, store } = setup(script)
    await wallet.loadRules()
    await wallet.submitRecharge()
    expect(wallet.submitState).toBe('leaving')
    const first = gateway.callsOf('RechargeSubmit')[0].record
    expect(first).toMatchObject({ RuleID: 'R100', ShopID: 'S101', ReturnUrl: 'http://shop.test/#/pages/rechargeResult/rechargeResult?RechargeID=%7BRechargeID%7D' })
    expect(String(first.RequestKey)).toMatch(/^R\d+[A-Za-z0-9]{10}$/)
    expect(left).toEqual(['http://shop.test/sandbox/pay/RC1'])
    expect(store.get(RECHARGE_PENDING_STORAGE)).toBe('RC1')

    // Back without paying, tapping again (or a reload: the key is in storage): the same recharge.
    wallet.submitState = 'idle'
    await wallet.submitRecharge()
    const keys = gateway.callsOf('RechargeSubmit').map((c) => c.record.RequestKey)
    expect(keys[1]).toBe(keys[0])
    expect(byKey.size).toBe(1)
    expect(JSON.parse(store.get(RECHARGE_ATTEMPT_STORAGE)!)).toEqual({ RuleID: 'R100', Key: keys[0] })

    // Another rule is another attempt.
    wallet.chooseRule('R200')
    wallet.submitState = 'idle'
    await wallet.submitRecharge()
    expect(gateway.callsOf('RechargeSubmit')[2].record.RequestKey).not.toBe(keys[0])
  })

  it('a declined attempt is over: a new key; a guest is asked to bind a phone; no web page to leave for → unsupported, nothing submitted', async () => {
    const { script, byKey } = rechargeServer()
    const { wallet, gateway } = setup(script)
    await wallet.loadRules()
    await wallet.submitRecharge()
    const firstKey = gateway.callsOf('RechargeSubmit')[0].record.RequestKey as string
    byKey.get(firstKey)!.Status = 2
    wallet.submitState = 'idle'
    await wallet.submitRecharge()
    const keys = gateway.callsOf('RechargeSubmit').map((c) => c.record.RequestKey)
    expect(keys).toHaveLength(3)
    expect(keys[2]).not.toBe(firstKey)
    expect(wallet.submitState).toBe('leaving')

    const guest = setup({ ...script, RechargeSubmit: () => refused('RechargeSubmit', RESULTCODES.PHONE_NOT_BOUND, 'Please bind your mobile number first') })
    await guest.wallet.loadRules()
    await guest.wallet.submitRecharge()
    expect(guest.wallet.submitState).toBe('bindPhone')
    expect(guest.asked).toEqual(['bind'])

    const mini = setup(script, { rechargeReturnUrl: () => null })
    await mini.wallet.loadRules()
    await mini.wallet.submitRecharge()
    expect(mini.wallet.submitState).toBe('unsupported')
    expect(mini.gateway.callsOf('RechargeSubmit')).toHaveLength(0)
  })

  it('rechargeResult polls RechargeStatusGet until paid, then shows the new balance and ends the attempt', async () => {
    let status: 0 | 1 = 0
    let offline = false
    const { wallet, scheduler, store, gateway } = setup({
      RechargeStatusGet: ({ RechargeID }) =>
        offline
          ? networkDown('RechargeStatusGet')
          : { table1: [rechargeRow(RechargeID, { Status: status, PayUrl: '' })], table2: status ? [vipRow({ Balance: '160.00' })] : [] }
    })
    store.set(RECHARGE_ATTEMPT_STORAGE, JSON.stringify({ RuleID: 'R100', Key: 'K' }))
    store.set(RECHARGE_PENDING_STORAGE, 'RC1')
    const stop = wallet.watchRecharge('RC1')
    await settle()
    expect(wallet.checkState).toBe('checking')
    expect(scheduler.pending).toEqual([RECHARGE_POLL_MS])
    offline = true
    await scheduler.runNext()
    expect(wallet.offline).toBe(true)
    expect(wallet.checkState).toBe('checking')
    offline = false
    status = 1
    await scheduler.runNext()
    expect(wallet.checkState).toBe('paid')
    expect(wallet.offline).toBe(false)
    expect(wallet.balance).toBe('160.00')
    expect(scheduler.pending).toEqual([])
    expect(store.has(RECHARGE_ATTEMPT_STORAGE)).toBe(false)
    expect(store.has(RECHARGE_PENDING_STORAGE)).toBe(false)
    expect(gateway.callsOf('RechargeStatusGet').map((c) => c.record.RechargeID)).toEqual(['RC1', 'RC1', 'RC1'])
    stop()
  })

  it('a declined recharge stops checking; an unknown one is not found', async () => {
    const { wallet } = setup({
      RechargeStatusGet: ({ RechargeID }) =>
        RechargeID === 'RC1' ? { table1: [rechargeRow(RechargeID, { Status: 2 })], table2: [] } : refused('RechargeStatusGet', RESULTCODES.RECHARGE_NOT_FOUND, 'Recharge not found')
    })
    wallet.watchRecharge('RC1')
    await settle()
    expect(wallet.checkState).toBe('declined')
    wallet.watchRecharge('nope')
    await settle()
    expect(wallet.checkState).toBe('notFound')
  })
})

describe('member code', () => {
  it('fetched at once, again after RefreshIn; the countdown ticks every second; stop ends it all', async () => {
    let n = 0
    const { wallet, scheduler, advance, gateway } = setup({ VipQrCodeGet: () => ({ table1: [{ Code: `MC${++n}`, Number: String(4821930010 + n), ExpiresIn: 120, RefreshIn: 60 }] }) })
    const stop = wallet.watchMemberCode()
    await settle()
    expect(wallet.code?.Code).toBe('MC1')
    expect(wallet.codeSecondsLeft).toBe(120)
    expect(scheduler.pending.sort()).toEqual([1000, 60000].sort())
    advance(1000)
    await scheduler.runNext() // the second tick
    expect(wallet.codeSecondsLeft).toBe(119)
    advance(59000)
    // Run the refresh (the one of 60 s).
    while (gateway.callsOf('VipQrCodeGet').length < 2) await scheduler.runNext()
    expect(wallet.code?.Code).toBe('MC2')
    expect(wallet.codeSecondsLeft).toBe(120)
    stop()
    expect(scheduler.pending).toEqual([])
  })

  it('a failed fetch tries again soon; a code past its expiry shows as expired', async () => {
    let down = true
    const { wallet, scheduler, advance } = setup({ VipQrCodeGet: () => (down ? networkDown('VipQrCodeGet') : { table1: [{ Code: 'MC', Number: '4821930017', ExpiresIn: 2, RefreshIn: 60 }] }) })
    wallet.watchMemberCode()
    await settle()
    expect(wallet.codeState).toBe('failed')
    expect(scheduler.pending).toContain(CODE_RETRY_MS)
    down = false
    wallet.refreshCode()
    await settle()
    expect(wallet.codeState).toBe('ready')
    advance(3000)
    await scheduler.runNext()
    expect(wallet.codeExpired).toBe(true)
    wallet.stopMemberCode()
  })
})

describe('balance payment', () => {
  it('BalancePay with a kept request key pays at once; the balance is read again', async () => {
    let balance = '100.00'
    const { wallet, gateway, store } = setup({
      VipDetailGet: () => ({ table1: [vipRow({ Balance: balance })] }),
      BalancePay: ({ SheetID }) => {
        balance = '36.00'
        return { table1: [paymentRow('PAYB1', SheetID, { Provider: 'balance', Status: 1, PayUrl: '' })], table2: [orderRow(SheetID, { Status: 1, CanPay: 0 })] }
      }
    })
    await wallet.loadAccount()
    expect(wallet.payProblem('64.00')).toBeNull()
    await wallet.payOrder('O1')
    await settle()
    expect(wallet.payState).toBe('paid')
    expect(wallet.paidOrder?.Status).toBe(1)
    expect(String(gateway.callsOf('BalancePay')[0].record.RequestKey)).toMatch(/^B\d+/)
    expect(store.has(BALANCE_ATTEMPT_STORAGE + 'O1')).toBe(false)
    expect(wallet.balance).toBe('36.00')
  })

  it('not enough balance: said before paying (payProblem) and by the server (insufficient); a retry keeps the key', async () => {
    const { wallet, gateway } = setup({
      VipDetailGet: () => ({ table1: [vipRow({ Balance: '10.00' })] }),
      BalancePay: () => refused('BalancePay', RESULTCODES.INSUFFICIENT_BALANCE, 'Insufficient balance')
    })
    await wallet.loadAccount()
    expect(wallet.payProblem('64.00')).toBe('resultcode.20042')
    expect(wallet.payProblem('10.00')).toBeNull()
    await wallet.payOrder('O1')
    await wallet.payOrder('O1')
    expect(wallet.payState).toBe('insufficient')
    const keys = gateway.callsOf('BalancePay').map((c) => c.record.RequestKey)
    expect(keys[0]).toBe(keys[1])
  })

  it('a guest must bind a phone first; no session → log in', async () => {
    const guest = setup({
      VipDetailGet: () => ({ table1: [vipRow({ IsGuest: 1, Phone: '' })] }),
      BalancePay: () => refused('BalancePay', RESULTCODES.PHONE_NOT_BOUND, 'Please bind your mobile number first')
    })
    await guest.wallet.loadAccount()
    expect(guest.wallet.payProblem('1')).toBe('resultcode.20038')
    await guest.wallet.payOrder('O1')
    expect(guest.wallet.payState).toBe('bindPhone')
    expect(guest.asked).toEqual(['bind'])
    const out = setup({}, { signedIn: () => false })
    expect(out.wallet.payProblem('1')).toBe('errcode.10010')
  })
})
