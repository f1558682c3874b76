/**
 * A request key for one attempt at something the server must do once (a payment, a recharge):
 * a prefix, the time and 10 random characters. The caller keeps it for as long as the attempt
 * lasts, so a retry, a double tap or a lost answer sends the same key.
 */
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function newRequestKey(prefix: string, now: number, random: () => number = Math.random): string {
  let key = `${prefix}${now}`
  for (let i = 0; i < 10; i++) key += KEY_ALPHABET[Math.floor(random() * KEY_ALPHABET.length) % KEY_ALPHABET.length]
  return key
}
