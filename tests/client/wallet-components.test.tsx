/** The wallet as a member sees it (jsdom over Taro's React components). */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { View } from '@tarojs/components'
import type { ReactNode } from 'react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import type { VipRow } from '../../src/gateway/member-rows'
import { BalanceMethod } from '../../src/features/wallet/components/BalanceMethod'
import { MemberCodeView } from '../../src/features/wallet/components/MemberCodeView'
import {
  AccountCard,
  BalanceRecordView,
  EntryRow,
  GiftCoupons,
  RecordList,
  RuleCard,
  ScoreRecordView
} from '../../src/features/wallet/components/WalletViews'
import { createFakeHost, ok } from '../unit/support/fake-host'
import { demoServer, type Script } from '../unit/support/fake-gateway-server'
import { vipRow } from '../unit/support/member-rows'

const vip = (over: Partial<VipRow> = {}): VipRow => vipRow({ Balance: '1234.50', Score: 64, CouponCount: 1, ...over })

const walletServer = (member: VipRow): Script => ({
  VipDetailGet: () => ok({ table1: [member] }),
  RechargeRuleList: () =>
    ok({
      table1: [
        { RuleID: 'R100', Amount: '100.00', GiftAmount: '10.00', RuleName: 'Top up 100, get 10', GiftCouponQua: 1, SortNo: 1 },
        { RuleID: 'R200', Amount: '200.00', GiftAmount: '30.00', RuleName: 'Top up 200, get 30', GiftCouponQua: 0, SortNo: 2 }
      ]
    }),
  RechargeRuleDetail: () => ok({ table1: [], table2: [{ CouponName: 'Tea time voucher', Value: '5.00', MinAmount: '30.00', ValidDays: 30, Qua: 1 }] }),
  VipBalanceRecordByPage: () =>
    ok({
      table1: [
        { RecordID: 'L3', Kind: 'spend', Amount: '-64.00', BalanceAfter: '46.00', RefID: 'O1', CreatedDate: '2026-11-22 12:30:00' },
        { RecordID: 'L2', Kind: 'gift', Amount: '10.00', BalanceAfter: '110.00', RefID: 'RC1', CreatedDate: '2026-11-22 12:10:05' },
        { RecordID: 'L1', Kind: 'recharge', Amount: '100.00', BalanceAfter: '100.00', RefID: 'RC1', CreatedDate: '2026-11-22 12:10:05' }
      ],
      table2: [{ Total: 3 }]
    }),
  VipScoreRecordByPage: () =>
    ok({ table1: [{ RecordID: 'S1', Kind: 'earn', Score: 64, ScoreAfter: 64, RefID: 'O1', CreatedDate: '2026-11-22 12:30:00' }], table2: [{ Total: 1 }] }),
  VipQrCodeGet: () => ok({ table1: [{ Code: 'M1.abcdefghijklmnop.1763800120.sig0123456789', Number: '4821930017', ExpiresIn: 120, RefreshIn: 60 }] })
})

async function renderWith(node: (root: RootStore) => ReactNode, opts: { member?: VipRow | null; before?: (root: RootStore) => Promise<void> } = {}) {
  const member = opts.member === undefined ? vip() : opts.member
  const server = demoServer(member ? walletServer(member) : {}, '2026-11-22 12:00:00')
  const host = createFakeHost(server.respond, { deviceLanguage: () => 'en' })
  if (member) host.store.set(MEMBER_TOKEN_STORAGE, 'token-1')
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  await root.loadFeatures()
  await root.i18n.loadAll()
  if (member) await root.wallet.loadAccount()
  await opts.before?.(root)
  const view = render(<StoreContext.Provider value={root}>{node(root)}</StoreContext.Provider>)
  return { root, host, view }
}

describe('wallet views', () => {
  it('the account: balance in the enterprise currency, points, recharge', async () => {
    const onRecharge = jest.fn()
    await renderWith(() => <AccountCard onRecharge={onRecharge} />)
    expect(screen.getByTestId('account-balance').textContent).toBe('MOP$1,234.50')
    expect(screen.getByTestId('account-points').textContent).toBe('64')
    await act(async () => fireEvent.click(screen.getByText('Recharge')))
    expect(onRecharge).toHaveBeenCalled()
  })

  it('recharge options: pay X, get X + gift, the gift and its coupons listed', async () => {
    await renderWith(
      (root) => (
        <View>
          {root.wallet.rules.map((r) => (
            <RuleCard key={r.RuleID} rule={r} chosen={r.RuleID === root.wallet.chosenRuleId} onChoose={() => root.wallet.chooseRule(r.RuleID)} />
          ))}
          <GiftCoupons rule={root.wallet.chosenRule!} />
        </View>
      ),
      { before: (root) => root.wallet.loadRules().then(() => new Promise((r) => setTimeout(r, 0))) }
    )
    const cards = screen.getAllByTestId('recharge-rule')
    expect(cards).toHaveLength(2)
    expect(cards[0].textContent).toContain('Get MOP$110.00')
    expect(cards[0].textContent).toContain('Pay MOP$100.00')
    expect(cards[0].textContent).toContain('incl. MOP$10.00 gift')
    expect(cards[0].textContent).toContain('plus a coupon')
    expect(cards[1].textContent).toContain('Get MOP$230.00')
    expect(cards[0].getAttribute('aria-checked')).toBe('true')
    expect(screen.getByTestId('gift-coupon').textContent).toContain('Tea time voucher')
    expect(screen.getByTestId('gift-coupon').textContent).toContain('MOP$5.00 off, minimum spend MOP$30.00')
    expect(screen.getByTestId('gift-coupon').textContent).toContain('Valid for 30 days')
  })

  it('account records: kind, signed amount, balance after, date; points records the same way', async () => {
    const { root } = await renderWith((root) => (
      <View>
        <RecordList list={root.wallet.balanceRecords} empty='none' render={(row) => <BalanceRecordView key={row.RecordID} row={row} />} />
        <RecordList list={root.wallet.scoreRecords} empty='none' render={(row) => <ScoreRecordView key={row.RecordID} row={row} />} />
      </View>
    ))
    await act(async () => {
      await root.wallet.balanceRecords.refresh()
      await root.wallet.scoreRecords.refresh()
    })
    const rows = screen.getAllByTestId('balance-record')
    expect(rows.map((r) => r.querySelector('.so-wallet-record__kind')?.textContent)).toEqual(['Order payment', 'Recharge gift', 'Recharge'])
    expect(screen.getAllByTestId('balance-record-amount').map((e) => e.textContent)).toEqual(['\u2212MOP$64.00', '+MOP$10.00', '+MOP$100.00'])
    expect(screen.getAllByTestId('balance-record-after')[0].textContent).toBe('Balance MOP$46.00')
    expect(rows[0].textContent).toContain('22 Nov 2026, 12:30')
    expect(screen.getByTestId('score-record').textContent).toContain('Earned on an order')
    expect(screen.getByTestId('score-record-points').textContent).toBe('+64')
    expect(screen.getAllByTestId('records-end')[0].textContent).toBe('No more records')
  })

  it('member code: a QR image drawn by the library, with its number and countdown', async () => {
    const { root } = await renderWith(() => <MemberCodeView />)
    let stop = () => undefined as void
    await act(async () => {
      stop = root.wallet.watchMemberCode()
      await new Promise((r) => setTimeout(r, 0))
    })
    const img = screen.getByTestId('member-code-qr')
    const src = img.getAttribute('src') ?? img.querySelector('img')?.getAttribute('src') ?? ''
    expect(src).toMatch(/^data:image\/gif;base64,[A-Za-z0-9+/=]{200,}$/)
    expect(screen.getByTestId('member-code-countdown').textContent).toBe('Valid for 120 s · refreshes automatically')
    // The same code as a number staff can type, in groups (issue 27 item 22).
    expect(screen.getByTestId('member-code-number').textContent).toBe('Member number482 193 0017')
    expect(screen.getByTestId('member-code-digits').textContent).toBe('482 193 0017')
    expect(screen.getByText('Ada')).toBeTruthy()
    expect(screen.getByText('62****78')).toBeTruthy()
    stop()
  })

  it('member code of a member without a name: the walk-in label, not an empty line', async () => {
    const { root } = await renderWith(() => <MemberCodeView />, { member: vip({ VipName: '', IsGuest: 1, Phone: '', AreaNo: '' }) })
    let stop = () => undefined as void
    await act(async () => {
      stop = root.wallet.watchMemberCode()
      await new Promise((r) => setTimeout(r, 0))
    })
    expect(screen.getByTestId('member-code-name').textContent).toBe('Walk-in customer')
    stop()
  })

  it('records that cannot be loaded say so (not "Your account could not be loaded"), with a retry', async () => {
    const { root } = await renderWith((root) => <RecordList list={root.wallet.scoreRecords} empty='none' render={(row) => <ScoreRecordView key={row.RecordID} row={row} />} />, {
      before: async (root) => {
        root.gateway.request = (() => Promise.reject(new Error('offline'))) as typeof root.gateway.request
        await root.wallet.scoreRecords.refresh()
      }
    })
    expect(root.wallet.scoreRecords.state).toBe('failed')
    expect(screen.getByText('The records could not be loaded')).toBeTruthy()
    expect(screen.queryByText('Your account could not be loaded')).toBeNull()
    expect(screen.getByText('Retry')).toBeTruthy()
  })

  it('balance on the confirm page: offered with what is available; not enough → Insufficient balance with the way to recharge', async () => {
    const onRecharge = jest.fn()
    const onChoose = jest.fn()
    await renderWith(() => <BalanceMethod chosen amount='2000.00' onChoose={onChoose} onRecharge={onRecharge} />)
    expect(screen.getByTestId('payment-balance').textContent).toBe('Balance (MOP$1,234.50 available)')
    expect(screen.getByTestId('balance-insufficient').textContent).toContain('Insufficient balance')
    await act(async () => fireEvent.click(screen.getByTestId('balance-recharge-link')))
    expect(onRecharge).toHaveBeenCalled()
  })

  it('balance enough: no warning, choosing it chooses it; signed out: not offered; a guest is asked to bind a phone', async () => {
    const onChoose = jest.fn()
    const first = await renderWith(() => <BalanceMethod chosen={false} amount='64.00' onChoose={onChoose} onRecharge={jest.fn()} />)
    await act(async () => fireEvent.click(screen.getByTestId('payment-balance')))
    expect(onChoose).toHaveBeenCalled()
    expect(screen.queryByTestId('balance-insufficient')).toBeNull()
    first.view.unmount()

    const out = await renderWith(() => <BalanceMethod chosen={false} amount='64.00' onChoose={jest.fn()} onRecharge={jest.fn()} />, { member: null })
    expect(screen.queryByTestId('payment-balance')).toBeNull()
    out.view.unmount()

    const guestChoose = jest.fn()
    const guest = await renderWith(() => <BalanceMethod chosen={false} amount='64.00' onChoose={guestChoose} onRecharge={jest.fn()} />, {
      member: vip({ IsGuest: 1, Phone: '', VipName: 'Walk-in customer' })
    })
    const asked = jest.spyOn(guest.root.member, 'promptBind').mockResolvedValue(false)
    expect(screen.getByTestId('payment-balance').textContent).toBe('Balance')
    await act(async () => fireEvent.click(screen.getByTestId('payment-balance')))
    expect(asked).toHaveBeenCalled()
    expect(guestChoose).not.toHaveBeenCalled()
  })

  it('what a screen reader finds: the member code a named picture; records a list; amounts focusable radios; entries buttons (issue 13)', async () => {
    const { root } = await renderWith((root) => (
      <View>
        <MemberCodeView />
        <RecordList list={root.wallet.balanceRecords} empty='none' render={(row) => <BalanceRecordView key={row.RecordID} row={row} />} />
        <View role='radiogroup' aria-label='Choose an amount'>
          {root.wallet.rules.map((r) => (
            <RuleCard key={r.RuleID} rule={r} chosen={r.RuleID === root.wallet.chosenRuleId} onChoose={() => root.wallet.chooseRule(r.RuleID)} />
          ))}
        </View>
        <EntryRow label='Account records' onClick={jest.fn()} />
      </View>
    ), { before: (root) => root.wallet.loadRules().then(() => root.wallet.chooseRule('R100')) })
    let stop = () => undefined as void
    await act(async () => {
      stop = root.wallet.watchMemberCode()
      await root.wallet.balanceRecords.refresh()
    })
    // The QR picture is named; the element Taro draws it in carries no aria-label of its own (aria-prohibited-attr).
    const picture = screen.getByRole('img', { name: 'Member QR code' })
    expect(picture.contains(screen.getByTestId('member-code-qr'))).toBe(true)
    expect(screen.getByTestId('member-code-qr').getAttribute('aria-label')).toBeNull()
    expect(screen.getByRole('button', { name: 'Refresh' }).getAttribute('tabindex')).toBe('0')
    const list = screen.getByRole('list')
    expect(screen.getAllByRole('listitem').filter((i) => list.contains(i))).toHaveLength(3)
    const radios = screen.getAllByRole('radio')
    expect(radios.map((r) => [r.getAttribute('aria-checked'), r.getAttribute('tabindex')])).toEqual([
      ['true', '0'],
      ['false', '0']
    ])
    await act(async () => fireEvent.click(radios[1]))
    expect(root.wallet.chosenRuleId).toBe('R200')
    expect(screen.getByRole('button', { name: 'Account records' }).getAttribute('tabindex')).toBe('0')
    stop()
  })
})
