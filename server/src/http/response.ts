/**
 * Gateway response bodies: { errcode, errmsg, resultcode, resultmsg, data }, every string
 * percent-encoded. Errors become bodies here, in the caller's language; nothing else
 * (no stack, no internal message) ever leaves the server.
 */
import { type GatewayResponse, type GatewayTables, type Locale } from '../../../src/gateway/contract'
import { ERRCODES, RESULTCODES } from '../../../src/gateway/codes'
import type { MessageKey } from '../../../src/i18n/catalogues'
import { translate, type MessageParams } from '../../../src/i18n/translate'
import { DomainError, EnvelopeError } from '../domain/errors'
import { SetupError } from '../domain/setup/setup-common'
import { encodeStrings } from '../../../src/gateway/form'
import { encodedJson } from './encoded-json'
import { answerCheckOf } from './kept-answers'

export interface GatewayReply {
  status: number
  body: GatewayResponse
  /**
   * The body as sent (UTF-8 JSON), when already serialised: a Buffer for an answer that may
   * be kept (kept-answers.ts), so it is neither measured nor encoded again on its way out; the
   * text for any other, which Node then writes behind the headers in one piece.
   */
  payload?: Buffer | string
  /** An unexpected failure: log it server-side. */
  unexpected: boolean
}

const encoded = (body: GatewayResponse): GatewayResponse => encodeStrings(body)

/**
 * A success reply whose payload was written straight from the answer (encoded-json.ts); the
 * encoded body object, which only a caller without the payload would need, is made on demand.
 */
class WrittenSuccess implements GatewayReply {
  readonly status = 200
  readonly unexpected = false
  private encodedBody: GatewayResponse | undefined
  constructor(
    readonly payload: Buffer | string,
    private readonly answer: GatewayResponse
  ) {}

  get body(): GatewayResponse {
    return (this.encodedBody ??= encoded(this.answer))
  }
}

/**
 * Success replies by their data object. Operations that keep their answers (the menu reads,
 * per menu version, marked with keepAnswer) hand the same object to every request, so it is
 * encoded and serialised once. Other answers are new objects, sent once: they are not entered
 * (an entry per order only made work for the garbage collector).
 */
const successReplies = new WeakMap<GatewayTables, GatewayReply>()

export function successReply(data: GatewayTables): GatewayReply {
  let reply = successReplies.get(data)
  if (!reply) {
    const answer: GatewayResponse = { errcode: ERRCODES.OK, errmsg: '', resultcode: RESULTCODES.OK, resultmsg: '', data }
    const json = encodedJson(answer)
    // Only answers with a check are kept and sent again; the rest go out once, as text.
    const keep = answerCheckOf(data) !== undefined
    if (json !== null) {
      reply = new WrittenSuccess(keep ? Buffer.from(json, 'utf8') : json, answer)
    } else {
      const body = encoded(answer)
      const text = JSON.stringify(body)
      reply = { status: 200, body, payload: keep ? Buffer.from(text, 'utf8') : text, unexpected: false }
    }
    if (keep) successReplies.set(data, reply)
  }
  return reply
}

/** Fastify's own errors (body limit, content type …) mapped to envelope errors. */
function fromFrameworkError(error: unknown): EnvelopeError | null {
  const e = error as { code?: unknown; statusCode?: unknown }
  if (e?.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e?.statusCode === 413) return new EnvelopeError('BODY_TOO_LARGE')
  if (e?.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || e?.statusCode === 415) return new EnvelopeError('UNSUPPORTED_REQUEST')
  // Other client errors raised while reading the body (bad Content-Length, aborted upload …).
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new EnvelopeError('UNSUPPORTED_REQUEST', undefined, 400)
  }
  return null
}

/** Params given as 'order.status.1'-style message keys are shown in the caller's language. */
function localizedParams(locale: Locale, params: MessageParams | undefined): MessageParams | undefined {
  if (!params) return params
  const out: MessageParams = {}
  for (const [name, value] of Object.entries(params)) {
    out[name] = typeof value === 'string' && /^order\.(status|action)\.\w+$/.test(value) ? translate(locale, value as MessageKey) : value
  }
  return out
}

export function errorReply(error: unknown, locale: Locale): GatewayReply {
  if (error instanceof DomainError) {
    const body = {
      errcode: ERRCODES.OK,
      errmsg: '',
      resultcode: error.resultcode,
      resultmsg: translate(locale, `resultcode.${error.resultcode}` as MessageKey, localizedParams(locale, error.params)),
      // A refused setup (21100): its problems one a row too, each naming its field, for a form to show by the field.
      data: error instanceof SetupError ? { table1: error.problems.map((Problem) => ({ Problem })) } : {}
    }
    return { status: 200, body: encoded(body), unexpected: false }
  }
  const envelopeError = error instanceof EnvelopeError ? error : fromFrameworkError(error)
  const known = envelopeError ?? new EnvelopeError('INTERNAL')
  const body = {
    errcode: known.errcode,
    errmsg: translate(locale, `errcode.${known.errcode}` as MessageKey, known.params),
    resultcode: '',
    resultmsg: '',
    data: {}
  }
  return { status: known.httpStatus, body: encoded(body), unexpected: envelopeError === null }
}
