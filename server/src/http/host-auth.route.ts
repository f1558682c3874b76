/**
 * The H5 host browsers' login (issue 14; spec §7 "separate GET calls by code for host user info",
 * §8 host errors), outside the gateway envelope:
 *
 *   GET /host-auth/:kind/authorize?EntID&redirect_uri&state   → { code: 0, data: { AuthorizeUrl, AppID } }
 *   GET /host-auth/wechat/userinfo?code&appid&EntID           → chat-app: { code, msg, data }
 *   GET /host-auth/alipay/userinfo?code&IsDebug&EntID         → transit-payment: { code, msg, data }
 *       (IsDebug=1, the host's debug environment, is a bad request in production)
 *       (/host-auth/alipayhk/userinfo the same for the HK variant)
 *   GET /host-auth/wallet/userinfo?code&EntID                 → wallet: { errcode, errmsg, data }
 *
 * data is a HostUserRow (src/gateway/host-login-rows.ts): the open id, an AccessToken this server
 * signed for it (VipLoginByOpenID / VipRegister take it), nickname and picture. Codes besides 0
 * (HOST_AUTH_CODES): 40029 the code was refused, used or expired (authorise again), 45009 the host
 * could not answer now (the code is still good), 40001 a bad request. msg / errmsg in the caller's
 * language (`lang`, else Accept-Language). The super-app and the third-party login exchange their
 * codes through ThirdPartyAccessTokenGet with HostKind instead (they are gateway callers).
 *
 * With the DEVELOPMENT host login (IDENTITY_PROVIDER=development) this file also serves its
 * authorise page: GET /dev-auth/:kind/authorize (marked DEVELOPMENT, choose a test user or refuse),
 * POST /dev-auth/:kind/authorize (issues a one-time code, 303 back to redirect_uri with code and
 * state), and the test users' pictures GET /dev-auth/avatar/:file.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Locale } from '../../../src/gateway/contract'
import { HOST_AUTH_CODES, type HostUserRow } from '../../../src/gateway/host-login-rows'
import type { MessageKey } from '../../../src/i18n/catalogues'
import { isLocale, localeFromAcceptLanguage } from '../../../src/i18n/language'
import { translate } from '../../../src/i18n/translate'
import type { ServerConfig } from '../config'
import { DomainError, EnvelopeError } from '../domain/errors'
import { countHostCodeExchange } from '../domain/members/host-code-limit'
import { hostAuthorize, hostLoginKind, hostUser, HostLoginRequestError } from '../domain/members/host-login.service'
import { allowedReturnOrigins } from '../domain/payments/payment.service'
import { checkReturnUrl } from '../domain/payments/return-url'
import { DEV_AVATAR_PATH, DEV_TEST_USERS, DevelopmentHostLoginProvider } from '../providers/identity/development-host-login.provider'
import { HostUnavailableError, isHostLoginKind, type HostLoginKind, type HostLoginProviders } from '../providers/identity/identity-provider'
import type { Database } from '../storage/schema'
import { clientAddress } from './client-address'
import { publicOrigin } from './public-origin'

export interface HostAuthDeps {
  db: Kysely<Database>
  hostLogin: HostLoginProviders
  config: ServerConfig
}

type Query = Record<string, unknown>

/** The outcome of a user-info call, before each host's answer shape. */
type Outcome = { ok: true; data: HostUserRow } | { ok: false; code: number; key: MessageKey }

export async function hostAuthRoutes(app: FastifyInstance, deps: HostAuthDeps): Promise<void> {
  const locale = (request: FastifyRequest<{ Querystring: Query }>): Locale => {
    const lang = request.query.lang
    return isLocale(lang) ? lang : localeFromAcceptLanguage(request.headers['accept-language'])
  }
  const json = (reply: FastifyReply, body: unknown) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(body)

  app.get<{ Params: { kind: string }; Querystring: Query }>('/host-auth/:kind/authorize', async (request, reply) => {
    try {
      const data = await hostAuthorize(deps.db, deps.hostLogin, {
        kind: hostLoginKind(request.params.kind),
        entId: request.query.EntID,
        redirectUri: request.query.redirect_uri,
        state: request.query.state,
        origin: publicOrigin(request, deps.config)
      })
      return json(reply, { code: 0, msg: '', data })
    } catch (e) {
      if (!(e instanceof HostLoginRequestError)) throw e
      return json(reply.code(400), { code: HOST_AUTH_CODES.BAD_REQUEST, msg: `${translate(locale(request), 'hostLogin.devBadRequest')} (${e.field})` })
    }
  })

  const userInfo = async (request: FastifyRequest<{ Querystring: Query }>, kind: HostLoginKind, extra: { debug?: boolean; appId?: unknown }): Promise<Outcome> => {
    try {
      // A real host's quota is the deployment's: made-up codes are bounded per client address
      // (the code is not sent on; the host's "ask again" code, so the app may retry later).
      if (deps.config.identityProvider !== 'development') {
        await countHostCodeExchange({ db: deps.db, clientIp: clientAddress(request.ip), now: new Date(), ratePerMinute: deps.config.hostCodeRatePerMinute })
      }
      const data = await hostUser(deps.db, deps.hostLogin, {
        kind,
        entId: request.query.EntID,
        code: request.query.code,
        ...extra,
        origin: publicOrigin(request, deps.config),
        now: new Date()
      })
      return { ok: true, data }
    } catch (e) {
      if (e instanceof HostLoginRequestError) return { ok: false, code: HOST_AUTH_CODES.BAD_REQUEST, key: 'hostLogin.devBadRequest' }
      if (e instanceof EnvelopeError && e.code === 'RATE_LIMITED') return { ok: false, code: HOST_AUTH_CODES.HOST_BUSY, key: 'errcode.10009' }
      if (e instanceof DomainError && e.code === 'ACCESS_TOKEN_INVALID') return { ok: false, code: HOST_AUTH_CODES.CODE_REFUSED, key: 'resultcode.20040' }
      if (e instanceof HostUnavailableError) {
        request.log.warn({ kind, err: e.message }, 'host identity service unavailable')
        return { ok: false, code: HOST_AUTH_CODES.HOST_BUSY, key: 'network.error' }
      }
      throw e
    }
  }

  // chat-app: { code, msg, data }.
  app.get<{ Querystring: Query }>('/host-auth/wechat/userinfo', async (request, reply) => {
    const out = await userInfo(request, 'wechat', { appId: request.query.appid ?? '' })
    return json(reply, out.ok ? { code: 0, msg: '', data: out.data } : { code: out.code, msg: translate(locale(request), out.key) })
  })

  // transit-payment (payment-app and its HK variant): { code, msg, data }; IsDebug asks the host's debug environment.
  // Its test accounts are anyone's to make, so a production server never signs what it says (the code stays unused).
  for (const kind of ['alipay', 'alipayhk'] as const) {
    app.get<{ Querystring: Query }>(`/host-auth/${kind}/userinfo`, async (request, reply) => {
      const debug = request.query.IsDebug === '1'
      const out: Outcome = debug && deps.config.production ? { ok: false, code: HOST_AUTH_CODES.BAD_REQUEST, key: 'hostLogin.devBadRequest' } : await userInfo(request, kind, { debug })
      return json(reply, out.ok ? { code: 0, msg: '', data: out.data } : { code: out.code, msg: translate(locale(request), out.key) })
    })
  }

  // wallet: { errcode, errmsg, data }.
  app.get<{ Querystring: Query }>('/host-auth/wallet/userinfo', async (request, reply) => {
    const out = await userInfo(request, 'wallet', {})
    return json(reply, out.ok ? { errcode: 0, errmsg: '', data: out.data } : { errcode: out.code, errmsg: translate(locale(request), out.key) })
  })

  // The DEVELOPMENT authorise page exists only while the development host login is the configured one.
  if (Object.values(deps.hostLogin).every((p) => p instanceof DevelopmentHostLoginProvider)) await devAuthorizeRoutes(app, deps, locale)
}

async function devAuthorizeRoutes(app: FastifyInstance, deps: HostAuthDeps, locale: (r: FastifyRequest<{ Querystring: Query }>) => Locale): Promise<void> {
  // The page's form posts a small urlencoded body.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, new URLSearchParams(body as string)))

  /** The request's kind, app id, redirect and state when they are ours, else null. */
  const checked = async (request: FastifyRequest<{ Params: { kind: string }; Querystring: Query }>) => {
    const { kind } = request.params
    if (!isHostLoginKind(kind)) return null
    const provider = deps.hostLogin[kind] as DevelopmentHostLoginProvider
    const { app_id: appId, redirect_uri: redirectUri, state } = request.query
    if (appId !== provider.appId || typeof redirectUri !== 'string' || typeof state !== 'string' || !/^[A-Za-z0-9_-]{16,128}$/.test(state)) return null
    // Every origin the app may be served from: a redirect elsewhere would hand the code to a stranger.
    const origin = publicOrigin(request, deps.config)
    const entOrigins = new Set<string>([origin])
    const ents = await deps.db.selectFrom('enterprises').select('ent_id').execute()
    for (const e of ents) for (const o of await allowedReturnOrigins(deps.db, e.ent_id, origin)) entOrigins.add(o)
    const back = checkReturnUrl(redirectUri, [...entOrigins])
    if (back === null || back.startsWith('/')) return null
    return { kind, provider, redirectUri: back, state }
  }

  const badRequest = (request: FastifyRequest<{ Querystring: Query }>, reply: FastifyReply) => {
    const l = locale(request)
    return sendPage(reply.code(400), l, page(l, translate(l, 'hostLogin.devTitle'), `<p class="state" role="alert">${escapeHtml(translate(l, 'hostLogin.devBadRequest'))}</p>`))
  }

  app.get<{ Params: { kind: string }; Querystring: Query }>('/dev-auth/:kind/authorize', async (request, reply) => {
    const ok = await checked(request)
    if (!ok) return badRequest(request, reply)
    const l = locale(request)
    const t = (key: MessageKey, params?: Record<string, string>) => escapeHtml(translate(l, key, params))
    const host = translate(l, `host.${ok.kind}` as MessageKey)
    const action = escapeHtml(request.url)
    const users = DEV_TEST_USERS.map(
      (u, i) =>
        `<label class="user"><input type="radio" name="user" value="${escapeHtml(u.openId)}"${i === 0 ? ' checked' : ''}> <span>${escapeHtml(u.nickname)}</span> <code>${escapeHtml(u.openId)}</code></label>`
    ).join('\n')
    return sendPage(
      reply,
      l,
      page(
        l,
        t('hostLogin.devTitle'),
        `<p class="banner" role="note"><strong>DEVELOPMENT</strong> ${t('hostLogin.devBanner', { host })}</p>
  <h1>${t('hostLogin.devTitle')} · ${escapeHtml(host)}</h1>
  <form method="post" action="${action}">
    <fieldset><legend>${t('hostLogin.devChoose')}</legend>
    ${users}
    </fieldset>
    <button class="button approve" type="submit" name="decision" value="allow">${t('hostLogin.devContinue')}</button>
    <button class="button decline" type="submit" name="decision" value="refuse">${t('hostLogin.devRefuse')}</button>
  </form>`
      )
    )
  })

  app.post<{ Params: { kind: string }; Querystring: Query; Body: URLSearchParams }>('/dev-auth/:kind/authorize', async (request, reply) => {
    const ok = await checked(request)
    if (!ok) return badRequest(request, reply)
    const back = new URL(ok.redirectUri)
    const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams()
    if (body.get('decision') === 'allow') {
      const code = await ok.provider.issueCode(body.get('user') ?? '', new Date())
      if (!code) return badRequest(request, reply)
      back.searchParams.set('code', code)
    } else {
      // What OAuth servers send back when the user says no.
      back.searchParams.set('error', 'access_denied')
    }
    back.searchParams.set('state', ok.state)
    return reply.header('referrer-policy', 'no-referrer').redirect(back.toString(), 303)
  })

  app.get<{ Params: { file: string } }>('/dev-auth/avatar/:file', async (request, reply) => {
    const user = DEV_TEST_USERS.find((u) => u.hasPicture && DEV_AVATAR_PATH(u.openId) === `/dev-auth/avatar/${request.params.file}`)
    if (!user) return reply.code(404).send('not found')
    const hue = [...user.openId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7)
    return reply
      .header('cache-control', 'public, max-age=86400')
      .type('image/svg+xml')
      .send(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="${escapeHtml(user.nickname)}"><rect width="96" height="96" rx="48" fill="hsl(${hue} 45% 38%)"/><text x="48" y="62" font-size="44" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeHtml(user.nickname[0])}</text></svg>`
      )
  })
}

function sendPage(reply: FastifyReply, locale: Locale, body: string): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('content-language', locale)
    .type('text/html; charset=utf-8')
    .send(body)
}

function page(locale: Locale, title: string, main: string): string {
  return `<!doctype html>
<html lang="${locale === 'en' ? 'en' : locale === 'zh-CN' ? 'zh-Hans' : 'zh-Hant'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;padding:16px;font:16px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Microsoft JhengHei",sans-serif;background:#f4f5f7;color:#1f2329}
  main{max-width:480px;margin:0 auto}
  .banner{background:#7a1f00;color:#fff;padding:12px 14px;border-radius:8px;margin:0 0 16px}
  h1{font-size:20px;margin:0 0 12px}
  fieldset{border:1px solid #c9ccd1;border-radius:8px;background:#fff;margin:0 0 16px;padding:8px 12px}
  legend{padding:0 4px;font-weight:600}
  .user{display:flex;align-items:center;gap:8px;min-height:48px}
  .user input{width:22px;height:22px}
  code{color:#4e5561;font-size:14px}
  .button{display:block;width:100%;min-height:48px;margin:0 0 12px;border-radius:24px;font-size:17px;border:0;cursor:pointer}
  .approve{background:#1f2329;color:#fff}
  .decline{background:#fff;color:#1f2329;border:1px solid #1f2329}
  .state{background:#fff;padding:16px;border-radius:8px}
</style>
</head>
<body><main>
${main}
</main></body>
</html>`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string)
}
