/**
 * Passwords and PINs are kept only as scrypt hashes (RFC 7914; node:crypto, no native package),
 * checked on the server, never sent to a device. A 4–6 digit PIN has at most a million values, so
 * a stolen hash could be searched offline; scrypt's cost (N = 2^15, about 100 ms and 32 MiB here)
 * makes that a matter of days per PIN rather than seconds, and online the device locks after a few
 * wrong PINs (staff.service.ts). Format: 'scrypt$N$r$p$salt$hash' (base64url), so the cost can rise
 * later without breaking stored hashes.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt's cost parameter for every hash the server makes. */
export const SECRET_HASH_COST = 1 << 15
let N = SECRET_HASH_COST
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

/**
 * The test suites' cost (tests/server/low-secret-cost.ts, tests/e2e/harness.ts): their thousand
 * or so hashes and checks at 2^15 took about 130 ms of CPU each, a sixth of the operation tests'
 * time. Only code calls it, never a setting, and it refuses under NODE_ENV=production; a hash
 * names the cost it was made with, so every check reads its own.
 */
export function lowerSecretHashCostForTests(n: number): void {
  if (process.env.NODE_ENV === 'production') throw new Error('the staff secret hash cost is lowered only in tests')
  if (!Number.isInteger(Math.log2(n)) || n < 2 || n > SECRET_HASH_COST) throw new Error(`scrypt cost must be a power of two up to ${SECRET_HASH_COST}`)
  N = n
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
