/**
 * Builds the SMS provider chosen by SMS_PROVIDER (called by the composition root,
 * server/src/http/app.ts). Today the only choice is 'development'; a real vendor is one file
 * implementing SmsProvider and one entry here, with its credentials from ServerConfig.
 */
import type { ServerConfig } from '../../config'
import { assertRunMode, ProviderChoiceError } from '../run-mode'
import { DevelopmentSmsProvider } from './development.provider'
import type { SmsProvider } from './sms-provider'

const CHOICES = {
  development: (log: (line: string) => void) => new DevelopmentSmsProvider(log)
} satisfies Record<string, (log: (line: string) => void) => SmsProvider>

export function buildSmsProvider(config: Pick<ServerConfig, 'smsProvider'> & Parameters<typeof assertRunMode>[0], log: (line: string) => void): SmsProvider {
  const make = (CHOICES as Record<string, (log: (line: string) => void) => SmsProvider>)[config.smsProvider]
  if (!make) throw new ProviderChoiceError('SMS_PROVIDER', config.smsProvider, Object.keys(CHOICES))
  assertRunMode(config, ['sms'])
  return make(log)
}
