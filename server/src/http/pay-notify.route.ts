/**
 * POST /pay/notify/:provider: payment providers' notices. The body is kept exactly as sent (the
 * signature covers those bytes) and handed to the payment service, which verifies, records and
 * applies it. Answers: 200 done (also for a replay), 401 bad signature, 404 unknown provider or
 * payment, 400 a notice that does not fit its payment. The sandbox page calls the same
 * handleNotice in-process. A refund that did not reach the payer (WeChat Pay's REFUND.ABNORMAL /
 * CLOSED: outcome refund_failed) is answered 200 and logged as a warning for the shop. A provider
 * that reads the answer's body (Alipay: exactly 'success') gives it through noticeAnswer.
 */
import type { FastifyInstance } from 'fastify'
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

export async function payNotifyRoutes(app: FastifyInstance, deps: PayNotifyDeps): Promise<void> {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTICE_BODY_LIMIT }, (_request, body, done) => done(null, body))

  app.post<{ Params: { provider: string } }>('/pay/notify/:provider', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : ''
    const result = await handleNotice(deps, request.params.provider, raw, request.headers, new Date())
    if (result.httpStatus !== 200) request.log.warn({ provider: request.params.provider, ...result }, 'payment notice refused')
    else if (result.outcome === 'amount_mismatch') request.log.warn({ provider: request.params.provider, ...result }, 'payment notice amount does not match')
    else if (result.outcome === 'refund_failed') request.log.warn({ provider: request.params.provider, ...result }, 'refund did not reach the payer: the money is still to be given back')
    // A provider that reads the body (Alipay: exactly 'success') gets its own text.
    const answer = deps.providers.get(request.params.provider)?.noticeAnswer?.(result.httpStatus)
    if (answer) return reply.code(result.httpStatus).type(answer.contentType).send(answer.body)
    return reply
      .code(result.httpStatus)
      .type('application/json; charset=utf-8')
      .send({ ok: result.httpStatus === 200, outcome: result.outcome, ...(result.reason ? { reason: result.reason } : {}) })
  })
}
