/**
 * One typed call for the checkout's operations, always `silent`: the pages show the server's
 * refusal where it matters (beside the totals, or with a way back to the cart) instead of a toast.
 * Typed by OperationTypes, so it works for every operation of the contract's payload types.
 */
import type { Gateway, RequestOptions } from '../../gateway/gateway-client'
import type { OperationTypes } from '../../gateway/operations'

type Request = (operation: string, records: unknown[], options: RequestOptions) => Promise<unknown>

export function callGateway<K extends keyof OperationTypes>(
  gateway: Gateway,
  operation: K,
  record: OperationTypes[K]['input'],
  options: RequestOptions = { silent: true }
): Promise<Partial<OperationTypes[K]['output']>> {
  const request = gateway.request.bind(gateway) as unknown as Request
  return request(operation, [record], options) as Promise<Partial<OperationTypes[K]['output']>>
}
