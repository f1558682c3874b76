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
  /**
   * Antom's reports on its SFTP server, for npm run payments -- reconcile only (alipayhk.bill.ts;
   * the server's start never needs them). Antom's technical support gives the login.
   */
  sftp: AlipayHkSftpSettings
}

export interface AlipayHkSftpSettings {
  /** ALIPAYHK_SFTP_HOST: 'isftp.alipay.com' (Antom's documented host; 'sftp.alipay.com' the alternative). */
  host: string | null
  /** ALIPAYHK_SFTP_PORT: 22. */
  port: number | null
  /** ALIPAYHK_SFTP_USER: the SFTP account Antom gives. */
  user: string | null
  /** ALIPAYHK_SFTP_PASSWORD: its password (Antom's documented login), or */
  password: string | null
  /** ALIPAYHK_SFTP_KEY_PATH: a private key file when Antom set the account up with our public key. */
  keyPath: string | null
  /** ALIPAYHK_SFTP_HOST_KEY: the server's host key fingerprint, 'SHA256:…' as ssh-keygen -l prints it; any other host key is refused. */
  hostKey: string | null
  /** ALIPAYHK_SFTP_DIR: the folder above the day folders, '/v1/settlements/<merchant id>' as Antom documents the path. */
  dir: string | null
}

export const ALIPAYHK_DEFAULT_SFTP_HOST = 'isftp.alipay.com'

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
    keyVersion: text(env.ALIPAYHK_KEY_VERSION) ?? '1',
    sftp: {
      host: text(env.ALIPAYHK_SFTP_HOST),
      port: text(env.ALIPAYHK_SFTP_PORT) === null ? null : Number(text(env.ALIPAYHK_SFTP_PORT)),
      user: text(env.ALIPAYHK_SFTP_USER),
      password: text(env.ALIPAYHK_SFTP_PASSWORD),
      keyPath: text(env.ALIPAYHK_SFTP_KEY_PATH),
      hostKey: text(env.ALIPAYHK_SFTP_HOST_KEY),
      dir: text(env.ALIPAYHK_SFTP_DIR)
    }
  }
}
