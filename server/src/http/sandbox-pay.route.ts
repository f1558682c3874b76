/**
 * The sandbox provider's hosted payment page, served by our own server (it stands in for the page a
 * real provider hosts). GET /sandbox-pay/:payId?k=<key> shows the shop, the amount and a SANDBOX banner in
 * the caller's language with Approve / Decline; POST /sandbox-pay/:payId/approve|decline?k=<key> makes the
 * provider's notice, signs it and delivers it to the same handler as POST /pay/notify/sandbox
 * (in-process), then sends the browser back to the payment's return URL (303). A settled or
 * superseded payment only shows its state. A recharge (RechargeSubmit; its id is the payId) gets
 * the same page, marked as a balance recharge. Without the payment's key (the URL createPayment
 * handed out) every route answers the same 404 page and does nothing: knowing an id is not enough.
 *
 * POST /sandbox-pay/cashier (JSON) stands in for a host's own cashier (chat-app requestPayment /
 * getBrandWCPayRequest, payment-app tradePay), for test stand-ins of those hosts:
 *   { decision: 'approve'|'decline'|'cancel', timeStamp, nonceStr, package, signType, paySign, appId? }
 *   or { decision, tradeNO }: the invocation's parameters exactly as PaySubmit / RechargeSubmit handed them out.
 * It checks it issued them (package / tradeNO mac; every chat-app field, paySign in constant time),
 * that the payment is pending and current, then delivers the signed notice through handleNotice as
 * the page does ('cancel' delivers nothing). 200 { ok, result: 'paid'|'declined'|'cancelled', errMsg,
 * err_msg, resultCode } (what requestPayment / getBrandWCPayRequest / tradePay report); 400 malformed;
 * 404 { reason: 'unknown' } not issued by us; 409 { reason: 'settled'|'superseded' }. docs/hosts.md.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Kysely } from 'kysely'
import { formatMoney } from '../../../src/core/money'
import type { Locale } from '../../../src/gateway/contract'
import { PAYMENT_STATUS } from '../../../src/gateway/order-rows'
import type { MessageKey } from '../../../src/i18n/catalogues'
import { localeFromAcceptLanguage } from '../../../src/i18n/language'
import { pickText, translate } from '../../../src/i18n/translate'
import { allowedReturnOrigins, handleNotice, hostedPaymentView, type HostedPaymentView } from '../domain/payments/payment.service'
import { checkReturnUrl } from '../domain/payments/return-url'
import type { PaymentProviders } from '../providers/payment/payment-provider'
import { SANDBOX, SANDBOX_PAGE_KEY, SandboxPaymentProvider } from '../providers/payment/sandbox.provider'
import type { Database } from '../storage/schema'
import type { ServerConfig } from '../config'
import { publicOrigin } from './public-origin'

export interface SandboxPayDeps {
  db: Kysely<Database>
  providers: PaymentProviders
  /** PUBLIC_URL and the port: the origin a payer is sent back to is built as the gateway's links are. */
  config: ServerConfig
}

type Params = { payId: string }
type Query = Record<string, unknown>

export async function sandboxPayRoutes(app: FastifyInstance, deps: SandboxPayDeps): Promise<void> {
  const provider = deps.providers.get(SANDBOX)
  if (!(provider instanceof SandboxPaymentProvider)) return
  // The forms post an empty urlencoded body; nothing in it is read.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body))

  // The provider's signed notice of the payer's decision, delivered to our own notify handler
  // exactly as a real provider's would arrive (the hosted page and the cashier both end here).
  const decide = (payId: string, view: HostedPaymentView, decision: 'approve' | 'decline') => {
    const now = new Date()
    const notice = provider.signNotice({
      payId,
      providerRef: view.providerRef || provider.providerRefOf(payId),
      result: decision === 'approve' ? 'paid' : 'declined',
      amount: view.amount,
      at: now.toISOString()
    })
    return handleNotice(deps, SANDBOX, notice.body, notice.headers, now)
  }

  // A wrong or missing key looks exactly like an unknown payment: nothing tells which ids exist.
  const notFound = (request: { headers: Record<string, unknown> }, reply: FastifyReply) => {
    const locale = localeFromAcceptLanguage(request.headers['accept-language'] as string | undefined)
    return sendPage(reply.code(404), locale, messagePage(locale, 'sandboxPay.notFound', null))
  }

  app.get<{ Params: Params; Querystring: Query }>('/sandbox-pay/:payId', async (request, reply) => {
    const locale = localeFromAcceptLanguage(request.headers['accept-language'])
    if (!provider.isPageKey(request.params.payId, request.query[SANDBOX_PAGE_KEY])) return notFound(request, reply)
    const view = await hostedPaymentView(deps.db, request.params.payId, SANDBOX)
    if (!view) return notFound(request, reply)
    const returnUrl = await safeReturnUrl(deps.db, view, publicOrigin(request, deps.config))
    return sendPage(reply, locale, paymentPage(locale, view, returnUrl, provider))
  })

  // A host stand-in's cashier (docs/hosts.md "The sandbox cashier"): JSON in, JSON out.
  app.post('/sandbox-pay/cashier', async (request, reply) => {
    const answer = (code: number, body: Record<string, unknown>) => reply.code(code).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(body)
    let params: Record<string, unknown>
    try {
      params = JSON.parse(typeof request.body === 'string' ? request.body : '') as Record<string, unknown>
    } catch {
      return answer(400, { ok: false, reason: 'malformed' })
    }
    const decision = params?.decision
    if (!params || typeof params !== 'object' || (decision !== 'approve' && decision !== 'decline' && decision !== 'cancel')) return answer(400, { ok: false, reason: 'malformed' })
    const payId = provider.cashierPayId(params)
    const view = payId ? await hostedPaymentView(deps.db, payId, SANDBOX) : null
    // Not issued here, or by another deployment: the same answer whether or not the id exists.
    if (!payId || !view) return answer(404, { ok: false, reason: 'unknown' })
    if (view.superseded) return answer(409, { ok: false, reason: 'superseded' })
    if (view.status !== PAYMENT_STATUS.PENDING) return answer(409, { ok: false, reason: 'settled', result: view.status === PAYMENT_STATUS.DECLINED ? 'declined' : 'paid' })
    // The payer closed the cashier: nothing is decided, the payment stays pending.
    if (decision === 'cancel') return answer(200, { ok: true, result: 'cancelled', ...CASHIER_REPORTS.cancelled })
    const delivered = await decide(payId, view, decision)
    if (delivered.httpStatus !== 200) {
      request.log.error({ payId, ...delivered }, 'sandbox cashier notice was refused by our own notify handler')
      return answer(502, { ok: false, reason: `notice refused: ${delivered.outcome}` })
    }
    const result = decision === 'approve' ? 'paid' : 'declined'
    return answer(200, { ok: true, result, ...CASHIER_REPORTS[result] })
  })

  app.post<{ Params: Params & { decision: string }; Querystring: Query }>('/sandbox-pay/:payId/:decision', async (request, reply) => {
    const { payId, decision } = request.params
    if (decision !== 'approve' && decision !== 'decline') return notFound(request, reply)
    if (!provider.isPageKey(payId, request.query[SANDBOX_PAGE_KEY])) return notFound(request, reply)
    const view = await hostedPaymentView(deps.db, payId, SANDBOX)
    if (!view) return notFound(request, reply)
    // Only a pending, current payment can be decided; otherwise show what it is now.
    if (view.status !== PAYMENT_STATUS.PENDING || view.superseded) return reply.redirect(provider.pagePath(payId), 303)
    const delivered = await decide(payId, view, decision)
    if (delivered.httpStatus !== 200) {
      request.log.error({ payId, ...delivered }, 'sandbox notice was refused by our own notify handler')
      return reply.code(502).type('text/plain; charset=utf-8').send(`notice refused: ${delivered.outcome}`)
    }
    return reply.redirect(await safeReturnUrl(deps.db, view, publicOrigin(request, deps.config)), 303)
  })
}

/** What each host's cashier API reports for an outcome (requestPayment errMsg, getBrandWCPayRequest err_msg, tradePay resultCode). */
const CASHIER_REPORTS = {
  paid: { errMsg: 'requestPayment:ok', err_msg: 'get_brand_wcpay_request:ok', resultCode: '9000' },
  declined: { errMsg: 'requestPayment:fail sandbox declined', err_msg: 'get_brand_wcpay_request:fail', resultCode: '4000' },
  cancelled: { errMsg: 'requestPayment:fail cancel', err_msg: 'get_brand_wcpay_request:cancel', resultCode: '6001' }
} as const

/** The stored return URL when it is still ours (checked again: never an open redirect), else the app's root. */
async function safeReturnUrl(db: Kysely<Database>, view: HostedPaymentView, origin: string): Promise<string> {
  return checkReturnUrl(view.returnUrl, await allowedReturnOrigins(db, view.entId, origin)) ?? '/'
}

function sendPage(reply: FastifyReply, locale: Locale, body: string): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
    .header('x-content-type-options', 'nosniff')
    // The URL holds the payment's key: it must not travel on in a Referer.
    .header('referrer-policy', 'no-referrer')
    .header('content-language', locale)
    .type('text/html; charset=utf-8')
    .send(body)
}

function paymentPage(locale: Locale, view: HostedPaymentView, returnUrl: string, provider: SandboxPaymentProvider): string {
  const t = (key: MessageKey, params?: Record<string, string>) => escapeHtml(translate(locale, key, params))
  const recharge = view.kind === 'recharge'
  const amount = escapeHtml(formatMoney(view.amount, view.money.amoPoint, view.money.currency))
  const state: MessageKey | null = view.superseded
    ? 'sandboxPay.superseded'
    : view.status === PAYMENT_STATUS.PAID
      ? 'sandboxPay.paid'
      : view.status === PAYMENT_STATUS.DECLINED
        ? 'sandboxPay.declined'
        : view.status === PAYMENT_STATUS.REFUND_DUE
          ? 'sandboxPay.refundDue'
          : view.status === PAYMENT_STATUS.REFUNDED
            ? 'sandboxPay.refunded'
            : null
  const action = (decision: string) => provider.pagePath(view.payId, `/${decision}`)
  const body = state
    ? `<p class="state" role="status">${t(state)}</p>
    <a class="button back" href="${escapeHtml(returnUrl)}">${t(recharge ? 'sandboxPay.backRecharge' : 'sandboxPay.back')}</a>`
    : `<form method="post" action="${escapeHtml(action('approve'))}"><button class="button approve" type="submit">${t('sandboxPay.approve')}</button></form>
    <form method="post" action="${escapeHtml(action('decline'))}"><button class="button decline" type="submit">${t('sandboxPay.decline')}</button></form>`
  return page(
    locale,
    t('sandboxPay.title'),
    `<section class="card">
    ${recharge ? `<span class="kind" data-testid="kind">${t('sandboxPay.rechargeTitle')}</span>` : ''}
    <dl>
      <dt class="label">${t('sandboxPay.payTo')}</dt>
      <dd><h1 class="shop">${escapeHtml(pickText(view.shopNames, locale))}</h1></dd>
      <dt class="label">${t('sandboxPay.amount')}</dt>
      <dd class="amount" data-testid="amount">${amount}</dd>
    </dl>
    <p class="meta">${recharge ? t('sandboxPay.recharge', { recharge: view.refId }) : `${t('sandboxPay.order', { order: view.refId })} · ${escapeHtml(view.payId)}`}</p>
  </section>
  <section class="actions">
    ${body}
  </section>`
  )
}

function messagePage(locale: Locale, key: MessageKey, backUrl: string | null): string {
  const t = (k: MessageKey) => escapeHtml(translate(locale, k))
  return page(
    locale,
    t('sandboxPay.title'),
    `<section class="card"><p class="state" role="status">${t(key)}</p></section>${
      backUrl ? `<section class="actions"><a class="button back" href="${escapeHtml(backUrl)}">${t('sandboxPay.back')}</a></section>` : ''
    }`
  )
}

function page(locale: Locale, title: string, main: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft JhengHei",sans-serif;background:#f4f5f7;color:#1f2329}
  .banner{background:#b3261e;color:#fff;text-align:center;font-weight:700;letter-spacing:.04em;padding:12px 16px}
  .banner small{display:block;font-weight:400;letter-spacing:0;font-size:13px;opacity:.92}
  main{max-width:480px;margin:0 auto;padding:16px}
  .card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
  dl,dd{margin:0}
  .label{margin:0;color:#595f6b;font-size:14px}
  .kind{margin:0 0 12px;display:inline-block;background:#eef2ff;color:#3730a3;border-radius:6px;padding:2px 10px;font-size:14px;font-weight:600}
  .shop{margin:2px 0 16px;font-size:20px;font-weight:600}
  .amount{margin:2px 0 12px;font-size:36px;font-weight:700;font-variant-numeric:tabular-nums}
  .meta{margin:0;color:#595f6b;font-size:12px;word-break:break-all}
  .state{margin:0;font-size:17px}
  .actions{margin-top:20px;display:flex;flex-direction:column;gap:12px}
  form{margin:0}
  .button{display:block;width:100%;min-height:48px;border:0;border-radius:10px;font-size:17px;font-weight:600;text-align:center;text-decoration:none;padding:12px;cursor:pointer}
  .approve{background:#1a7f37;color:#fff}
  .decline{background:#fff;color:#b3261e;border:1px solid #b3261e}
  .back{background:#1f2329;color:#fff}
</style>
</head>
<body>
<header class="banner">${escapeHtml(translate(locale, 'sandboxPay.banner'))}<small>${escapeHtml(translate(locale, 'sandboxPay.note'))}</small></header>
<main>
  ${main}
</main>
</body>
</html>`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)
}
