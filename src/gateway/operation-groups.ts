/**
 * The group (ServerType) each operation is sent under (spec §7: the envelope names both).
 * Mini-programs and the tests carry the contract's whole list; the H5 build starts with the
 * operations its first screen calls (operation-groups.h5.ts, picked by Taro's per-host files) and
 * learns the rest with the feature stores, which every page past Home waits for.
 */
import type { OperationName, ServerType } from './contract'
import { OPERATIONS } from './operation-list'

export const operationGroups: Partial<Record<OperationName, ServerType>> = OPERATIONS

/** Everything is known already. */
export function knowOperations(_all: Partial<Record<OperationName, ServerType>>): void {}
