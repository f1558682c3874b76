/**
 * A step a caller adds to a domain service's own transaction, run after the service's change and
 * before the commit: the staff operations write their audit entry this way (issue 23), so a change
 * without its entry cannot commit. The CLIs pass none.
 */
import type { Transaction } from 'kysely'
import type { Database } from '../storage/schema'

export type InTransaction<T> = (trx: Transaction<Database>, result: T) => Promise<void>
