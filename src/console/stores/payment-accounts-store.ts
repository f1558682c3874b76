/**
 * A shop's payment accounts (owners and managers, 'shops.manage'): one per payment provider this
 * server runs, the default first (PaymentAccountList); adding or changing one (PaymentAccountSave,
 * audited). Which account a diner pays with is the server's: the enabled one whose provider their
 * host's cashier opens (docs/ordering.md "Payments").
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { LocalizedText } from '../../gateway/contract'
import type { PaymentAccountRow, PaymentProviderRow } from '../../gateway/staff-contract'
import { StaffError } from '../api/staff-client'
import type { ConsoleKey } from '../i18n'
import type { ConsoleStore } from './console-store'

/** The refusal of a provider this server does not run (src/gateway/codes.ts PAYMENT_PROVIDER_NOT_RUN). */
const PROVIDER_NOT_RUN = '21500'

const KNOWN_PROVIDERS = ['wechatpay', 'alipay', 'alipayhk', 'sandbox'] as const

export class AccountForm {
  provider = ''
  accountName = ''
  accountNo = ''
  enabled = true
  makeDefault = false
  reason = ''
  errors: Partial<Record<'provider' | 'accountName' | 'accountNo', string>> = {}

  constructor() {
    makeAutoObservable(this)
  }

  set(field: 'provider' | 'accountName' | 'accountNo' | 'reason', value: string): void {
    this[field] = value
    if (field !== 'reason') this.errors[field] = undefined
  }

  setFlag(field: 'enabled' | 'makeDefault', on: boolean): void {
    this[field] = on
  }

  fill(account: PaymentAccountRow | null, provider: string): void {
    this.provider = account?.Provider ?? provider
    this.accountName = account?.AccountName ?? ''
    this.accountNo = account?.AccountNo ?? ''
    this.enabled = account ? account.Enabled === 1 : true
    this.makeDefault = false
    this.reason = ''
    this.errors = {}
  }
}

export class PaymentAccountsStore {
  shops: { shopId: string; names: LocalizedText }[] = []
  shopId = ''
  accounts: PaymentAccountRow[] = []
  /** The providers this server runs: the only ones an account may be at. */
  providers: PaymentProviderRow[] = []
  readonly form = new AccountForm()
  loading = false
  loaded = false
  busy = false
  error = ''
  notice = ''

  constructor(private readonly root: ConsoleStore) {
    makeAutoObservable<PaymentAccountsStore, 'root'>(this, { root: false, form: false })
  }

  /** 'WeChat Pay', 'Alipay' …; a provider the console does not know by its registry name. */
  providerName(provider: string): string {
    return (KNOWN_PROVIDERS as readonly string[]).includes(provider) ? this.root.t(`payProvider.${provider}` as ConsoleKey) : provider
  }

  shopName(shopId = this.shopId): string {
    const names = this.shops.find((s) => s.shopId === shopId)?.names
    return (names && (names[this.root.locale] || names['zh-TW'] || names.en || names['zh-CN'])) || shopId
  }

  get isSandbox(): boolean {
    return this.providers.some((p) => p.Provider === this.form.provider && p.RealMoney === 0)
  }

  async load(): Promise<void> {
    this.loading = true
    this.error = ''
    try {
      const list = await this.root.call('ShopList', {})
      const shops = (list.table1 ?? []).map((s) => ({ shopId: s.shopId, names: s.names }))
      runInAction(() => {
        this.shops = shops
        if (!shops.some((s) => s.shopId === this.shopId)) this.shopId = shops[0]?.shopId ?? ''
      })
      await this.loadAccounts()
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
    } finally {
      runInAction(() => {
        this.loading = false
        this.loaded = true
      })
    }
  }

  async selectShop(shopId: string): Promise<void> {
    this.shopId = shopId
    this.notice = ''
    await this.loadAccounts()
  }

  private async loadAccounts(): Promise<void> {
    if (!this.shopId) return
    const shopId = this.shopId
    try {
      const res = await this.root.call('PaymentAccountList', { ShopID: shopId })
      runInAction(() => {
        if (shopId !== this.shopId) return
        this.accounts = res.table1 ?? []
        this.providers = res.table2 ?? []
        // A new account starts at a provider the shop has no account at yet.
        const free = this.providers.find((p) => !this.accounts.some((a) => a.Provider === p.Provider))
        this.form.fill(null, (free ?? this.providers[0])?.Provider ?? '')
      })
    } catch (e) {
      runInAction(() => (this.error = this.root.messageOf(e)))
    }
  }

  edit(account: PaymentAccountRow): void {
    this.notice = ''
    this.form.fill(account, account.Provider)
  }

  async save(): Promise<void> {
    const form = this.form
    const t = this.root.t
    form.errors = {
      provider: form.provider ? undefined : t('payAccounts.providerRequired'),
      accountName: form.accountName.trim() ? undefined : t('payAccounts.nameRequired'),
      accountNo: form.accountNo.trim() ? undefined : t('payAccounts.noRequired')
    }
    if (Object.values(form.errors).some(Boolean)) return
    this.busy = true
    this.error = ''
    this.notice = ''
    const provider = form.provider
    try {
      const res = await this.root.call('PaymentAccountSave', {
        ShopID: this.shopId,
        Provider: provider,
        AccountName: form.accountName.trim(),
        AccountNo: form.accountNo.trim(),
        Enabled: form.enabled ? 1 : 0,
        Default: form.makeDefault ? 1 : 0,
        Reason: form.reason.trim()
      })
      runInAction(() => {
        this.accounts = res.table1 ?? []
        this.notice = t('payAccounts.saved', { provider: this.providerName(provider), shop: this.shopName() })
        form.fill(null, provider)
      })
    } catch (e) {
      runInAction(() => {
        this.error = e instanceof StaffError && e.resultcode === PROVIDER_NOT_RUN ? t('payAccounts.providerNotRun', { provider: this.providerName(provider) }) : this.root.messageOf(e)
      })
    } finally {
      runInAction(() => (this.busy = false))
    }
  }
}
