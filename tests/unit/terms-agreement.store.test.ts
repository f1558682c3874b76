/**
 * The terms agreement is kept per member on the server, not per device (issue 27): a member who
 * agreed on one phone is not asked again on another; a new terms version asks again; a diner's
 * agreement before signing in stays on the device and is sent up when they sign in.
 */
import { TERMS_DEVICE_KEY, TermsAgreementStore } from '../../src/features/checkout/terms-agreement.store'
import type { KeyValueStorage } from '../../src/hosts/host'
import { fakeGateway, networkDown } from './support/orders-fakes'

const storage = (): KeyValueStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>()
  return { map, get: (k) => map.get(k) ?? null, set: (k, v) => void map.set(k, v), remove: (k) => void map.delete(k) }
}

/** The server's record of one member's agreements (what TermsAgreementGet / Save answer). */
function server(agreed: string[] = [], opts: { down?: boolean } = {}) {
  const versions = [...agreed]
  const rows = () => versions.map((v) => ({ TermsVersion: v, AgreedDate: '2026-11-28 10:00:00' }))
  const gateway = fakeGateway({
    TermsAgreementGet: () => (opts.down ? networkDown('TermsAgreementGet') : { table1: rows() }),
    TermsAgreementSave: (r) => {
      if (opts.down) return networkDown('TermsAgreementSave')
      if (r.Agreed === 1 && !versions.includes(r.TermsVersion)) versions.unshift(r.TermsVersion)
      if (r.Agreed === 0) versions.splice(versions.indexOf(r.TermsVersion), 1)
      return { table1: rows() }
    }
  })
  return { gateway, versions, opts }
}

const phone = (gateway: ReturnType<typeof server>['gateway'], token: { value: string }, version = 'v1') => {
  const s = storage()
  return { storage: s, terms: new TermsAgreementStore(gateway, s, { version, token: () => token.value }) }
}

test('a member who agreed on one phone is not asked again on another', async () => {
  const srv = server()
  const signedIn = { value: 'tok-A' }
  const first = phone(srv.gateway, signedIn)
  await first.terms.load()
  expect(first.terms.agreed).toBe(false)
  await first.terms.setAgreed(true)
  expect(srv.versions).toEqual(['v1'])
  // The device keeps nothing once the member's server has it.
  expect(first.storage.map.has(TERMS_DEVICE_KEY)).toBe(false)

  const second = phone(srv.gateway, { value: 'tok-A2' })
  expect(second.terms.agreed).toBe(false)
  await second.terms.load()
  expect(second.terms.agreed).toBe(true)
})

test('a new terms version asks again', async () => {
  const srv = server(['v1'])
  const newer = phone(srv.gateway, { value: 'tok' }, 'v2')
  await newer.terms.load()
  expect(newer.terms.agreed).toBe(false)
  await newer.terms.setAgreed(true)
  expect(srv.versions).toEqual(['v2', 'v1'])
})

test("a diner's agreement before signing in stays on the device and is sent up when they sign in", async () => {
  const srv = server()
  const token = { value: '' }
  const p = phone(srv.gateway, token)
  await p.terms.setAgreed(true)
  expect(p.terms.agreed).toBe(true)
  expect(p.storage.map.get(TERMS_DEVICE_KEY)).toBe('v1')
  expect(srv.gateway.calls).toEqual([])
  token.value = 'tok'
  await p.terms.load()
  expect(srv.versions).toEqual(['v1'])
  expect(p.storage.map.has(TERMS_DEVICE_KEY)).toBe(false)
  expect(p.terms.agreed).toBe(true)
  // Signed out: the next diner on this device is asked for their own agreement.
  token.value = ''
  await p.terms.load()
  expect(p.terms.agreed).toBe(false)
})

test('a save that fails keeps the device copy, sent up the next time', async () => {
  const srv = server([], { down: true })
  const p = phone(srv.gateway, { value: 'tok' })
  await p.terms.setAgreed(true)
  expect(p.terms.agreed).toBe(true)
  expect(p.storage.map.get(TERMS_DEVICE_KEY)).toBe('v1')
  srv.opts.down = false
  await p.terms.load()
  expect(srv.versions).toEqual(['v1'])
  expect(p.storage.map.has(TERMS_DEVICE_KEY)).toBe(false)
})

test('unticking withdraws the member agreement', async () => {
  const srv = server(['v1'])
  const p = phone(srv.gateway, { value: 'tok' })
  await p.terms.load()
  expect(p.terms.agreed).toBe(true)
  await p.terms.setAgreed(false)
  expect(p.terms.agreed).toBe(false)
  expect(srv.versions).toEqual([])
})
