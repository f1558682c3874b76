/**
 * Builds the payment providers from the configuration (called by the composition root:
 * buildApp, hence main.ts and the tests). Today: the sandbox. A real provider is added here with
 * its credentials from ServerConfig.
 */
import { randomBytes } from 'node:crypto'
import type { ServerConfig } from '../../config'
import { PaymentProviders } from './payment-provider'
import { SandboxPaymentProvider } from './sandbox.provider'

/** One random secret per process when SANDBOX_PAY_SECRET is unset (every app in the process agrees). */
let processSecret: string | null = null

export function buildPaymentProviders(config: Pick<ServerConfig, 'sandboxPaySecret'>, log: (message: string) => void = () => {}): PaymentProviders {
  let secret = config.sandboxPaySecret
  if (!secret) {
    if (!processSecret) {
      processSecret = randomBytes(32).toString('hex')
      log('SANDBOX_PAY_SECRET is not set: the sandbox payment provider signs with a random per-process secret')
    }
    secret = processSecret
  }
  return new PaymentProviders([new SandboxPaymentProvider(secret)], 'sandbox')
}
