/**
 * "Sign in with the host" on H5 (issue 14): what the app needs of a host browser to run its OAuth
 * login. The browser-specific parts (reading the code the authorise page sent back and taking it
 * out of the address, the super-app's SDK instance, leaving for the authorise page) live in
 * host-login-web.h5.ts, loaded on first use; the flow itself is src/features/member/host-login.ts.
 */
import type { HostLoginKind } from '../gateway/host-login-rows'
import type { SubHost } from './host'

export type { HostLoginKind }

/** What the authorise page sent back in the address: a code, or the diner's refusal; with the state. */
export type AuthorizeReturn = { code: string; state: string } | { error: string; state: string }

/** A host step failed in a way the diner is told: 'instance' = 'failed to create instance' (spec §8). */
export class HostLoginError extends Error {
  constructor(readonly reason: 'instance') {
    super(reason === 'instance' ? 'failed to create instance' : reason)
    this.name = 'HostLoginError'
  }
}

export interface HostLogin {
  readonly kind: HostLoginKind
  /** The authorise page's answer in this page's address, once: it is removed from the address (no replay on reload or back). */
  takeReturn(): AuthorizeReturn | null
  /** A fresh random state (CSRF): the app keeps it and checks it when the diner comes back. */
  newState(): string
  /** What the host needs before it authorises (the super-app's SDK instance); throws HostLoginError. */
  prepare(appId: string): Promise<void>
  /** Leaves for the authorise page (replacing this entry: Back does not land on a page that leaves again). */
  leaveTo(url: string): void
}

/** The host browsers that sign a diner in with their own identity, by the H5 sub-host. */
export function hostLoginKindOf(subHost: SubHost): HostLoginKind | null {
  switch (subHost) {
    case 'wechat':
    case 'alipay':
    case 'alipayhk':
    case 'wallet':
    case 'superapp':
    case 'thirdparty':
      return subHost
    default:
      return null
  }
}
