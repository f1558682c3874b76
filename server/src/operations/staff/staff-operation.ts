/**
 * What a staff operation is (issue 23): one file per KeyName under ServerType 'Staff', exporting
 * { name, auth, input, handler }, listed in ./staff-registry.ts. The gateway route
 * (server/src/http/gateway.route.ts) validates the envelope and each record against `input` as it
 * does for diners, then checks `auth`:
 *   - 'public': anyone with the deployment's AuthCode (setup, sign-in);
 *   - 'device': a paired device's token in `X-Staff-Device` (else resultcode 21009);
 *   - 'signed-in': a staff session (`Authorization: Bearer st_…`) of the envelope's enterprise
 *     (else errcode 10012);
 *   - a Permission: signed in, and the person's role has it (else errcode 10013).
 * Handlers then check the shop or branch they touch against the person's scope (assertShop …),
 * and write an audit entry in the transaction of every change they make.
 */
import type { z } from 'zod'
import type { Permission } from '../../../../src/core/staff-permissions'
import type { StaffOperationInputs, StaffOperationName, StaffOperationOutputs } from '../../../../src/gateway/staff-contract'
import type { StaffActor } from '../../domain/staff/staff-actor'
import type { StaffDeviceRecord } from '../../domain/staff/staff-devices.service'
import type { OperationContext } from '../operation'

export type StaffAuth = 'public' | 'device' | 'signed-in' | Permission

export interface StaffOperationContext extends OperationContext {
  /** The signed-in person (null for 'public' and 'device' operations without a session). */
  staff: StaffActor | null
  /** The paired device the request came from (X-Staff-Device), if any. */
  device: StaffDeviceRecord | null
}

export interface SignedInContext extends StaffOperationContext {
  staff: StaffActor
}

export interface DeviceContext extends StaffOperationContext {
  device: StaffDeviceRecord
}

export type StaffContextFor<A extends StaffAuth> = A extends 'public' ? StaffOperationContext : A extends 'device' ? DeviceContext : SignedInContext

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StaffInputSchema<N extends StaffOperationName> = z.ZodObject<any, any, any, StaffOperationInputs[N], any>

export interface StaffOperation<N extends StaffOperationName, S extends StaffInputSchema<N>, A extends StaffAuth> {
  name: N
  auth: A
  input: S
  handler(ctx: StaffContextFor<A>, input: z.infer<S>): Promise<StaffOperationOutputs[N]>
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyStaffOperation = StaffOperation<any, any, StaffAuth>

export function defineStaffOperation<N extends StaffOperationName, S extends StaffInputSchema<N>, A extends StaffAuth>(
  operation: StaffOperation<N, S, A>
): StaffOperation<N, S, A> {
  return operation
}
