/**
 * POST /GetData: the one gateway route. Checks run in this order, each with its errcode:
 * method and content type (10008), body size (10006), fields (10001), IsRSA (10008),
 * AuthCode (10004), KeyName under ServerType (10003), strJsonData (10002), record EntIDs
 * (10005), record schema (10007); then the enterprise for 'app' operations (20001) and
 * the operation itself.
 */
import { createHash } from 'node:crypto'
import formbody from '@fastify/formbody'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import { GATEWAY_PATH, type Locale } from '../../../src/gateway/contract'
import { localeFromAcceptLanguage } from '../../../src/i18n/language'
import type { ServerConfig } from '../config'
import { requireEnterprise } from '../domain/enterprise/enterprise.service'
import { EnvelopeError, invalidInput } from '../domain/errors'
import { baseRecordSchema } from '../operations/fields'
import type { OperationContext } from '../operations/operation'
import { findOperation } from '../operations/registry'
import type { Database } from '../storage/schema'
import { checkAuthCode, isFormContentType, operationNameOf, readEnvelope, readRecords } from './envelope'
import { safeParseRecord } from './record-parse'
import { errorReply, successReply, type GatewayReply } from './response'

export interface GatewayDeps {
  config: ServerConfig
  db: Kysely<Database>
}

const localeOf = (request: FastifyRequest): Locale => localeFromAcceptLanguage(request.headers['accept-language'])

function send(reply: FastifyReply, result: GatewayReply): FastifyReply {
  return reply.code(result.status).type('application/json; charset=utf-8').send(result.payload ?? result.body)
}

/** Registers the gateway in its own scope: only form bodies parse there. */
export async function gatewayRoutes(app: FastifyInstance, deps: GatewayDeps): Promise<void> {
  app.removeAllContentTypeParsers()
  await app.register(formbody, { bodyLimit: deps.config.bodyLimit })

  // Fastify's own errors (body too large, unknown content type) come here too.
  app.setErrorHandler((error, request, reply) => {
    const result = errorReply(error, localeOf(request))
    if (result.unexpected) request.log.error({ err: error }, 'gateway request failed')
    return send(reply, result)
  })

  app.post(GATEWAY_PATH, async (request, reply) => {
    if (!isFormContentType(request.headers['content-type'])) throw new EnvelopeError('UNSUPPORTED_REQUEST')
    const envelope = readEnvelope(request.body)
    checkAuthCode(envelope.AuthCode, deps.config.authCode)
    const operation = findOperation(operationNameOf(envelope))
    if (!operation) throw new EnvelopeError('UNKNOWN_OPERATION', { operation: envelope.KeyName })
    const records = readRecords(envelope)
    const bases = records.map((record, index) => parseRecord(baseRecordSchema, record, index))
    const inputs = records.map((record, index) => parseRecord(operation.input, record, index))
    const first = bases[0]

    const ctx: OperationContext = {
      db: deps.db,
      config: deps.config,
      locale: localeOf(request),
      entId: envelope.EntID,
      userId: first.UserID,
      appName: first.AppName ?? '',
      clientIp: request.ip,
      origin: `${request.protocol}://${request.host}`,
      now: new Date(),
      ownerKey: ownerKeyOf(request.headers['x-device-key']),
      providers: deps.providers,
      // 'public' operations take an enterprise when one is named, and then it must exist.
      enterprise: operation.auth === 'app' || envelope.EntID ? await requireEnterprise(deps.db, envelope.EntID) : null
    }
    const data = await operation.handler(ctx, inputs[0], inputs)
    return send(reply, successReply(data))
  })

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
