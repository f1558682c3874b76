/** Audit actions the console names in words (docs/console.md lists them); any other shows as its code. */
import { CONSOLE_CATALOGUES, type ConsoleKey } from '../i18n'
import type { ConsoleStore } from '../stores/console-store'

export const KNOWN_ACTIONS = [
  'enterprise.setup',
  'staff.signIn',
  'staff.signInFailed',
  'staff.pinFailed',
  'staff.signOut',
  'staff.save',
  'staff.remove',
  'staff.ownSecrets',
  'device.pair',
  'device.remove'
] as const

export function actionLabel(store: Pick<ConsoleStore, 't'>, action: string): string {
  const key = `action.${action}`
  return key in CONSOLE_CATALOGUES.en ? store.t(key as ConsoleKey) : action
}
