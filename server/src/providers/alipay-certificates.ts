/**
 * Alipay's certificate mode (公钥证书模式, docs/alipay.md "Certificate mode"): instead of Alipay's bare
 * public key, the merchant has three files from the open platform — the app's public-key certificate
 * (appCertPublicKey_<APPID>.crt), Alipay's public-key certificate (alipayCertPublicKey_RSA2.crt) and
 * Alipay's root certificate chain (alipayRootCert.crt). The official alipay-sdk does the protocol
 * with them (app_cert_sn and alipay_root_cert_sn in every signed request, answers and notices
 * checked with the public key in Alipay's certificate); this module only reads and checks the files
 * before the SDK sees them, so a wrong file refuses the start by name instead of failing each call.
 * Shared by the payment provider (payment/alipay.provider.ts, ALIPAY_*_CERT*) and the host sign-in
 * (identity/alipay.provider.ts, ALIPAY_MINI_APP_CERT*, ALIPAY_LOGIN_*_CERT*).
 */
import { createPublicKey, X509Certificate, type KeyObject } from 'node:crypto'
import fs from 'node:fs'

/**
 * The official alipay-sdk (and the ~300 modules under it), loaded the first time an Alipay app is
 * configured: a server taking WeChat Pay or the sandbox, a CLI and most test files never load it.
 */
let alipaySdkModule: typeof import('alipay-sdk') | undefined
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const alipaySdk = (): typeof import('alipay-sdk') => (alipaySdkModule ??= require('alipay-sdk') as typeof import('alipay-sdk'))

/** One certificate setting: a file (`<NAME>_PATH`, wins) or the PEM text itself (`<NAME>`). */
export interface CertSetting {
  path: string | null
  text: string | null
  /** The setting names, for the refusal line. */
  pathSetting: string
  textSetting: string
  /** What the merchant has under that name ("the app's public-key certificate, appCertPublicKey_<APPID>.crt"). */
  what: string
}

/** The three files as PEM text, checked; the serial numbers once the SDK has read them. */
export interface AlipayCertificates {
  appCert: string
  alipayPublicCert: string
  alipayRootCert: string
  /** app_cert_sn: MD5 of the app certificate's issuer and serial (decimal). */
  appCertSn?: string
  /** Alipay's certificate's serial number (answers carry it as alipay_cert_sn). */
  alipayCertSn?: string
  /** alipay_root_cert_sn: the chain's RSA certificates' serial numbers joined by '_'. */
  rootCertSn?: string
}

const given = (s: CertSetting) => Boolean(s.path || s.text)

/** True when any certificate setting is given: the deployment chose certificate mode. */
export function certificateModeChosen(...settings: CertSetting[]): boolean {
  return settings.some(given)
}

function readCert(s: CertSetting, problems: string[]): { name: string; text: string } | null {
  const name = s.path ? s.pathSetting : s.textSetting
  if (!given(s)) {
    problems.push(`${s.pathSetting} (${s.what}) or ${s.textSetting}`)
    return null
  }
  if (s.path) {
    try {
      return { name, text: fs.readFileSync(s.path, 'utf8') }
    } catch {
      problems.push(`${name} ('${s.path}' cannot be read)`)
      return null
    }
  }
  return { name, text: s.text as string }
}

/** Every PEM certificate in a text, in order. */
function pemBlocks(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
}

function expiryProblem(cert: X509Certificate, name: string, now: number): string | null {
  const until = Date.parse(cert.validTo)
  if (Number.isFinite(until) && until < now) return `${name} (expired ${new Date(until).toISOString().slice(0, 10)}: download the renewed certificate)`
  return null
}

/**
 * Reads and checks the three certificates: each is an X.509 PEM; the app certificate's key is the
 * app private key's public half (else Alipay refuses every request); Alipay's certificate holds an
 * RSA key; the root file holds at least one RSA certificate (Alipay's root file also carries an SM2
 * one, which the serial-number rule leaves out); none has expired. Problems are pushed by setting
 * name, never with a key or certificate's content. Null when any is wrong.
 */
export function loadAlipayCertificates(
  settings: { app: CertSetting; alipay: CertSetting; root: CertSetting },
  appPrivateKey: KeyObject | null,
  problems: string[],
  now: number = Date.now()
): AlipayCertificates | null {
  const before = problems.length
  const app = readCert(settings.app, problems)
  const alipay = readCert(settings.alipay, problems)
  const root = readCert(settings.root, problems)

  const one = (file: { name: string; text: string } | null, check: (cert: X509Certificate) => string | null): string | null => {
    if (!file) return null
    const blocks = pemBlocks(file.text)
    try {
      if (blocks.length !== 1) throw new Error('not one certificate')
      const cert = new X509Certificate(blocks[0])
      const problem = check(cert) ?? expiryProblem(cert, file.name, now)
      if (problem) problems.push(problem)
      return blocks[0]
    } catch {
      problems.push(`${file.name} (not one X.509 certificate in PEM)`)
      return null
    }
  }

  const appCert = one(app, (cert) => {
    if (cert.publicKey.asymmetricKeyType !== 'rsa') return `${app?.name} (not an RSA certificate)`
    if (!appPrivateKey) return null
    // The certificate must be of the key we sign with: compare the public halves.
    const mine = createPublicKey(appPrivateKey).export({ type: 'spki', format: 'der' })
    const theirs = cert.publicKey.export({ type: 'spki', format: 'der' })
    return mine.equals(theirs) ? null : `${app?.name} (its public key is not the app private key's: the certificate of another key pair)`
  })
  const alipayCert = one(alipay, (cert) => (cert.publicKey.asymmetricKeyType === 'rsa' ? null : `${alipay?.name} (not an RSA certificate)`))

  let rootCert: string | null = null
  if (root) {
    const blocks = pemBlocks(root.text)
    try {
      if (blocks.length === 0) throw new Error('none')
      const certs = blocks.map((b) => new X509Certificate(b))
      if (!certs.some((c) => c.publicKey.asymmetricKeyType === 'rsa')) problems.push(`${root.name} (no RSA certificate in the chain)`)
      rootCert = blocks.join('\n') + '\n'
    } catch {
      problems.push(`${root.name} (not X.509 certificates in PEM)`)
    }
  }

  if (problems.length > before || !appCert || !alipayCert || !rootCert) return null
  return { appCert, alipayPublicCert: alipayCert, alipayRootCert: rootCert }
}

/** The three certificate settings of one app (its own certificate, Alipay's, the root chain). */
export interface CertSettings {
  app: CertSetting
  alipay: CertSetting
  root: CertSetting
}

const nameOf = (s: CertSetting) => (s.path ? s.pathSetting : s.textSetting)

/**
 * The serial numbers alipay-sdk reads from the certificates (app_cert_sn, alipay_root_cert_sn, and
 * Alipay's certificate's, which answers name as alipay_cert_sn): read once at start, so a file the
 * SDK's own X.509 reader cannot take refuses the start rather than the first call. Used by the
 * payment provider and the sign-in (identity/alipay.provider.ts) alike.
 */
export function withSerialNumbers(certs: AlipayCertificates, privateKeyPem: string, settings: CertSettings, problems: string[]): AlipayCertificates | null {
  try {
    const sdk = new (alipaySdk().AlipaySdk)({ appId: '0', privateKey: privateKeyPem, keyType: 'PKCS8', appCertContent: certs.appCert, alipayPublicCertContent: certs.alipayPublicCert, alipayRootCertContent: certs.alipayRootCert })
    const { appCertSn, alipayCertSn, alipayRootCertSn } = sdk.config
    if (!appCertSn || !alipayCertSn) throw new Error('no serial number')
    if (!alipayRootCertSn) {
      problems.push(`${nameOf(settings.root)} (no RSA-signed certificate in the chain)`)
      return null
    }
    return { ...certs, appCertSn, alipayCertSn, rootCertSn: alipayRootCertSn }
  } catch {
    problems.push(`${nameOf(settings.app)} (alipay-sdk cannot read a serial number from it, ${nameOf(settings.alipay)} or ${nameOf(settings.root)})`)
    return null
  }
}

/**
 * Reads, checks and numbers one app's certificates (loadAlipayCertificates, then withSerialNumbers);
 * null with the problems pushed by setting name.
 */
export function appCertificates(settings: CertSettings, appPrivateKey: KeyObject | null, privateKeyPem: string | null, problems: string[], now: number = Date.now()): AlipayCertificates | null {
  const certs = loadAlipayCertificates(settings, appPrivateKey, problems, now)
  return certs && privateKeyPem ? withSerialNumbers(certs, privateKeyPem, settings, problems) : null
}

/**
 * alipay-sdk's key options for a mode: certificate mode (the SDK then sends app_cert_sn and
 * alipay_root_cert_sn with every request and checks answers with the key in Alipay's certificate),
 * or public-key mode (Alipay's public key).
 */
export function alipaySdkKeyOptions(certificates: AlipayCertificates | null, alipayPublicKeyPem: string | null): { appCertContent: string; alipayPublicCertContent: string; alipayRootCertContent: string } | { alipayPublicKey: string } {
  if (certificates) return { appCertContent: certificates.appCert, alipayPublicCertContent: certificates.alipayPublicCert, alipayRootCertContent: certificates.alipayRootCert }
  return { alipayPublicKey: alipayPublicKeyPem as string }
}
