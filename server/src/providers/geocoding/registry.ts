/**
 * Builds the geocoder chosen by GEOCODING_PROVIDER (called by the composition root,
 * server/src/http/app.ts): 'development' (the default; a development stand-in that production
 * refuses unless ALLOW_DEVELOPMENT_PROVIDERS names 'geocoding') or 'nominatim' (OpenStreetMap's
 * Nominatim, NOMINATIM_URL and NOMINATIM_CONTACT). Another vendor is one file implementing
 * GeocodingProvider and one entry here.
 */
import type { ServerConfig } from '../../config'
import { assertRunMode, ProviderChoiceError } from '../run-mode'
import { developmentGazetteer } from './development-gazetteer'
import { DevelopmentGeocodingProvider } from './development.provider'
import type { GeocodingProvider } from './geocoding-provider'
import { NominatimGeocodingProvider } from './nominatim.provider'

type GeocodingConfig = Pick<ServerConfig, 'geocodingProvider' | 'nominatimUrl' | 'nominatimContact'> & Parameters<typeof assertRunMode>[0]

const CHOICES = {
  development: () => new DevelopmentGeocodingProvider(developmentGazetteer),
  nominatim: (config: GeocodingConfig) => {
    if (!config.nominatimContact) throw new Error('GEOCODING_PROVIDER=nominatim needs NOMINATIM_CONTACT (an e-mail or URL the Nominatim operator can reach you at; its usage policy asks for one)')
    return new NominatimGeocodingProvider({ baseUrl: config.nominatimUrl, contact: config.nominatimContact })
  }
} satisfies Record<string, (config: GeocodingConfig) => GeocodingProvider>

export function buildGeocodingProvider(config: GeocodingConfig): GeocodingProvider {
  const make = (CHOICES as Record<string, (config: GeocodingConfig) => GeocodingProvider>)[config.geocodingProvider]
  if (!make) throw new ProviderChoiceError('GEOCODING_PROVIDER', config.geocodingProvider, Object.keys(CHOICES))
  assertRunMode(config, ['geocoding'])
  return make(config)
}
