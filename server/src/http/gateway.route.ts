/**
 * POST /GetData: the one gateway route. Checks run in this order, each with its errcode:
 * a browser's cross-site post (10011, cross-site.ts), method and content type (10008), body size (10006), fields (10001), IsRSA (10008),
 * AuthCode (10004), KeyName under ServerType (10003), strJsonData (10002), record EntIDs
 * (10005), record schema (10007); then the enterprise for 'app' and 'member' operations
 * (20001), the session for 'member' operations (10010), and the operation itself. A body answered before with a kept answer (kept-answers.ts) is
 * answered again after the answer's own check alone.
 */
import { clientAddress } from './client-address'
import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { GATEWAY_PATH, type Locale } from '../../../src/gateway/contract'
import { localeFromAcceptLanguage } from '../../../src/i18n/language'
import type { ServerConfig } from '../config'
import { configureMenuCache } from '../domain/catalogue/menu-cache'
import { requireEnterprise } from '../domain/enterprise/enterprise.service'
import { DomainError, EnvelopeError, invalidInput } from '../domain/errors'
import { baseRecordSchema } from '../operations/fields'
import type { OperationContext } from '../operations/operation'
import type { OrderPlacer } from '../domain/orders/placement-thread'
import { findOperation } from '../operations/registry'
import { bearerToken, findSession, memberOwnerKey } from '../domain/members/member-session'
import type { Database } from '../storage/schema'
import { checkAuthCode, FORM_TYPE, isFormContentType, operationNameOf, readEnvelope, readRecords, type Envelope } from './envelope'
import { acceptedEncoding, COMPRESS_MIN_BYTES, compressed } from './compress'
import { refuseCrossSite } from './cross-site'
import { parseForm } from './form-body'
import { publicOrigin } from './public-origin'
import { KeptAnswers, registerKeptAnswers } from './kept-answers'
import { safeParseRecord } from './record-parse'
import { errorReply, successReply, type GatewayReply } from './response'
import { hasPermission } from '../../../src/core/staff-permissions'
import { STAFF_SERVER_TYPE } from '../../../src/gateway/staff-contract'
import { findDevice } from '../domain/staff/staff-devices.service'
import { findStaffSession } from '../domain/staff/staff-session'
import type { StaffOperationContext } from '../operations/staff/staff-operation'
import { findStaffOperation } from '../operations/staff/staff-registry'

export interface GatewayDeps {
  config: ServerConfig
  db: Kysely<Database>
  /** The order placement thread, when the server runs one (SQLite; domain/orders/placement-thread.ts). */
  orderPlacer?: OrderPlacer
}

const locales = new Map<string, Locale>()

/** The answer's language from Accept-Language (remembered per header text). */
function localeOf(request: FastifyRequest): Locale {
  const header = request.headers['accept-language']
  if (header === undefined) return localeFromAcceptLanguage(header)
  let locale = locales.get(header)
  if (locale === undefined) {
    locale = localeFromAcceptLanguage(header)
    // Only headers of a browser's usual length are remembered: at most 1,000 × 256 characters.
    if (header.length > 256) return locale
    if (locales.size >= 1000) locales.clear()
    locales.set(header, locale)
  }
  return locale
}

/** Sends an answer, compressed (compress.ts) when it is over 1 KB and the client accepts it. */
function send(request: FastifyRequest, reply: FastifyReply, result: GatewayReply): FastifyReply | Promise<FastifyReply> {
  reply.code(result.status).type('application/json; charset=utf-8')
  const payload = result.payload
  if (payload === undefined || payload.length < COMPRESS_MIN_BYTES) return reply.send(payload ?? result.body)
  reply.header('vary', 'Accept-Encoding')
  const encoding = acceptedEncoding(request.headers['accept-encoding'])
  if (encoding === null) return reply.send(payload)
  const bytes = compressed(payload, encoding)
  const sendEncoded = (b: Buffer) => reply.header('content-encoding', encoding).send(b)
  return Buffer.isBuffer(bytes) ? sendEncoded(bytes) : bytes.then(sendEncoded)
}

/** Registers the gateway in its own scope: only form bodies parse there. */
export async function gatewayRoutes(app: FastifyInstance, deps: GatewayDeps): Promise<void> {
  app.removeAllContentTypeParsers()
  // The body stays text: kept answers are keyed on it, and it is parsed (form-body.ts) only
  // when the request goes the full way.
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: deps.config.bodyLimit }, (_request, body, done) => done(null, body))
  const kept = new KeptAnswers(deps.config.keptAnswersBytes, deps.config.cacheIdleMs)
  registerKeptAnswers(deps.db, kept)
  configureMenuCache(deps.db, deps.config.menuCacheBytes, deps.config.cacheIdleMs)

  // Fastify's own errors (body too large, unknown content type) come here too.
  app.setErrorHandler((error, request, reply) => {
    const result = errorReply(error, localeOf(request))
    if (result.unexpected) request.log.error({ err: error }, 'gateway request failed')
    return send(request, reply, result)
  })

  app.post(GATEWAY_PATH, (request, reply) => {
    const origin = publicOrigin(request, deps.config)
    refuseCrossSite(request, deps.config, origin)
    if (!isFormContentType(request.headers['content-type'])) throw new EnvelopeError('UNSUPPORTED_REQUEST')
    const body = typeof request.body === 'string' ? request.body : ''
    const locale = localeOf(request)
    const key = kept.keyOf(body, locale, origin)
    const answer = key === null ? undefined : kept.get(key)
    if (answer) {
      const now = new Date()
      const valid = answer.check(now)
      if (valid === true) {
        const sending = send(request, reply, answer.reply)
        // Sent already (the usual case): nothing to return, as before.
        return sending === reply ? undefined : sending
      }
      if (valid !== false) return valid.then((ok) => (ok ? send(request, reply, answer.reply) : answerInFull(request, reply, body, locale, origin, key, now, true)))
    }
    return answerInFull(request, reply, body, locale, origin, key, new Date(), answer !== undefined)
  })

  /**
   * The full way: every check in order, then the operation. `stale`: a kept answer for the key
   * failed its check and is dropped (a key nothing was kept under needs no map work until an
   * answer is kept: an order's body is never seen twice).
   */
  async function answerInFull(
    request: FastifyRequest,
    reply: FastifyReply,
    body: string,
    locale: Locale,
    origin: string,
    key: string | null,
    now: Date,
    stale: boolean
  ): Promise<FastifyReply> {
    if (key !== null && stale) kept.forget(key)
    const envelope = readEnvelope(parseForm(body))
    checkAuthCode(envelope.AuthCode, deps.config.authCode)
    if (envelope.ServerType === STAFF_SERVER_TYPE) return answerStaff(request, reply, envelope, locale, origin, now)
    const operation = findOperation(operationNameOf(envelope))
    if (!operation) throw new EnvelopeError('UNKNOWN_OPERATION', { operation: envelope.KeyName })
    const records = readRecords(envelope)
    const bases = records.map((record, index) => parseRecord(baseRecordSchema, record, index))
    const inputs = records.map((record, index) => parseRecord(operation.input, record, index))
    const first = bases[0]

    // 'public' operations take an enterprise when one is named, and then it must exist.
    const enterprise = operation.auth !== 'public' || envelope.EntID ? await requireEnterprise(deps.db, envelope.EntID) : null
    const token = bearerToken(request.headers.authorization)
    const member = token && enterprise ? await findSession(deps.db, enterprise.entId, token, now) : null
    if (operation.auth === 'member' && !member) throw new EnvelopeError('LOGIN_REQUIRED')
    const deviceKey = ownerKeyOf(request.headers['x-device-key'])
    const ctx: OperationContext = {
      db: deps.db,
      config: deps.config,
      locale,
      entId: envelope.EntID,
      userId: first.UserID,
      appName: first.AppName ?? '',
      clientIp: clientAddress(request.ip),
      origin,
      now,
      ownerKey: member ? memberOwnerKey(member.vipId) : deviceKey,
      deviceKey,
      member,
      providers: deps.providers,
      orderPlacer: deps.orderPlacer,
      enterprise
    }
    const data = await operation.handler(ctx, inputs[0], inputs)
    const result = successReply(data)
    if (key !== null) kept.remember(key, data, result, stale)
    return send(request, reply, result)
  }

  /**
   * A staff operation (issue 23; server/src/operations/staff/staff-operation.ts): the same envelope
   * and record checks, then the staff session (Authorization) and the paired device
   * (X-Staff-Device). A session made on a device is good only with that device's token beside it, so
   * a PIN session copied off a tablet is no use elsewhere. Staff answers are never kept.
   */
  async function answerStaff(request: FastifyRequest, reply: FastifyReply, envelope: Envelope, locale: Locale, origin: string, now: Date): Promise<FastifyReply> {
    refuseCrossSite(request, deps.config, origin, { ownOriginOnly: true })
    const operation = findStaffOperation(envelope.KeyName)
    if (!operation) throw new EnvelopeError('UNKNOWN_OPERATION', { operation: `${envelope.ServerType}/${envelope.KeyName}` })
    const records = readRecords(envelope)
    const bases = records.map((record, index) => parseRecord(baseRecordSchema, record, index))
    const deviceHeader = request.headers['x-staff-device']
    const deviceToken = typeof deviceHeader === 'string' ? deviceHeader.trim() : ''
    const device = deviceToken ? await findDevice(deps.db, deviceToken) : null
    const token = bearerToken(request.headers.authorization)
    let staff = token ? await findStaffSession(deps.db, token, now) : null
    if (staff && staff.deviceId && staff.deviceId !== device?.device_id) staff = null
    const auth = operation.auth
    if (auth === 'device' && !device) throw new DomainError('STAFF_DEVICE_NOT_PAIRED')
    if (auth !== 'public' && auth !== 'device') {
      if (!staff) throw new EnvelopeError('STAFF_SIGN_IN_REQUIRED')
      // Another enterprise's id in the envelope is another enterprise's data: refused, not ignored.
      if (envelope.EntID && envelope.EntID !== staff.entId) throw new EnvelopeError('STAFF_NOT_PERMITTED')
      if (auth !== 'signed-in' && !hasPermission(staff.role, auth)) throw new EnvelopeError('STAFF_NOT_PERMITTED')
    }
    if (auth === 'device' && device && envelope.EntID && envelope.EntID !== device.ent_id) throw new EnvelopeError('STAFF_NOT_PERMITTED')
    // Who may call is settled before the records are read: a stranger learns nothing of their shape.
    const inputs = records.map((record, index) => parseRecord(operation.input, record, index))
    const entId = staff?.entId ?? device?.ent_id ?? envelope.EntID
    const enterprise = entId ? await requireEnterprise(deps.db, entId) : null
    const ctx: StaffOperationContext = {
      db: deps.db,
      config: deps.config,
      locale,
      entId,
      userId: bases[0].UserID,
      appName: bases[0].AppName ?? '',
      clientIp: clientAddress(request.ip),
      origin,
      now,
      ownerKey: '',
      deviceKey: ownerKeyOf(request.headers['x-device-key']),
      member: null,
      providers: deps.providers,
      enterprise,
      staff,
      device
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const data = await operation.handler(ctx as any, inputs[0])
    return send(request, reply, successReply(data))
  }

  // Any other method on the gateway path is an unsupported request, not a 404.
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: GATEWAY_PATH,
    handler: async () => {
      throw new EnvelopeError('UNSUPPORTED_REQUEST', undefined, 405)
    }
  })
}

/** The caller's device key, hashed: stored orders never hold the key itself. */
function ownerKeyOf(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header
  if (!key || !/^[A-Za-z0-9_-]{16,128}$/.test(key)) return ''
  return createHash('sha256').update(key).digest('hex')
}

/** zod failure → 10007 naming the field(s), e.g. 'FbContent' or 'tableData[1].ShopID'. */
function parseRecord<S extends z.ZodTypeAny>(schema: S, record: Record<string, unknown>, index: number): z.infer<S> {
  const result = safeParseRecord(schema, record)
  if (result.success) return result.data
  const fields = [...new Set(result.error.issues.map((i) => i.path.join('.') || 'record'))]
  const prefix = index === 0 ? '' : `tableData[${index}].`
  throw invalidInput(fields.map((f) => prefix + f).join(', '))
}
