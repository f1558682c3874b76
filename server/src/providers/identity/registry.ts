/**
 * Builds the host identity provider chosen by IDENTITY_PROVIDER (called by the composition root,
 * server/src/http/app.ts). Today the only choice is 'development'; the host's real one is one file
 * implementing IdentityProvider and one entry here, with its credentials from ServerConfig.
 */
import type { ServerConfig } from '../../config'
import { assertRunMode, ProviderChoiceError } from '../run-mode'
import { DevelopmentIdentityProvider } from './development.provider'
import { DevelopmentHostLoginProvider } from './development-host-login.provider'
import { HOST_LOGIN_KINDS, type HostLoginKind, type HostLoginProvider, type HostLoginProviders, type IdentityProvider } from './identity-provider'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'

const CHOICES = {
  development: () => new DevelopmentIdentityProvider()
} satisfies Record<string, () => IdentityProvider>

export function buildIdentityProvider(config: Pick<ServerConfig, 'identityProvider'> & Parameters<typeof assertRunMode>[0]): IdentityProvider {
  const make = (CHOICES as Record<string, () => IdentityProvider>)[config.identityProvider]
  if (!make) throw new ProviderChoiceError('IDENTITY_PROVIDER', config.identityProvider, Object.keys(CHOICES))
  assertRunMode(config, ['identity'])
  return make()
}

/**
 * The H5 host browsers' logins, one provider per host kind (spec §1, §6). IDENTITY_PROVIDER
 * 'development' makes every kind the DEVELOPMENT host login (its own authorise page on this
 * server); a real host is one HostLoginProvider file with its app id, authorise URL and secret.
 */
export function buildHostLoginProviders(config: Pick<ServerConfig, 'identityProvider'> & Parameters<typeof assertRunMode>[0], db: Kysely<Database>): HostLoginProviders {
  if (config.identityProvider !== 'development') throw new ProviderChoiceError('IDENTITY_PROVIDER', config.identityProvider, Object.keys(CHOICES))
  assertRunMode(config, ['identity'])
  return Object.fromEntries(HOST_LOGIN_KINDS.map((kind) => [kind, new DevelopmentHostLoginProvider(kind, db)])) as unknown as Record<HostLoginKind, HostLoginProvider>
}
