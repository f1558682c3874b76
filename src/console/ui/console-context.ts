/**
 * The console store as every page reaches it (App provides it). Its own file, so the pages and the
 * frame that shows them do not import each other.
 */
import { createContext, useContext } from 'react'
import type { ConsoleStore } from '../stores/console-store'

export const StoreContext = createContext<ConsoleStore | null>(null)

export function useConsole(): ConsoleStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useConsole outside <App>')
  return store
}
