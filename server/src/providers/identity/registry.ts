/**
 * Builds the host identity provider chosen by IDENTITY_PROVIDER (called by the composition root,
 * server/src/http/app.ts). Today the only choice is 'development'; the host's real one is one file
 * implementing IdentityProvider and one entry here, with its credentials from ServerConfig.
 */
import type { ServerConfig } from '../../config'
import { assertRunMode, ProviderChoiceError } from '../run-mode'
import { DevelopmentIdentityProvider } from './development.provider'
import type { IdentityProvider } from './identity-provider'

const CHOICES = {
  development: () => new DevelopmentIdentityProvider()
} satisfies Record<string, () => IdentityProvider>

export function buildIdentityProvider(config: Pick<ServerConfig, 'identityProvider'> & Parameters<typeof assertRunMode>[0]): IdentityProvider {
  const make = (CHOICES as Record<string, () => IdentityProvider>)[config.identityProvider]
  if (!make) throw new ProviderChoiceError('IDENTITY_PROVIDER', config.identityProvider, Object.keys(CHOICES))
  assertRunMode(config, ['identity'])
  return make()
}
