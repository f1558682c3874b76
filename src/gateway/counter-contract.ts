/**
 * Front of house: the counter's staff operations and rows (issue 24 item 3; docs/live-service.md).
 * Part of the staff contract (./staff-contract.ts spreads them in).
 */

export const COUNTER_OPERATIONS = {} as const
export type CounterOperationName = keyof typeof COUNTER_OPERATIONS

export interface CounterOperationInputs {}
export interface CounterOperationOutputs {}
