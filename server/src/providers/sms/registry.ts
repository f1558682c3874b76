/**
 * Builds the SMS provider chosen by SMS_PROVIDER (called by the composition root,
 * server/src/http/app.ts): 'development' (the stand-in, codes to the log), or a vendor through its
 * official SDK: 'aliyun', 'tencent', 'twilio' (docs/sms.md). A vendor's settings come from
 * ServerConfig.sms; a vendor chosen with a setting missing or wrong refuses to start, in any run
 * mode, with one line naming every such setting (SmsSettingsError).
 */
import type { ServerConfig } from '../../config'
import { assertRunMode, ProviderChoiceError } from '../run-mode'
import { AliyunSmsProvider, aliyunOptions } from './aliyun.provider'
import { DevelopmentSmsProvider } from './development.provider'
import type { SmsProvider } from './sms-provider'
import { TencentSmsProvider, tencentOptions } from './tencent.provider'
import { TwilioSmsProvider, twilioOptions } from './twilio.provider'

type Make = (config: Pick<ServerConfig, 'sms'>, log: (line: string) => void) => SmsProvider

const CHOICES: Record<string, Make> = {
  development: (_config, log) => new DevelopmentSmsProvider(log),
  aliyun: (config, log) => new AliyunSmsProvider(aliyunOptions(config.sms.aliyun, config.sms.timeoutMs), log),
  tencent: (config, log) => new TencentSmsProvider(tencentOptions(config.sms.tencent, config.sms.timeoutMs), log),
  twilio: (config, log) => new TwilioSmsProvider(twilioOptions(config.sms.twilio, config.sms.timeoutMs), log)
}

/** The names SMS_PROVIDER accepts. */
export const SMS_PROVIDER_CHOICES = Object.keys(CHOICES)

export function buildSmsProvider(config: Pick<ServerConfig, 'smsProvider' | 'sms'> & Parameters<typeof assertRunMode>[0], log: (line: string) => void): SmsProvider {
  const make = Object.hasOwn(CHOICES, config.smsProvider) ? CHOICES[config.smsProvider] : undefined
  if (!make) throw new ProviderChoiceError('SMS_PROVIDER', config.smsProvider, SMS_PROVIDER_CHOICES)
  assertRunMode(config, ['sms'])
  return make(config, log)
}
