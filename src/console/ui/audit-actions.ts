/** Audit actions the console names in words (docs/console.md lists them); any other shows as its code. */
import { CONSOLE_CATALOGUES, type ConsoleKey } from '../i18n'
import type { AuditRow } from '../../gateway/staff-contract'
import type { ConsoleStore } from '../stores/console-store'

export const KNOWN_ACTIONS = [
  'enterprise.setup',
  'enterprise.ownerAdded',
  'staff.signIn',
  'staff.signInFailed',
  'staff.pinFailed',
  'staff.signOut',
  'staff.save',
  'staff.remove',
  'staff.ownSecrets',
  'device.pair',
  'device.remove',
  'goods.soldOut',
  'goods.backOnSale',
  'addOn.soldOut',
  'addOn.backOnSale',
  'table.add',
  'table.rotate',
  'table.rename',
  'table.remove',
  'enterprise.update',
  'shop.save',
  'branch.save',
  'branch.remove',
  'recharge.rule.save',
  'setup.export',
  'setup.import'
] as const

export function actionLabel(store: Pick<ConsoleStore, 't'>, action: string): string {
  const key = `action.${action}`
  return key in CONSOLE_CATALOGUES.en ? store.t(key as ConsoleKey) : action
}

function detailOf(row: AuditRow): Record<string, unknown> {
  try {
    const value = JSON.parse(row.Detail || '{}') as unknown
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** 'Signed in (PIN)': the action, and how a sign-in was made. */
export function actionText(store: Pick<ConsoleStore, 't'>, row: AuditRow): string {
  const label = actionLabel(store, row.Action)
  const how = detailOf(row).how
  const howKey = `how.${String(how)}`
  return typeof how === 'string' && howKey in CONSOLE_CATALOGUES.en ? store.t('audit.with', { action: label, how: store.t(howKey as ConsoleKey) }) : label
}

/** 'Person: Ana Cashier': what the action was done to, by name where the log or the staff list knows it. */
export function targetText(store: Pick<ConsoleStore, 't'>, row: AuditRow, people: readonly { StaffID: string; Name: string }[]): string {
  if (!row.TargetType && !row.TargetID) return ''
  const typeKey = `target.${row.TargetType}`
  const type = typeKey in CONSOLE_CATALOGUES.en ? store.t(typeKey as ConsoleKey) : row.TargetType
  const detail = detailOf(row)
  const named =
    row.TargetType === 'staff'
      ? people.find((p) => p.StaffID === row.TargetID)?.Name
      : row.TargetType === 'device' && row.TargetID === row.DeviceID && row.DeviceName
        ? row.DeviceName
        : undefined
  const name = named ?? (typeof detail.name === 'string' ? detail.name : '') ?? ''
  return store.t('audit.target', { type, name: name || row.TargetID })
}
