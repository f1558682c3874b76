/**
 * Builds the host identity provider (called by the composition root, server/src/http/app.ts).
 * Today: the development provider. The host's real one is chosen here with its credentials.
 */
import { DevelopmentIdentityProvider } from './development.provider'

export function buildIdentityProvider(): DevelopmentIdentityProvider {
  return new DevelopmentIdentityProvider()
}
