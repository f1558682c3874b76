/**
 * Builds the payment providers chosen by PAYMENT_PROVIDERS (called by the composition root:
 * buildApp, hence main.ts and the tests, and the orders CLI). Today the only choice is 'sandbox'; a
 * real provider is one file implementing PaymentProvider and one entry here, with its credentials
 * from ServerConfig. Async because a provider's secret may live in the database.
 */
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../../config'
import { getOrCreateSecret, SECRET_NAMES } from '../../domain/secrets/server-secret'
import type { Database } from '../../storage/schema'
import { assertRunMode, ProviderChoiceError, type RunModeConfig } from '../run-mode'
import { PaymentProviders, type PaymentProvider } from './payment-provider'
import { SandboxPaymentProvider } from './sandbox.provider'

type PaymentConfig = Pick<ServerConfig, 'sandboxPaySecret' | 'paymentProviders'> & RunModeConfig

const CHOICES = {
  // SANDBOX_PAY_SECRET, else the deployment's own in the database: every process and CLI signs and
  // checks notices and page keys alike (a per-process secret failed notices at other processes).
  sandbox: async (config: PaymentConfig, db: Kysely<Database>) => new SandboxPaymentProvider(config.sandboxPaySecret ?? (await getOrCreateSecret(db, SECRET_NAMES.sandboxPay)))
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
