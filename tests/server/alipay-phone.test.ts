/**
 * The payment-app mini-program's phone (issue 25, spec §4 RegisterType 0): my.getPhoneNumber's answer
 * (Alipay's JSON text: the AES ciphertext of {code, msg, mobile} and Alipay's RSA2 sign over it) goes
 * with a my.getAuthCode code to ThirdPartyAccessTokenGet (PhoneCode); the server checks the sign with
 * Alipay's public key (or the one in Alipay's certificate), decrypts with the app's AES key
 * (ALIPAY_MINI_AES_KEY) and signs the mobile into the AccessToken, for VipRegister RegisterType 0 and
 * VipHostPhoneBind. Keys, AES key and answers made here (tests/support/fake-alipay-auth.ts phoneAnswer);
 * the sign-in code against the loopback Alipay fake. SQLite by default; PostgreSQL with DATABASE_URL.
 * docs/host-sign-in.md "Alipay mini-program phone".
 */
import { createPrivateKey, generateKeyPairSync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { AlipayMiniIdentityProvider, alipayIdentityFromSettings } from '../../server/src/providers/identity/alipay.provider'
import { identitySettings } from '../../server/src/providers/identity/identity.settings'
import { ProviderSettingError } from '../../server/src/providers/run-mode'
import { makeAlipayCertificates } from '../support/alipay-certificates'
import { FakeAlipayAuth } from '../support/fake-alipay-auth'

const ALIPAY_MINI = '2021000000000021'
const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 })
const APP_PRIVATE_PEM = appKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
const APP_PUBLIC_PEM = appKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString()
/** The mini-program's 接口内容加密 key as the open platform shows it: base64 of 16 random bytes. */
const AES_KEY = randomBytes(16).toString('base64')

let alipay: FakeAlipayAuth
let server: TestServer
let dir: string

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ALIPAY_MINI_APP_ID: ALIPAY_MINI,
    ALIPAY_LOGIN_PRIVATE_KEY: APP_PRIVATE_PEM,
    ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY: alipay.alipayPublicKeyPem,
    ALIPAY_LOGIN_GATEWAY_URL: alipay.gatewayUrl,
    ALIPAY_LOGIN_SCOPE: 'auth_base',
    ALIPAY_MINI_AES_KEY: AES_KEY,
    IDENTITY_TIMEOUT_MS: '800',
    ...extra
  }
}

beforeAll(async () => {
  alipay = await new FakeAlipayAuth({ [ALIPAY_MINI]: APP_PUBLIC_PEM }).start()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alipay-phone-'))
  server = await createTestServer({ identityProvider: 'alipay', identity: identitySettings(env()) })
})
afterAll(async () => {
  await server?.close()
  await alipay?.close()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

async function phoneToken(openId: string, phoneAnswer: string) {
  return server.call('ThirdPartyAccessTokenGet', [{ Code: alipay.issueCode(ALIPAY_MINI, { openId }), PhoneCode: phoneAnswer }])
}

describe('a phone Alipay verified signs a diner up or in (RegisterType 0)', () => {
  test('my.getPhoneNumber\'s answer → checked and decrypted → the number in the AccessToken; VipRegister 0 makes the member, and logs the same member in next time', async () => {
    const answer = alipay.phoneAnswer(AES_KEY, '13800138101')
    // Alipay's envelope as the host gives it: longer than any id field (the old 128-character PhoneCode).
    expect(answer.length).toBeGreaterThan(128)
    const token = ok(await phoneToken('alipay-phone-amy', answer)).table1[0]
    expect(token).toMatchObject({ OpenID: 'alipay-phone-amy', Provider: 'alipay-mini' })
    const info = ok(await server.call('ThirdPartyUserInfoGet', [{ OpenID: token.OpenID, AccessToken: token.AccessToken }])).table1[0]
    expect(info).toMatchObject({ AreaNo: '86', Phone: '13800138101' })
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 0, OpenID: token.OpenID, AccessToken: token.AccessToken, VipName: 'Amy' }]))
    expect(reg.table2[0]).toMatchObject({ Phone: '13800138101' })
    const vipId = reg.table2[0].VipID
    expect(await server.db.selectFrom('members').select(['area_no', 'phone', 'register_type']).where('vip_id', '=', vipId).executeTakeFirstOrThrow()).toEqual({
      area_no: '86',
      phone: '13800138101',
      register_type: 0
    })
    // Next launch, a new auth code and a new answer: the same member.
    const again = ok(await phoneToken('alipay-phone-amy', alipay.phoneAnswer(AES_KEY, '13800138101'))).table1[0]
    const login = ok(await server.call('VipRegister', [{ RegisterType: 0, OpenID: again.OpenID, AccessToken: again.AccessToken }]))
    expect(login.table2[0].VipID).toBe(vipId)
    expect(login.table1[0]).toMatchObject({ IsNew: 0 })
  })
})

describe('binding the phone Alipay verified to the signed-in member (VipHostPhoneBind)', () => {
  test('the member the app signed in by open id gets the number; the same number for another member is 20037', async () => {
    const plain = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: alipay.issueCode(ALIPAY_MINI, { openId: 'alipay-phone-eve' }) }])).table1[0]
    const reg = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: plain.OpenID, AccessToken: plain.AccessToken, VipName: 'Eve' }]))
    const eve = { vipId: reg.table2[0].VipID as string, headers: { authorization: `Bearer ${reg.table1[0].Token as string}` } }
    // A token without a phone binds nothing.
    expect((await server.call('VipHostPhoneBind', [{ OpenID: plain.OpenID, AccessToken: plain.AccessToken }], { headers: eve.headers })).body.resultcode).toBe('20047')
    const proof = ok(await phoneToken('alipay-phone-eve', alipay.phoneAnswer(AES_KEY, '13900139101'))).table1[0]
    const bound = ok(await server.call('VipHostPhoneBind', [{ OpenID: proof.OpenID, AccessToken: proof.AccessToken }], { headers: eve.headers }))
    expect(bound.table1[0]).toMatchObject({ VipID: eve.vipId, Phone: '13900139101' })
    expect(await server.db.selectFrom('members').select(['area_no', 'phone']).where('vip_id', '=', eve.vipId).executeTakeFirstOrThrow()).toEqual({ area_no: '86', phone: '13900139101' })

    const mal = ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: alipay.issueCode(ALIPAY_MINI, { openId: 'alipay-phone-mal' }) }])).table1[0]
    const malReg = ok(await server.call('VipRegister', [{ RegisterType: 2, OpenID: mal.OpenID, AccessToken: mal.AccessToken, VipName: 'Mal' }]))
    const hers = ok(await phoneToken('alipay-phone-mal', alipay.phoneAnswer(AES_KEY, '13900139101'))).table1[0]
    expect((await server.call('VipHostPhoneBind', [{ OpenID: hers.OpenID, AccessToken: hers.AccessToken }], { headers: { authorization: `Bearer ${malReg.table1[0].Token as string}` } })).body.resultcode).toBe('20037')
  })
})

describe('refusals: nothing Alipay did not sign for this app, or refused, gives a phone', () => {
  test('a forged sign, a tampered ciphertext, a refusal inside the answer (code ≠ 10000), garbage: 20047 and no token', async () => {
    const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
    const flip = (c: string) => (c[0] === 'A' ? 'B' : 'A') + c.slice(1)
    const bad = {
      forged: alipay.phoneAnswer(AES_KEY, '13800138102', { signWith: foreign }),
      tampered: alipay.phoneAnswer(AES_KEY, '13800138102', { tamper: flip }),
      refused: alipay.phoneAnswer(AES_KEY, '13800138102', { code: '40006' }),
      unsigned: JSON.stringify({ ...JSON.parse(alipay.phoneAnswer(AES_KEY, '13800138102')), sign: '' }),
      notJson: 'not-an-alipay-answer',
      aWechatCode: '0e3kTmGa1yEWcK0Rd1Ja1o0n7L3kTmGe'
    }
    for (const [what, answer] of Object.entries(bad)) {
      const r = await phoneToken('alipay-phone-ben', answer)
      expect({ what, resultcode: r.body.resultcode, rows: r.body.data?.table1 ?? [] }).toEqual({ what, resultcode: '20047', rows: [] })
    }
    // The number the forged answer carried reached no member.
    expect(await server.db.selectFrom('members').select('vip_id').where('phone', '=', '13800138102').execute()).toEqual([])
    // The sign-in code alone still works afterwards.
    ok(await server.call('ThirdPartyAccessTokenGet', [{ Code: alipay.issueCode(ALIPAY_MINI, { openId: 'alipay-phone-ben' }) }]))
  })

  test('an answer Alipay signed but under another AES key: the deployment\'s key is wrong (50000, logged), no phone', async () => {
    const otherKey = randomBytes(16).toString('base64')
    const r = await phoneToken('alipay-phone-cat', alipay.phoneAnswer(otherKey, '13800138103'))
    expect(r.body.errcode).toBe('50000')
    expect(r.text).not.toContain('13800138103')
    expect(r.text).not.toContain(AES_KEY)
  })

  test('without ALIPAY_MINI_AES_KEY the mini-program vouches for no phone (20047); the development provider none either', async () => {
    const noKey = env()
    delete noKey.ALIPAY_MINI_AES_KEY
    const plain = await createTestServer({ identityProvider: 'alipay', identity: identitySettings(noKey) })
    try {
      const r = await plain.call('ThirdPartyAccessTokenGet', [{ Code: alipay.issueCode(ALIPAY_MINI, { openId: 'alipay-phone-dan' }), PhoneCode: alipay.phoneAnswer(AES_KEY, '13800138104') }])
      expect(r.body.resultcode).toBe('20047')
    } finally {
      await plain.close()
    }
    const dev = await createTestServer()
    try {
      const r = await dev.call('ThirdPartyAccessTokenGet', [{ Code: 'dev:alipay-phone-dan', PhoneCode: alipay.phoneAnswer(AES_KEY, '13800138104') }])
      expect(r.body.resultcode).toBe('20047')
    } finally {
      await dev.close()
    }
  })
})

describe('settings', () => {
  test('an AES key that is not one, or one without the mini-program, refuses the start naming it (never its value)', () => {
    const refusal = (e: Record<string, string>) => {
      try {
        alipayIdentityFromSettings(identitySettings(e), { production: true })
      } catch (err) {
        expect(err).toBeInstanceOf(ProviderSettingError)
        return (err as Error).message
      }
      throw new Error('not refused')
    }
    const https = { ALIPAY_LOGIN_GATEWAY_URL: 'https://openapi.alipay.com/gateway.do' }
    const short = refusal(env({ ...https, ALIPAY_MINI_AES_KEY: 'c2hvcnQta2V5' }))
    expect(short).toContain('ALIPAY_MINI_AES_KEY (not a base64 AES key of 128, 192 or 256 bits')
    expect(short).not.toContain('c2hvcnQta2V5')
    const noMini = env({ ...https, ALIPAY_LOGIN_APP_ID: '2021000000000022' })
    delete noMini.ALIPAY_MINI_APP_ID
    expect(refusal(noMini)).toContain('ALIPAY_MINI_APP_ID (ALIPAY_MINI_AES_KEY is the key of a mini-program')
    // From a file, as a secret store mounts it.
    fs.writeFileSync(path.join(dir, 'aes.key'), `${AES_KEY}\n`)
    const fromFile = env({ ALIPAY_MINI_AES_KEY_PATH: path.join(dir, 'aes.key') })
    delete fromFile.ALIPAY_MINI_AES_KEY
    expect(alipayIdentityFromSettings(identitySettings(fromFile), { production: false }).miniAesKey?.toString('base64')).toBe(AES_KEY)
  })

  test('certificate mode: the sign is checked with the key in Alipay\'s certificate', async () => {
    const certs = makeAlipayCertificates(path.join(dir, 'certs'), ALIPAY_MINI, createPrivateKey(APP_PRIVATE_PEM), alipay.alipayPrivateKey)
    const e = env({ ALIPAY_MINI_APP_CERT_PATH: certs.appCertPath, ALIPAY_LOGIN_ALIPAY_PUBLIC_CERT_PATH: certs.alipayPublicCertPath, ALIPAY_LOGIN_ALIPAY_ROOT_CERT_PATH: certs.rootCertPath })
    delete e.ALIPAY_LOGIN_ALIPAY_PUBLIC_KEY
    const provider = new AlipayMiniIdentityProvider(ALIPAY_MINI, alipayIdentityFromSettings(identitySettings(e), { production: false }))
    expect(provider.verifiesPhones).toBe(true)
    expect(await provider.phoneFromCode(alipay.phoneAnswer(AES_KEY, '13800138105'))).toEqual({ areaNo: '86', phone: '13800138105' })
    expect(await provider.phoneFromCode(alipay.phoneAnswer(AES_KEY, '13800138105', { signWith: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }))).toBeNull()
  }, 30_000)
})
