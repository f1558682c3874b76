/** H5: the feature stores are a script of their own, fetched with the first page past Home. */
export type FeatureStoresModule = typeof import('./feature-stores')

export function featureStoresAtHand(): FeatureStoresModule | null {
  return null
}

export function loadFeatureStores(): Promise<FeatureStoresModule> {
  return import(/* webpackChunkName: "feature-stores" */ './feature-stores')
}
