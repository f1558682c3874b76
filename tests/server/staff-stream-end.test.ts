/**
 * A staff stream (the kitchen board's, front of house's) ends as soon as its session does, not at
 * its next heartbeat (issue 24; docs/live-service.md "Who may listen"): sign-out, removing the
 * person, unpairing the device, changing the person's role. The server here keeps the real
 * ten-second heartbeat, so a stream that ends within a few seconds ended because of the change;
 * the streams of everyone else stay open. SQLite and (with DATABASE_URL) PostgreSQL.
 */
import { createTestServer, ok, type TestServer } from './helpers/test-server'
import { openAllDay } from './helpers/order-fixtures'
import { addPerson, ownerOf, pairDevice, personWithRole, signIn, type StaffSession } from './helpers/staff-fixtures'
import { listen, openStream } from './helpers/sse-client'

/** Well under the ten-second heartbeat: an end within this came from the change itself. */
const SOON_MS = 4000

let server: TestServer
let owner: StaffSession
let url: string

beforeAll(async () => {
  server = await createTestServer({}, { demoMenus: true })
  await openAllDay(server.db)
  owner = await ownerOf(server)
  url = await listen(server.app)
}, 60_000)
afterAll(() => server?.close())

const as = (who: StaffSession, op: string, record: Record<string, unknown> = {}) => server.call(op, [record], { entId: who.entId, headers: who.headers })

async function boardOf(headers: Record<string, string>) {
  const stream = openStream(`${url}/live/staff?base=B201`, headers)
  await stream.opened
  expect(stream.status).toBe(200)
  await stream.next((m) => m.event === 'ready')
  return stream
}

/** 'ended' when the stream ended within SOON_MS, else 'open'. */
const endsSoon = (stream: { ended: Promise<void> }) =>
  Promise.race([stream.ended.then(() => 'ended' as const), new Promise<'open'>((r) => setTimeout(() => r('open'), SOON_MS))])

test('the heartbeat here is the real one (ten seconds), so the checks below mean something', async () => {
  const cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
  const stream = await boardOf(cook.headers)
  // Nothing changes: the stream stays open past SOON_MS.
  expect(await endsSoon(stream)).toBe('open')
  stream.close()
})

test('removing a cook ends their board stream at once; another cook’s stays open', async () => {
  const leaving = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
  const staying = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
  const gone = await boardOf(leaving.headers)
  const kept = await boardOf(staying.headers)
  ok(await as(owner, 'StaffRemove', { StaffID: leaving.staffId, Reason: 'left' }))
  expect(await endsSoon(gone)).toBe('ended')
  expect(await endsSoon(kept)).toBe('open')
  gone.close()
  kept.close()
})

test('signing out ends that session’s stream at once', async () => {
  const cook = await personWithRole(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
  const stream = await boardOf(cook.headers)
  ok(await as(cook, 'StaffSignOut'))
  expect(await endsSoon(stream)).toBe('ended')
  stream.close()
})

test('a role changed ends the stream at once (the session ends with the change)', async () => {
  const { staffId, phone } = await addPerson(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201' })
  const cook = await signIn(server, owner.entId, phone, 'kitchen')
  const stream = await boardOf(cook.headers)
  ok(await as(owner, 'StaffSave', { StaffID: staffId, Name: 'Moved', AreaCode: '853', Phone: phone, Role: 'cashier', ShopIDs: 'S101', BaseIDs: 'B201', Locale: 'en', Password: '', Pin: '', Reason: 'to the counter' }))
  expect(await endsSoon(stream)).toBe('ended')
  stream.close()
})

test('unpairing a kitchen tablet ends the stream of the PIN session on it at once', async () => {
  const { deviceId, deviceToken } = await pairDevice(server, owner, 'S101', 'B201', 'kitchen')
  const person = await addPerson(server, owner, 'kitchen', { shopIds: 'S101', baseIds: 'B201', pin: '1357' })
  const token = ok(await server.call('StaffPinLogin', [{ StaffID: person.staffId, Pin: '1357' }], { entId: 'E1001', headers: { 'X-Staff-Device': deviceToken } })).table1[0].Token
  const stream = await boardOf({ authorization: `Bearer ${token}`, 'x-staff-device': deviceToken })
  ok(await as(owner, 'StaffDeviceRemove', { DeviceID: deviceId, Reason: 'stolen' }))
  expect(await endsSoon(stream)).toBe('ended')
  stream.close()
})
