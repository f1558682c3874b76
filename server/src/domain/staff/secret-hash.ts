/**
 * Passwords and PINs are kept only as scrypt hashes (RFC 7914; node:crypto, no native package),
 * checked on the server, never sent to a device. A 4–6 digit PIN has at most a million values, so
 * a stolen hash could be searched offline; scrypt's cost (N = 2^15, about 100 ms and 32 MiB here)
 * makes that a matter of days per PIN rather than seconds, and online the device locks after a few
 * wrong PINs (staff.service.ts). Format: 'scrypt$N$r$p$salt$hash' (base64url), so the cost can rise
 * later without breaking stored hashes.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

const N = 1 << 15
const R = 8
const P = 1
const KEY_LENGTH = 32
// Node's default maxmem (32 MiB) is exactly 128·N·r: give scrypt room above it.
const MAX_MEM = 64 * 1024 * 1024

function derive(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEM }, (error, key) => (error ? reject(error) : resolve(key)))
  )
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(secret, salt, N, R, P)
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** Whether `secret` matches a stored hash; false for a malformed or missing one. */
export async function verifySecret(secret: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check, so a missing account is not told apart by timing.
    await derive(secret, DUMMY_SALT, N, R, P)
    return false
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(secret, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

const DUMMY_SALT = randomBytes(16)
