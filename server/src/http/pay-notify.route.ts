/**
 * POST /pay/notify/:provider: payment providers' notices. The body is kept exactly as sent (the
 * signature covers those bytes) and handed to the payment service, which verifies, records and
 * applies it. Answers: 200 done (also for a replay), 401 bad signature, 404 unknown provider or
 * payment, 400 a notice that does not fit its payment, 409 a refund notice for a refund not
 * recorded here yet (the provider retries), 413 a body over 64 KB, 500 anything that went wrong
 * on our side. Every answer but 200 makes WeChat Pay retry; Alipay stops only on the exact body
 * 'success', which only a 200 gets (noticeAnswer), so a refused or failed notice is retried and a
 * forged one never hears 'success'. The answer says what happened (ok, outcome), never why a
 * notice was refused nor any error's message: that goes to the log, one warning per refusal,
 * without the body, the headers or anything of a key. The sandbox page calls the same
 * handleNotice in-process. A refund that did not reach the payer (WeChat Pay's REFUND.ABNORMAL /
 * CLOSED: outcome refund_failed) is answered 200 and logged as a warning for the shop.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import { handleNotice } from '../domain/payments/payment.service'
import type { PaymentProviders } from '../providers/payment/payment-provider'
import type { Database } from '../storage/schema'

export interface PayNotifyDeps {
  db: Kysely<Database>
  providers: PaymentProviders
}

/** Notices are small; anything bigger is not one. */
const NOTICE_BODY_LIMIT = 64 * 1024

/**
 * Text from the caller (the path's provider name, a refusal's reason quoting a header) as it may
 * go into a log line: control characters escaped (a '%0A' in the path must not start a forged
 * line in the terminal format), at most 120 characters.
 */
const logText = (text: string | undefined): string | undefined =>
  // eslint-disable-next-line no-control-regex
  text === undefined ? undefined : JSON.stringify(text.slice(0, 120)).slice(1, -1).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?')

export async function payNotifyRoutes(app: FastifyInstance, deps: PayNotifyDeps): Promise<void> {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTICE_BODY_LIMIT }, (_request, body, done) => done(null, body))

  /** The provider's own answer text when it reads one (Alipay: 'success' on 200 only), else our JSON. */
  const send = (reply: FastifyReply, providerName: string, httpStatus: number, outcome: string) => {
    const answer = deps.providers.get(providerName)?.noticeAnswer?.(httpStatus)
    if (answer) return reply.code(httpStatus).type(answer.contentType).send(answer.body)
    return reply.code(httpStatus).type('application/json; charset=utf-8').send({ ok: httpStatus === 200, outcome })
  }

  // A body too big or a failure of ours (the database, a provider's bug): a bare answer the
  // provider retries; the error's message (SQL, a path, a key's name) stays in the log.
  app.setErrorHandler((error, request, reply) => {
    const providerName = (request.params as { provider?: string } | undefined)?.provider ?? ''
    const code = (error as { statusCode?: number }).statusCode
    const status = code !== undefined && code >= 400 && code < 500 ? code : 500
    if (status === 500) request.log.error({ err: error, provider: logText(providerName) }, 'payment notice failed')
    else request.log.warn({ provider: logText(providerName), status, code: (error as { code?: string }).code }, 'payment notice refused')
    return send(reply, providerName, status, status === 500 ? 'error' : 'rejected')
  })

  app.post<{ Params: { provider: string } }>('/pay/notify/:provider', async (request, reply) => {
    const providerName = request.params.provider
    const raw = typeof request.body === 'string' ? request.body : ''
    const result = await handleNotice(deps, providerName, raw, request.headers, new Date())
    const logged = { provider: logText(providerName), httpStatus: result.httpStatus, outcome: result.outcome, payId: logText(result.payId), reason: logText(result.reason) }
    if (result.httpStatus !== 200) request.log.warn(logged, 'payment notice refused')
    else if (result.outcome === 'amount_mismatch') request.log.warn(logged, 'payment notice amount does not match')
    else if (result.outcome === 'refund_failed') request.log.warn(logged, 'refund did not reach the payer: the money is still to be given back')
    return send(reply, providerName, result.httpStatus, result.outcome)
  })
}
