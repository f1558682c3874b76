/**
 * The signed-in member's session token, kept in host storage. The gateway sends it as
 * `Authorization: Bearer <token>`; the server keeps only its hash. Kept apart from the member
 * store so the first screen carries only these few lines (a token reader), not the member code;
 * the member store writes and removes it under MEMBER_TOKEN_STORAGE.
 */
import type { KeyValueStorage } from '../hosts/host'

export const MEMBER_TOKEN_STORAGE = 'scanorder.memberToken'

export function readMemberToken(storage: KeyValueStorage): string | null {
  const token = storage.get(MEMBER_TOKEN_STORAGE)
  return typeof token === 'string' && token ? token : null
}
