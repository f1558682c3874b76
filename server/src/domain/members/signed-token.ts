/**
 * Small tokens this server signs and later checks itself (an identity AccessToken, a phone-change
 * ticket): base64url(JSON payload) + '.' + base64url(HMAC-SHA256). The key is a server secret
 * (server_secrets), so every process agrees and a restart keeps them valid. Not encrypted: they
 * carry nothing the holder may not see.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../../storage/schema'
import { getOrCreateSecret } from '../secrets/server-secret'

/** Every payload carries its expiry (seconds since the epoch) as `exp`. */
export interface SignedPayload {
  exp: number
}

export async function signToken(db: Kysely<Database>, secretName: string, payload: SignedPayload): Promise<string> {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return `${body}.${mac(await getOrCreateSecret(db, secretName), body)}`
}

/** The payload of a token this server signed with `secretName`, unexpired at `now`; else null. */
export async function verifyToken<P extends SignedPayload>(db: Kysely<Database>, secretName: string, token: string, now: Date): Promise<P | null> {
  const match = /^([A-Za-z0-9_-]{1,2000})\.([A-Za-z0-9_-]{43})$/.exec(token.trim())
  if (!match) return null
  const expected = Buffer.from(mac(await getOrCreateSecret(db, secretName), match[1]))
  const given = Buffer.from(match[2])
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  let payload: unknown
  try {
    payload = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!payload || typeof payload !== 'object' || typeof (payload as SignedPayload).exp !== 'number') return null
  return (payload as P).exp * 1000 > now.getTime() ? (payload as P) : null
}

const mac = (secret: string, body: string): string => createHmac('sha256', secret).update(body).digest('base64url')
