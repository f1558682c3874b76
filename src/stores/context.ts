import { createContext, useContext } from 'react'
import type { RootStore } from './root-store'

export const StoreContext = createContext<RootStore | null>(null)

export function useStores(): RootStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useStores outside StoreContext')
  return store
}
