/**
 * The H5 host browsers' part of "sign in with the host" (HostLogin, ./host-login.ts): loaded on the
 * first sign-in, never on the first screen (index.h5.ts imports it lazily).
 */
import type { SubHost } from './host'
import { HostLoginError, hostLoginKindOf, type AuthorizeReturn, type HostLogin } from './host-login'

/** The super-app's JS SDK as its web view injects it (docs/hosts.md "Login per host"). */
interface SuperAppSdk {
  createInstance(options: { appId: string }): unknown
}

// Alipay's authorise page comes back with auth_code (and app_id, source, scope), not code.
const RETURN_KEYS = ['code', 'auth_code', 'app_id', 'source', 'scope', 'state', 'error', 'error_description']

export function hostLoginFor(subHost: SubHost): HostLogin | null {
  const kind = hostLoginKindOf(subHost)
  if (!kind) return null
  return {
    kind,
    takeReturn,
    newState() {
      const bytes = new Uint8Array(18)
      crypto.getRandomValues(bytes)
      return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
    },
    async prepare(appId) {
      if (kind !== 'superapp') return
      const sdk = (window as unknown as { SuperAppSDK?: SuperAppSdk }).SuperAppSDK
      let instance: unknown = null
      try {
        instance = sdk ? await sdk.createInstance({ appId }) : null
      } catch {
        instance = null
      }
      if (!instance) throw new HostLoginError('instance')
      ;(window as unknown as { __superAppInstance?: unknown }).__superAppInstance = instance
    },
    leaveTo(url) {
      window.location.replace(url)
    }
  }
}

/** code/state (or error/state) from the address's search part, then removed from the address. */
function takeReturn(): AuthorizeReturn | null {
  const url = new URL(window.location.href)
  const state = url.searchParams.get('state') ?? ''
  const code = url.searchParams.get('code') ?? url.searchParams.get('auth_code')
  const error = url.searchParams.get('error')
  if (!code && !error) return null
  for (const key of RETURN_KEYS) url.searchParams.delete(key)
  // The same history entry without the code: a reload or Back does not offer it again.
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
  return code ? { code, state } : { error: error as string, state }
}
