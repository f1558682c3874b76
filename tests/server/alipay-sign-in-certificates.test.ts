/**
 * Issue 25: Alipay host sign-in in certificate mode (公钥证书模式): alipay.system.oauth.token and
 * alipay.user.info.share for the payment-app mini-program and the payment-app browser, through the
 * real gateway and GET user-info route, against the loopback Alipay fake (tests/support/fake-alipay-auth.ts)
 * in certificate mode with certificates this test makes with openssl (tests/support/alipay-certificates.ts,
 * the same maker the payment certificate tests use). The serial numbers the fake expects are computed
 * by the test from Alipay's published rule, not by alipay-sdk. The certificates are read and checked by
 * the module the payment provider uses (server/src/providers/alipay-certificates.ts).
 * SQLite by default; PostgreSQL with DATABASE_URL. docs/host-sign-in.md "Alipay certificate mode".
 */
import { createPrivateKey, generateKeyPairSync } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { loadConfig } from '../../server/src/config'
import { buildProviders } from '../../server/src/http/app'
import { AlipayMiniIdentityProvider, alipayIdentityFromSettings } from '../../server/src/providers/identity/alipay.provider'
import { identitySettings } from '../../server/src/providers/identity/identity.settings'
import { ProviderSettingError } from '../../server/src/providers/run-mode'
import { makeAlipayCertificates, type AlipayCertFiles } from '../support/alipay-certificates'
import { FakeAlipayAuth } from '../support/fake-alipay-auth'

const ALIPAY_MINI = '2021000000000011'
const ALIPAY_WEB = '2021000000000012'

const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
const APP_PRIVATE_PEM = appKeys.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()
const APP_PUBLIC_PEM = appKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString()

let alipay: FakeAlipayAuth
let server: TestServer
let dir: string
let mini: AlipayCertFiles
let web: AlipayCertFiles

function certEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ALIPAY_MINI_APP_ID: ALIPAY_MINI,
    ALIPAY_LOGIN_APP_ID: ALIPAY_WEB,
    ALIPAY_LOGIN_PRIVATE_KEY_PATH: path.join(dir, 'app_private_key.pem'),
    ALIPAY_MINI_APP_CERT_PATH: mini.appCertPath,
    ALIPAY_LOGIN_APP_CERT_PATH: web.appCertPath,
    ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH: mini.alipayPublicCertPath,
    ALIPAY_LOGIN_ALIPAY_ROOT_CERT_PATH: mini.rootCertPath,
    ALIPAY_LOGIN_GATEWAY_URL: alipay.gatewayUrl,
    IDENTITY_TIMEOUT_MS: '800',
    ...extra
  }
}

beforeAll(async () => {
  alipay = await new FakeAlipayAuth({ [ALIPAY_MINI]: APP_PUBLIC_PEM, [ALIPAY_WEB]: APP_PUBLIC_PEM }).start()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-sign-in-cert-'))
  fs.writeFileSync(path.join(dir, 'app_private_key.pem'), APP_PRIVATE_PEM)
  const appKey = createPrivateKey(APP_PRIVATE_PEM)
  // Each app has its own certificate (appCertPublicKey_<APPID>.crt) of the same key; Alipay's and the root are the mini-program's set.
  mini = makeAlipayCertificates(path.join(dir, 'mini'), ALIPAY_MINI, appKey, alipay.alipayPrivateKey)
  web = makeAlipayCertificates(path.join(dir, 'web'), ALIPAY_WEB, appKey, alipay.alipayPrivateKey, { appSerial: '0x2022031400a1b2c3d4e5f7' })
  alipay.certMode = { appCertSns: { [ALIPAY_MINI]: mini.appCertSn, [ALIPAY_WEB]: web.appCertSn }, rootCertSn: mini.rootCertSn, alipayCertSn: mini.alipayCertSn }
  server = await createTestServer({ identityProvider: 'alipay', identity: identitySettings(certEnv()) })
}, 60_000)

afterAll(async () => {
  await server?.close()
  await alipay?.close()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

const since = (n: number) => alipay.requests.slice(n)

describe('signing in with certificates', () => {
  test('the mini-program: oauth.token and user.info.share carry the app certificate\'s and the root\'s serial numbers inside the signed parameters; the member is linked', async () => {
    const before = alipay.requests.length
    const code = alipay.issueCode(ALIPAY_MINI, { openId: 'cert-mini-dora', nickName: 'Dora', avatar: 'https://tfs.alipayobjects.com/images/partner/dora.png' })
    const token = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: code }])).table1[0]
    expect(token).toMatchObject({ OpenID: 'cert-mini-dora', Provider: 'alipay-mini' })
    const ours = since(before)
    expect(ours.map((r) => [r.params.method, r.signatureValid, r.params.app_id, r.params.app_cert_sn, r.params.alipay_root_cert_sn])).toEqual([
      ['alipay.system.oauth.token', true, ALIPAY_MINI, mini.appCertSn, mini.rootCertSn],
      ['alipay.user.info.share', true, ALIPAY_MINI, mini.appCertSn, mini.rootCertSn]
    ])
    // Two RSA roots in the chain, the ECDSA one left out, as Alipay's rule says.
    expect(mini.rootCertSn).toMatch(/^[0-9a-f]{32}_[0-9a-f]{32}$/)
    const info = ok(await server.call('ThirdPartyUserInfoGet', [{ OpenID: token.OpenID, AccessToken: token.AccessToken }])).table1[0]
    expect(info).toMatchObject({ NikeName: 'Dora', Phone: '' })
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: token.OpenID, AccessToken: token.AccessToken, VipName: 'Dora' }]))
    const linked = await server.db.selectFrom('member_identities').select(['provider', 'vip_id']).where('open_id', '=', 'cert-mini-dora').execute()
    expect(linked).toEqual([{ provider: 'alipay-mini', vip_id: reg.table2[0].VipID }])
  })

  test('the payment-app browser: its own app certificate\'s serial number; the profile from the signed answer', async () => {
    const before = alipay.requests.length
    const code = alipay.issueCode(ALIPAY_WEB, { openId: 'cert-web-ivy', nickName: 'Ivy' })
    const res = await server.app.inject({ method: 'GET', url: `/host-auth/alipay/userinfo?code=${code}&IsDebug=0&EntID=E1001`, headers: { host: 'localhost:8080' } })
    expect(JSON.parse(res.body).data).toMatchObject({ OpenID: 'cert-web-ivy', Provider: 'alipay', NikeName: 'Ivy' })
    expect(since(before).map((r) => [r.params.method, r.params.app_cert_sn, r.params.alipay_root_cert_sn])).toEqual([
      ['alipay.system.oauth.token', web.appCertSn, mini.rootCertSn],
      ['alipay.user.info.share', web.appCertSn, mini.rootCertSn]
    ])
    expect(web.appCertSn).not.toBe(mini.appCertSn)
  })

  test('an answer signed with a key other than the one in Alipay\'s certificate is not believed (10009), and its open id signs no one in', async () => {
    const forged = alipay.issueCode(ALIPAY_MINI, { openId: 'cert-mallory' })
    alipay.next('forge')
    const res = await server.call('ThirdPartyAccessTokenGet', [{ Code: forged }])
    expect(res.status).toBe(503)
    expect(res.body.errcode).toBe('10009')
    expect(res.text).not.toContain('cert-mallory')
    // A refused code still reads as refused (error_response, which grants nothing).
    expect((await server.call('ThirdPartyAccessTokenGet', [{ Code: 'never-issued-code' }])).body.resultcode).toBe('20040')
  })

  test('the same app in public-key mode (no serial numbers) is refused by the gateway in certificate mode', async () => {
    fs.writeFileSync(path.join(dir, 'alipay_public_key.pem'), alipay.alipayPublicKeyPem)
    const publicKeyMode = alipayIdentityFromSettings(
      identitySettings({ ALIPAY_MINI_APP_ID: ALIPAY_MINI, ALIPAY_LOGIN_PRIVATE_KEY_PATH: path.join(dir, 'app_private_key.pem'), ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY_PATH: path.join(dir, 'alipay_public_key.pem'), ALIPAY_LOGIN_GATEWAY_URL: alipay.gatewayUrl }),
      { production: false }
    )
    expect(publicKeyMode.certificates).toBeNull()
    const before = alipay.requests.length
    await expect(new AlipayMiniIdentityProvider(ALIPAY_MINI, publicKeyMode).exchangeCode(alipay.issueCode(ALIPAY_MINI, { openId: 'cert-x' }))).rejects.toThrow(/isv\.invalid-app-cert-sn/)
    expect(since(before)[0].params.app_cert_sn).toBeUndefined()
  })
})

describe('configuration: the mode is chosen by the settings given', () => {
  const refusal = (env: Record<string, string>): string => {
    try {
      alipayIdentityFromSettings(identitySettings(env), { production: false })
    } catch (e) {
      expect(e).toBeInstanceOf(ProviderSettingError)
      return (e as Error).message
    }
    throw new Error('not refused')
  }

  test('the credentials hold each app\'s certificates with the serial numbers Alipay\'s rule gives, and no public key', () => {
    const c = alipayIdentityFromSettings(identitySettings(certEnv()), { production: false })
    expect(c.alipayPublicKey).toBeNull()
    expect(c.certificates?.mini).toMatchObject({ appCertSn: mini.appCertSn, rootCertSn: mini.rootCertSn, alipayCertSn: mini.alipayCertSn })
    expect(c.certificates?.login).toMatchObject({ appCertSn: web.appCertSn })
    // The PEM text in the environment instead of a file.
    const inline = certEnv({ ALIPAY_MINI_APP_CERT: fs.readFileSync(mini.appCertPath, 'utf8') })
    delete inline.ALIPAY_MINI_APP_CERT_PATH
    expect(alipayIdentityFromSettings(identitySettings(inline), { production: false }).certificates?.mini?.appCertSn).toBe(mini.appCertSn)
  })

  test('half a certificate configuration, certificates beside a public key, a certificate of another key, an expired one: each refused in one line by name', () => {
    const half = certEnv()
    delete half.ALIPAY_LOGIN_ALIPAY_ROOT_CERT_PATH
    delete half.ALIPAY_LOGIN_APP_CERT_PATH
    const message = refusal(half)
    expect(message.split('\n')).toHaveLength(1)
    expect(message).toMatch(/^IDENTITY_PROVIDER=alipay needs /)
    expect(message).toContain("ALIPAY_LOGIN_ALIPAY_ROOT_CERT_PATH (Alipay's root certificate, alipayRootCert.crt) or ALIPAY_LOGIN_ALIPAY_ROOT_CERT")
    expect(message).toContain("ALIPAY_LOGIN_APP_CERT_PATH (the browser sign-in app's public-key certificate")
    expect(message).not.toContain('ALIPAY_MINI_APP_CERT_PATH')

    expect(refusal(certEnv({ ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY: alipay.alipayPublicKeyPem }))).toContain('ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY (not with the certificates')
    // Alipay's certificate given as the mini-program's: not of the app private key.
    expect(refusal(certEnv({ ALIPAY_MINI_APP_CERT_PATH: mini.alipayPublicCertPath }))).toContain("ALIPAY_MINI_APP_CERT_PATH (its public key is not the app private key's")
    expect(refusal(certEnv({ ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH: path.join(dir, 'app_private_key.pem') }))).toContain('ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH (not one X.509 certificate in PEM)')
    expect(refusal(certEnv({ ALIPAY_LOGIN_ALIPAY_ROOT_CERT_PATH: path.join(dir, 'mini', 'E1.crt') }))).toContain('ALIPAY_LOGIN_ALIPAY_ROOT_CERT_PATH (no RSA certificate in the chain)')
    // A certificate for an app this deployment has no id for.
    const noWeb = certEnv()
    delete noWeb.ALIPAY_LOGIN_APP_ID
    expect(refusal(noWeb)).toContain('ALIPAY_LOGIN_APP_ID (ALIPAY_LOGIN_APP_CERT_PATH is the certificate of a browser app')
    // Started after the certificates' end (they are made for 365 days): each one expired is named.
    const now = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 400 * 86_400_000)
    try {
      const expired = refusal(certEnv())
      expect(expired).toMatch(/ALIPAY_MINI_APP_CERT_PATH \(expired \d{4}-\d\d-\d\d/)
      expect(expired).toContain('ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH (expired')
    } finally {
      now.mockRestore()
    }
  })

  test('production: the composition root refuses to start with half a certificate configuration, in one line naming the setting first', async () => {
    const env = certEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', ALLOW_DEVELOPMENT_PROVIDERS: 'sms,sandbox-payments,geocoding', IDENTITY_PROVIDER: 'alipay', ALIPAY_LOGIN_GATEWAY_URL: 'https://openapi.alipay.com/gateway.do' })
    delete env.ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH
    const error = await buildProviders(loadConfig(env), server.db, () => {}).then(
      () => null,
      (e: unknown) => e as ProviderSettingError
    )
    expect(error).toBeInstanceOf(ProviderSettingError)
    expect(error?.setting).toBe('ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH')
    expect(error?.message).toBe("IDENTITY_PROVIDER=alipay needs ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH (Alipay's public-key certificate, alipayCertPublicKey_RSA2.crt) or ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT")
    // With every certificate it starts without ALLOW_DEVELOPMENT_PROVIDERS naming identity.
    const full = certEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', ALLOW_DEVELOPMENT_PROVIDERS: 'sms,sandbox-payments,geocoding', IDENTITY_PROVIDER: 'alipay', ALIPAY_LOGIN_GATEWAY_URL: 'https://openapi.alipay.com/gateway.do' })
    await expect(buildProviders(loadConfig(full), server.db, () => {})).resolves.toBeDefined()
  })
})
