/** The console's gateway as the client tests fake it: a handler per operation, every call recorded. */
import { StaffError, type StaffApi, type StaffCredentials, type StaffOutput } from '../../../src/console/api/staff-client'
import type { StaffOperationInputs, StaffOperationName } from '../../../src/gateway/staff-contract'

export type Handler<K extends StaffOperationName> = (input: StaffOperationInputs[K], who: StaffCredentials) => StaffOutput<K> | Promise<StaffOutput<K>>

export class FakeStaffApi implements StaffApi {
  readonly calls: { operation: StaffOperationName; input: unknown }[] = []
  private readonly handlers = new Map<StaffOperationName, Handler<StaffOperationName>>()

  on<K extends StaffOperationName>(operation: K, handler: Handler<K>): this {
    this.handlers.set(operation, handler as unknown as Handler<StaffOperationName>)
    return this
  }

  async call<K extends StaffOperationName>(operation: K, input: StaffOperationInputs[K], who: StaffCredentials): Promise<StaffOutput<K>> {
    this.calls.push({ operation, input })
    const handler = this.handlers.get(operation)
    if (!handler) throw new StaffError('envelope', `no fake for ${operation}`, operation, '10003')
    return (await handler(input as never, who)) as StaffOutput<K>
  }

  inputsOf<K extends StaffOperationName>(operation: K): StaffOperationInputs[K][] {
    return this.calls.filter((c) => c.operation === operation).map((c) => c.input as StaffOperationInputs[K])
  }
}
