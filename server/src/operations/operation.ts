/**
 * What an operation is: one file per KeyName exporting { name, group, summary, auth, input,
 * output, handler }. The gateway route validates the envelope and each record against
 * `input`, builds the context, and calls `handler`; docs/gateway.md is generated from the same
 * objects, so the documentation cannot drift from the code.
 */
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Locale, OperationName } from '../../../src/gateway/contract'
import type { OPERATIONS } from '../../../src/gateway/operation-list'
import type { OperationTypes } from '../../../src/gateway/operations'
import type { ServerConfig } from '../config'
import type { Enterprise } from '../domain/records'
import type { OrderPlacer } from '../domain/orders/placement-thread'
import type { PaymentProviders } from '../providers/payment/payment-provider'
import type { SmsProvider } from '../providers/sms/sms-provider'
import type { GeocodingProvider } from '../providers/geocoding/geocoding-provider'
import type { HostLoginProviders, IdentityProvider } from '../providers/identity/identity-provider'
import type { ObjectStorage } from '../providers/storage/object-storage'
import type { Database } from '../storage/schema'
import type { SessionMember } from '../domain/members/member-session'

/**
 * Who may call. Every envelope must carry the deployment's AuthCode; beyond that:
 *   - 'public': no enterprise needed (finding the enterprise is the point);
 *   - 'app': the envelope's EntID must name a known enterprise (else resultcode 20001);
 *   - 'member': 'app', and a valid session token of that enterprise in `Authorization: Bearer`
 *     (else errcode 10010 LOGIN_REQUIRED). The member comes from the token, never from a record.
 */
export type OperationAuth = 'public' | 'app' | 'member'

export interface OperationContext {
  db: Kysely<Database>
  config: ServerConfig
  /** The language of the answer (Accept-Language). */
  locale: Locale
  /** The envelope's EntID ('' before the client knows it). */
  entId: string
  /** UserID and AppName of the first record. */
  userId: string
  appName: string
  clientIp: string
  /** 'http://host:port' the caller reached us on. */
  origin: string
  /** One instant per request, so every time in an answer agrees. */
  now: Date
  enterprise: Enterprise | null
  /**
   * Who owns what this request makes or reads (orders, sheets, payments): the signed-in
   * member (`vip:<VipID>`, member-session.ts memberOwnerKey), else the device (deviceKey).
   */
  ownerKey: string
  /**
   * The SHA-256 of the device key the client keeps in local storage and sends as
   * `X-Device-Key` ('' when absent or malformed): a walk-in diner's identity.
   */
  deviceKey: string
  /** The member the request's session token signs in (null without a valid one). */
  member: SessionMember | null
  /** Outside services, built once by the composition root (server/src/http/app.ts). */
  providers: Providers
  /** SQLite servers: the order placement thread (domain/orders/placement-thread.ts); absent, placements run here. */
  orderPlacer?: OrderPlacer
}

/** The providers an operation may use (object storage comes with a later issue). */
export interface Providers {
  payments: PaymentProviders
  /** Delivers SMS codes (server/src/providers/sms). */
  sms: SmsProvider
  /** The host app's identity: open ids from authorisation codes (server/src/providers/identity). */
  identity: IdentityProvider
  /** The H5 host browsers' OAuth logins, one per host kind (server/src/providers/identity). */
  hostLogin: HostLoginProviders
  /** Typed address → places, point → place (GEOCODING_PROVIDER; server/src/providers/geocoding). */
  geocoding: GeocodingProvider
  /** Object storage of uploads and checked pictures (STORAGE_PROVIDER; server/src/providers/storage; issue 17). */
  storage: ObjectStorage
}

export interface AppOperationContext extends OperationContext {
  enterprise: Enterprise
}

export interface MemberOperationContext extends AppOperationContext {
  member: SessionMember
}

export type ContextFor<A extends OperationAuth> = A extends 'member'
  ? MemberOperationContext
  : A extends 'app'
    ? AppOperationContext
    : OperationContext

export type OperationOutput<N extends OperationName> = OperationTypes[N]['output']
type RowOf<T> = T extends readonly (infer R)[] ? R : never

/** One short description per column of a row; the compiler insists on every column. */
export type ColumnDocs<Row> = { readonly [K in keyof Row]-?: string }
export type OutputDocs<N extends OperationName> = {
  readonly [T in keyof OperationOutput<N>]-?: ColumnDocs<RowOf<OperationOutput<N>[T]>>
}

/** The record schema: a zod object whose parsed value has the contract's input fields. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type InputSchema<N extends OperationName> = z.ZodObject<any, any, any, OperationTypes[N]['input'], any>

export interface Operation<N extends OperationName, S extends InputSchema<N>, A extends OperationAuth> {
  name: N
  group: (typeof OPERATIONS)[N]
  summary: string
  auth: A
  /** Fields of each record beyond EntID / UserID / AppName. */
  input: S
  output: OutputDocs<N>
  /**
   * `input` is the first record; `records` all of them (most operations read one).
   * Throws DomainError for business outcomes, EnvelopeError for unusable requests.
   */
  handler(ctx: ContextFor<A>, input: z.infer<S>, records: z.infer<S>[]): Promise<OperationOutput<N>>
}

/** The registry's view of any operation. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any, OperationAuth>

export function defineOperation<N extends OperationName, S extends InputSchema<N>, A extends OperationAuth>(
  operation: Operation<N, S, A>
): Operation<N, S, A> {
  return operation
}
