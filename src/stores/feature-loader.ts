/**
 * Where the root store gets the stores of the pages past Home: the goods list's
 * (./feature-stores.ts) and those of the pages past it (./past-menu-stores.ts). Mini-program
 * packages (and the tests) carry both and build them with the root store; the H5 build fetches
 * each with the first page that needs it (feature-loader.h5.ts, picked by Taro's per-host file
 * convention).
 */
import * as featureStores from './feature-stores'
import * as pastMenuStores from './past-menu-stores'

export type FeatureStoresModule = typeof featureStores
export type PastMenuStoresModule = typeof pastMenuStores

/** The modules when they are already in the package, else null. */
export function featureStoresAtHand(): { features: FeatureStoresModule; pastMenu: PastMenuStoresModule } | null {
  return { features: featureStores, pastMenu: pastMenuStores }
}

export function loadFeatureStores(): Promise<FeatureStoresModule> {
  return Promise.resolve(featureStores)
}

export function loadPastMenuStores(): Promise<PastMenuStoresModule> {
  return Promise.resolve(pastMenuStores)
}
