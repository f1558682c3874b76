/**
 * The device key: 32 random characters kept in local storage. The gateway sends it as
 * `X-Device-Key`; the server keeps only its hash, and the orders and payments made on this device
 * belong to it (until the members issue adds signed-in members).
 */
import type { KeyValueStorage } from '../hosts/host'

export const DEVICE_KEY_STORAGE = 'scanorder.deviceKey'
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function deviceKey(storage: KeyValueStorage, random: () => number = Math.random): string {
  const stored = storage.get(DEVICE_KEY_STORAGE)
  if (typeof stored === 'string' && /^[A-Za-z0-9]{32}$/.test(stored)) return stored
  let key = ''
  for (let i = 0; i < 32; i++) key += ALPHABET[Math.floor(random() * ALPHABET.length) % ALPHABET.length]
  storage.set(DEVICE_KEY_STORAGE, key)
  return key
}
