/**
 * The H5 host browsers' login (issue 14; spec §4 Login, §6, §7 GET user-info calls, §8 host errors):
 * authorise with the host and back with a code, the code exchanged by the host's own user-info
 * call on our server (chat-app: code + appid → code/data; transit-payment: code + IsDebug →
 * code/msg/data; wallet: code → errcode/data, retried while errcode ≠ 0, a few times) or, for the
 * super-app and the third-party login, ThirdPartyAccessTokenGet + ThirdPartyUserInfoGet. What
 * comes back is a checked identity (OpenID + AccessToken) and the host profile; MemberStore then
 * logs in by open id and registers on 42000.
 *
 * Pure of the browser: the host part (HostLogin) reads and removes the code from the address.
 */
import type { HostUserRow, HostLoginKind, WalletUserInfoAnswer, WechatUserInfoAnswer } from '../../gateway/host-login-rows'
import type { HttpRequest, HttpResponse, KeyValueStorage } from '../../hosts/host'
import type { AuthorizeReturn } from '../../hosts/host-login'
import { wait } from '../../core/wait'

/** Where the authorise round trip's state waits while the diner is at the host's page. */
export const HOST_LOGIN_PENDING = 'hostLoginPending'
/** Wallet: errcode ≠ 0 is asked again this many times in all (spec §8 "retry"; bounded). */
export const WALLET_TRIES = 3
/** A round trip older than this is not resumed (the host's codes live 5 minutes). */
const PENDING_MAX_MS = 10 * 60_000

export interface PendingLogin {
  kind: HostLoginKind
  state: string
  appId: string
  /** The route to come back to. */
  back: string
  at: number
}

export function savePending(storage: KeyValueStorage, pending: PendingLogin): void {
  storage.set(HOST_LOGIN_PENDING, JSON.stringify(pending))
}

/** The pending round trip (removed: a state is good for one return). */
export function takePending(storage: KeyValueStorage, now: number): PendingLogin | null {
  const text = storage.get(HOST_LOGIN_PENDING)
  storage.remove(HOST_LOGIN_PENDING)
  if (!text) return null
  try {
    const p = JSON.parse(text) as PendingLogin
    return typeof p.state === 'string' && p.state && now - p.at < PENDING_MAX_MS ? p : null
  } catch {
    return null
  }
}

/**
 * What a return to the app means: go on with the code; or the diner said no / the code is bad
 * (offer to authorise again); or it was not started here (state mismatch: CSRF or a stale link).
 */
export function checkReturn(ret: AuthorizeReturn, pending: PendingLogin | null, kind: HostLoginKind): { code: string } | { problem: 'refused' | 'state' } {
  if (!pending || pending.kind !== kind || pending.state !== ret.state) return { problem: 'state' }
  if ('error' in ret) return { problem: 'refused' }
  return { code: ret.code }
}

export type Exchange = { ok: true; user: HostUserRow } | { ok: false; reauthorize: true } | { ok: false; reauthorize: false; message: string }

export interface ExchangeDeps {
  request(req: HttpRequest): Promise<HttpResponse>
  /** The server's origin ('' = this page's). */
  base: string
  entId: string
  lang: string
  /** The pause between a busy answer and the next try (core/wait: 1000 ms by default, spec §9). */
  wait?: () => Promise<void>
}

const get = (deps: ExchangeDeps, path: string, query: Record<string, string>): Promise<HttpResponse> =>
  deps.request({
    url: `${deps.base}${path}?${new URLSearchParams({ ...query, EntID: deps.entId, lang: deps.lang }).toString()}`,
    method: 'GET',
    headers: {},
    body: '',
    timeoutMs: 60000
  })

/** The authorise URL and app id for this host, from our server. */
export async function authorizeAt(deps: ExchangeDeps, kind: HostLoginKind, redirectUri: string, state: string): Promise<{ AuthorizeUrl: string; AppID: string } | null> {
  const res = await get(deps, `/host-auth/${kind}/authorize`, { redirect_uri: redirectUri, state })
  const body = res.data as { code?: number; data?: { AuthorizeUrl: string; AppID: string } }
  return body?.code === 0 && body.data ? body.data : null
}

/** The chat-app, transit-payment and wallet user-info calls (spec §7), each with its host's rule for a failure (spec §8). */
export async function exchangeByUserInfo(deps: ExchangeDeps, kind: 'wechat' | 'alipay' | 'alipayhk' | 'wallet', code: string, appId: string): Promise<Exchange> {
  if (kind === 'wechat') {
    // Non-zero code: authorise again.
    const body = (await get(deps, '/host-auth/wechat/userinfo', { code, appid: appId })).data as WechatUserInfoAnswer
    return body?.code === 0 && body.data ? { ok: true, user: body.data } : { ok: false, reauthorize: true }
  }
  if (kind === 'wallet') {
    // errcode ≠ 0: ask again (the wallet's service answers busy at times), a bounded number of times.
    for (let i = 0; i < WALLET_TRIES; i++) {
      if (i > 0) await (deps.wait ?? (() => wait()))()
      const body = (await get(deps, '/host-auth/wallet/userinfo', { code })).data as WalletUserInfoAnswer
      if (body?.errcode === 0 && body.data) return { ok: true, user: body.data }
    }
    return { ok: false, reauthorize: true }
  }
  // Transit-payment: a non-zero code shows the server's message.
  const body = (await get(deps, `/host-auth/${kind}/userinfo`, { code, IsDebug: '0' })).data as WechatUserInfoAnswer
  if (body?.code === 0 && body.data) return { ok: true, user: body.data }
  return { ok: false, reauthorize: false, message: typeof body?.msg === 'string' && body.msg ? body.msg : String(body?.code ?? '') }
}
