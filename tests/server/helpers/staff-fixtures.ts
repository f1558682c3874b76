/**
 * Staff test support (issue 23): an owner made through a real setup link, people added through
 * StaffSave, sessions through the sign-in operations, a paired device — all through the gateway,
 * as the console does it.
 */
import type { StaffRole } from '../../../src/core/staff-permissions'
import { createSetupLink } from '../../../server/src/domain/staff/setup-link.service'
import { ok, type TestServer } from './test-server'

export interface StaffSession {
  staffId: string
  entId: string
  token: string
  role: StaffRole
  /** Headers of this person's requests (and the device's, for a PIN session). */
  headers: Record<string, string>
}

let seq = 0
/** A Macau mobile number no other test person has (6xxxxxxx). */
export const newPhone = (): string => `6${String(3000000 + ((Date.now() + ++seq * 7919) % 6000000)).padStart(7, '0')}`

export const PASSWORD = 'correct horse 1'

export async function ownerOf(server: TestServer, entId = 'E1001'): Promise<StaffSession> {
  const { token } = await createSetupLink(server.db, new Date(), entId)
  const row = ok(await server.call('StaffSetupComplete', [{ SetupToken: token, OwnerName: 'Owner Olivia', AreaCode: '853', Phone: newPhone(), Password: PASSWORD, Locale: 'en' }], { entId: '' })).table1[0]
  return { staffId: row.StaffID, entId: row.EntID, token: row.Token, role: 'owner', headers: { authorization: `Bearer ${row.Token}` } }
}

export async function addPerson(
  server: TestServer,
  by: StaffSession,
  role: StaffRole,
  extra: { shopIds?: string; baseIds?: string; pin?: string; name?: string } = {}
): Promise<{ staffId: string; phone: string }> {
  const phone = newPhone()
  const row = ok(
    await server.call(
      'StaffSave',
      [{ StaffID: '', Name: extra.name ?? `${role} ${seq}`, AreaCode: '853', Phone: phone, Role: role, ShopIDs: extra.shopIds ?? '', BaseIDs: extra.baseIds ?? '', Locale: 'en', Password: PASSWORD, Pin: extra.pin ?? '', Reason: '' }],
      { entId: by.entId, headers: by.headers }
    )
  ).table1[0]
  return { staffId: row.StaffID, phone }
}

export async function signIn(server: TestServer, entId: string, phone: string, role: StaffRole): Promise<StaffSession> {
  const row = ok(await server.call('StaffPasswordLogin', [{ AreaCode: '853', Phone: phone, Password: PASSWORD }], { entId })).table1[0]
  return { staffId: row.StaffID, entId: row.EntID, token: row.Token, role, headers: { authorization: `Bearer ${row.Token}` } }
}

export async function personWithRole(server: TestServer, owner: StaffSession, role: StaffRole, extra: { shopIds?: string; baseIds?: string } = {}): Promise<StaffSession> {
  const { phone } = await addPerson(server, owner, role, extra)
  return signIn(server, owner.entId, phone, role)
}

export async function pairDevice(server: TestServer, by: StaffSession, shopId = 'S101', baseId = 'B201', kind = 'counter'): Promise<{ deviceId: string; deviceToken: string }> {
  const row = ok(await server.call('StaffDevicePair', [{ Name: 'Counter tablet', Kind: kind, ShopID: shopId, BaseID: baseId }], { entId: by.entId, headers: by.headers })).table1[0]
  return { deviceId: row.DeviceID, deviceToken: row.DeviceToken }
}
