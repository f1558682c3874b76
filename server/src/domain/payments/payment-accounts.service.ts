/**
 * A shop's merchant accounts as the console edits them (PaymentAccountList / PaymentAccountSave):
 * one per payment provider, the default first (finance_accounts.position, migration 0026). Which one
 * a diner pays with is chooseFinanceAccount's (payment.service.ts): the enabled account whose
 * provider opens their host's cashier.
 */
import type { Kysely, Transaction } from 'kysely'
import type { PaymentAccountRow } from '../../../../src/gateway/staff-contract'
import type { PaymentProviders } from '../../providers/payment/payment-provider'
import type { Database } from '../../storage/schema'
import { DomainError } from '../errors'

type Db = Kysely<Database> | Transaction<Database>

/** The providers that never move real money (the console marks their accounts so). */
export const TEST_PROVIDERS: readonly string[] = ['sandbox']

export async function listPaymentAccounts(db: Db, providers: PaymentProviders, entId: string, shopId: string): Promise<PaymentAccountRow[]> {
  const rows = await db.selectFrom('finance_accounts').selectAll().where('ent_id', '=', entId).where('shop_id', '=', shopId).orderBy('position').orderBy('provider').execute()
  return rows.map((r, i) => ({
    ShopID: r.shop_id,
    Provider: r.provider,
    AccountName: r.account_name,
    AccountNo: r.account_no,
    Enabled: Number(r.is_enable) === 1 ? 1 : 0,
    Default: i === 0 ? 1 : 0,
    // An account at a provider this server does not run takes nothing until it does.
    Running: providers.get(r.provider) ? 1 : 0,
    RealMoney: TEST_PROVIDERS.includes(r.provider) ? 0 : 1
  }))
}

export interface PaymentAccountInput {
  provider: string
  accountName: string
  accountNo: string
  enabled: boolean
  /** Make it the shop's default (first); a shop's first account is its default anyway. */
  makeDefault: boolean
}

/** Adds or changes the shop's account at `provider`; refuses a provider this server does not run (21500). */
export async function savePaymentAccount(trx: Transaction<Database>, providers: PaymentProviders, entId: string, shopId: string, input: PaymentAccountInput): Promise<void> {
  if (!providers.get(input.provider)) throw new DomainError('PAYMENT_PROVIDER_NOT_RUN', { provider: input.provider })
  const existing = await trx.selectFrom('finance_accounts').select(['provider']).where('ent_id', '=', entId).where('shop_id', '=', shopId).orderBy('position').orderBy('provider').execute()
  const values = { account_name: input.accountName, account_no: input.accountNo, is_enable: input.enabled ? 1 : 0 }
  if (existing.some((a) => a.provider === input.provider)) {
    await trx.updateTable('finance_accounts').set(values).where('shop_id', '=', shopId).where('provider', '=', input.provider).execute()
  } else {
    await trx.insertInto('finance_accounts').values({ shop_id: shopId, ent_id: entId, provider: input.provider, ...values, position: existing.length }).execute()
  }
  if (input.makeDefault) {
    const order = [input.provider, ...existing.map((a) => a.provider).filter((p) => p !== input.provider)]
    for (const [position, provider] of order.entries()) {
      await trx.updateTable('finance_accounts').set({ position }).where('shop_id', '=', shopId).where('provider', '=', provider).execute()
    }
  }
}
