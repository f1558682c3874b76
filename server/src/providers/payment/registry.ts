/**
 * Builds the payment providers chosen by PAYMENT_PROVIDERS (called by the composition root:
 * buildApp, hence main.ts and the tests, and the orders CLI): 'sandbox' (no real money) and
 * 'wechatpay' (WeChat Pay API v3, docs/wechatpay.md, with its WECHATPAY_* credentials: missing or
 * wrong ones refuse the start in one line naming them), 'alipay' (docs/alipay.md, ALIPAY_*), 'alipayhk' (docs/alipayhk.md, ALIPAYHK_*). A real provider is one file implementing
 * PaymentProvider and one entry here, with its credentials from ServerConfig. Async because a
 * provider's secret may live in the database.
 */
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../../config'
import { getOrCreateSecret, SECRET_NAMES } from '../../domain/secrets/server-secret'
import type { Database } from '../../storage/schema'
import { assertRunMode, ProviderChoiceError, type RunModeConfig } from '../run-mode'
import { PaymentProviders, type PaymentProvider } from './payment-provider'
import { alipayFromSettings, AlipayProvider } from './alipay.provider'
import { alipaySettings } from './alipay.settings'
import { alipayHkFromSettings, AlipayHkProvider } from './alipayhk.provider'
import { alipayHkSettings } from './alipayhk.settings'
import { SandboxPaymentProvider } from './sandbox.provider'
import { wechatPayFromSettings, WechatPayProvider } from './wechatpay.provider'

type PaymentConfig = Pick<ServerConfig, 'sandboxPaySecret' | 'paymentProviders' | 'wechatPay' | 'publicUrl'> & Partial<Pick<ServerConfig, 'alipay' | 'alipayHk'>> & RunModeConfig

const CHOICES = {
  // SANDBOX_PAY_SECRET, else the deployment's own in the database: every process and CLI signs and
  // checks notices and page keys alike (a per-process secret failed notices at other processes).
  sandbox: async (config: PaymentConfig, db: Kysely<Database>) => new SandboxPaymentProvider(config.sandboxPaySecret ?? (await getOrCreateSecret(db, SECRET_NAMES.sandboxPay))),
  wechatpay: async (config: PaymentConfig) => new WechatPayProvider(wechatPayFromSettings(config.wechatPay, { publicUrl: config.publicUrl, production: config.production })),
  // Alipay (docs/alipay.md) through the official alipay-sdk, with its ALIPAY_* credentials.
  alipay: async (config: PaymentConfig) => new AlipayProvider(alipayFromSettings(config.alipay ?? alipaySettings({}), { publicUrl: config.publicUrl, production: config.production })),
  // AlipayHK (docs/alipayhk.md): Alipay+ through Antom, MOP / HKD, with its ALIPAYHK_* credentials.
  alipayhk: async (config: PaymentConfig) => new AlipayHkProvider(alipayHkFromSettings(config.alipayHk ?? alipayHkSettings({}), { publicUrl: config.publicUrl, production: config.production }))
} satisfies Record<string, (config: PaymentConfig, db: Kysely<Database>) => Promise<PaymentProvider>>

export async function buildPaymentProviders(config: PaymentConfig, db: Kysely<Database>): Promise<PaymentProviders> {
  const makers = config.paymentProviders.map((choice) => {
    const make = (CHOICES as Record<string, (config: PaymentConfig, db: Kysely<Database>) => Promise<PaymentProvider>>)[choice]
    if (!make) throw new ProviderChoiceError('PAYMENT_PROVIDERS', choice, Object.keys(CHOICES))
    return make
  })
  assertRunMode(config, ['sandbox-payments'])
  const providers: PaymentProvider[] = []
  for (const make of makers) providers.push(await make(config, db))
  return new PaymentProviders(providers, providers[0]?.name)
}
