/**
 * Where the root store gets the feature stores (./feature-stores.ts). Mini-program packages
 * (and the tests) carry them and build them with the root store; the H5 build fetches them
 * with the first page past Home (feature-loader.h5.ts, picked by Taro's per-host file convention).
 */
import * as featureStores from './feature-stores'

export type FeatureStoresModule = typeof featureStores

/** The module when it is already in the package, else null. */
export function featureStoresAtHand(): FeatureStoresModule | null {
  return featureStores
}

export function loadFeatureStores(): Promise<FeatureStoresModule> {
  return Promise.resolve(featureStores)
}
