/**
 * H5: the feature stores are scripts of their own: the goods list's with the first page past Home,
 * the rest with the first page past the goods list (./feature-loader.ts says what each holds).
 */
export type FeatureStoresModule = typeof import('./feature-stores')
export type PastMenuStoresModule = typeof import('./past-menu-stores')

export function featureStoresAtHand(): { features: FeatureStoresModule; pastMenu: PastMenuStoresModule } | null {
  return null
}

export function loadFeatureStores(): Promise<FeatureStoresModule> {
  return import(/* webpackChunkName: "feature-stores" */ './feature-stores')
}

export function loadPastMenuStores(): Promise<PastMenuStoresModule> {
  return import(/* webpackChunkName: "past-menu-stores" */ './past-menu-stores')
}
