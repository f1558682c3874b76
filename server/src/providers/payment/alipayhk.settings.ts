/**
 * The AlipayHK settings (Alipay+ through Antom, Ant International's acquiring API) as the
 * environment gives them, read by loadConfig in server/src/config.ts (the one reader of
 * process.env). Nothing is checked or loaded here: alipayhk.provider.ts (alipayHkFromSettings)
 * does that when PAYMENT_PROVIDERS names 'alipayhk', and refuses to start with one line naming
 * every setting that is missing or wrong. docs/alipayhk.md says what each one is and where the
 * merchant finds it in the Antom Dashboard.
 */

export interface AlipayHkSettings {
  /** ALIPAYHK_CLIENT_ID: the Antom client id (Dashboard → Developer → Quick start); 'SANDBOX_…' for the sandbox. */
  clientId: string | null
  /** ALIPAYHK_PRIVATE_KEY_PATH: the merchant's RSA private key (2048 bits) whose public half is uploaded to Antom, PEM. */
  privateKeyPath: string | null
  /** ALIPAYHK_PRIVATE_KEY: the same key as PEM text or bare base64 (a secret store that injects it); the path wins. */
  privateKey: string | null
  /** ALIPAYHK_ANTOM_PUBLIC_KEY_PATH: Antom's public key (it signs answers and notifications), PEM. */
  antomPublicKeyPath: string | null
  /** ALIPAYHK_ANTOM_PUBLIC_KEY: the same as PEM text or bare base64 (as the Dashboard shows it); the path wins. */
  antomPublicKey: string | null
  /** ALIPAYHK_GATEWAY: Antom's origin ('https://open-sea-global.alipay.com', Asia); tests: the loopback fake. */
  gateway: string
  /** ALIPAYHK_KEY_VERSION: the keyVersion our Signature header names ('1'). */
  keyVersion: string
}

export const ALIPAYHK_DEFAULT_GATEWAY = 'https://open-sea-global.alipay.com'

type Env = Record<string, string | undefined>

const text = (value: string | undefined): string | null => {
  const t = value?.trim()
  return t ? t : null
}

export function alipayHkSettings(env: Env): AlipayHkSettings {
  return {
    clientId: text(env.ALIPAYHK_CLIENT_ID),
    privateKeyPath: text(env.ALIPAYHK_PRIVATE_KEY_PATH),
    privateKey: text(env.ALIPAYHK_PRIVATE_KEY),
    antomPublicKeyPath: text(env.ALIPAYHK_ANTOM_PUBLIC_KEY_PATH),
    antomPublicKey: text(env.ALIPAYHK_ANTOM_PUBLIC_KEY),
    gateway: text(env.ALIPAYHK_GATEWAY) ?? ALIPAYHK_DEFAULT_GATEWAY,
    keyVersion: text(env.ALIPAYHK_KEY_VERSION) ?? '1'
  }
}
