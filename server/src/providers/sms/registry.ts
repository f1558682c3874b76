/**
 * Builds the SMS provider (called by the composition root, server/src/http/app.ts). Today: the
 * development provider. A real vendor is chosen here with its credentials from ServerConfig.
 */
import { DevelopmentSmsProvider } from './development.provider'

export function buildSmsProvider(log: (line: string) => void): DevelopmentSmsProvider {
  return new DevelopmentSmsProvider(log)
}
