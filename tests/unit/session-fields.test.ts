/**
 * Spec §3 session fields and §4's launch timer (issue 27): APIEntID, isOwnMina and a
 * business-district shop on the session; the launch timer started and stopped.
 */
import { reaction } from 'mobx'
import { Gateway } from '../../src/gateway/gateway-client'
import { LAUNCH_TIMER_MS, SessionStore } from '../../src/features/session/session.store'
import { createFakeHost, ok } from './support/fake-host'
import { BASE, SHOP, demoServer, type Script } from './support/fake-gateway-server'

function setup(script: Script = {}, appId: string | null | undefined = undefined) {
  const server = demoServer(script)
  const host = createFakeHost(server.respond)
  let session!: SessionStore
  const gateway = new Gateway({
    host,
    identity: () => ({ EntID: session.params.EntID, UserID: session.params.UserID }),
    locale: () => 'en',
    networkErrorText: () => 'Network connection error',
    appName: 'test',
    authCode: 'c',
    liveUrl: '',
    testUrl: ''
  })
  const sessionHost = appId === undefined ? host : Object.assign(host, { miniProgramAppId: () => appId })
  session = new SessionStore(gateway, sessionHost)
  return { session }
}

const shopAs = (over: Partial<typeof SHOP>): Script => ({
  HomeShopDetailsGet: () =>
    ok({
      table1: [{ ...SHOP, ...over }],
      table2: [{ UserID: 'U1', UserName: 'web', UserCode: 'W1' }],
      table3: [BASE],
      table4: [],
      table5: [{ TableID: 'A03', TableName: 'A03', NowDate: '2026-11-22 12:00:00', TimeZone: 'Asia/Macau' }]
    })
})

test('APIEntID is the enterprise the entry resolved, the one every call is made for', async () => {
  const { session } = setup()
  expect(session.APIEntID).toBe('')
  await session.initialise({ QRCode: 'QR-A03' })
  expect(session.APIEntID).toBe('E1001')
})

test("isOwnMina: the running mini-program is the shop's own (its MinaAppID); not on H5 nor in another", async () => {
  const own = setup(shopAs({ MinaAppID: 'wx0123456789abcdef', MinaID: 'gh_shop' }), 'wx0123456789abcdef').session
  await own.initialise({ QRCode: 'QR-A03' })
  expect(own.isOwnMina).toBe(true)
  const other = setup(shopAs({ MinaAppID: 'wx0123456789abcdef' }), 'wxffffffffffffffff').session
  await other.initialise({ QRCode: 'QR-A03' })
  expect(other.isOwnMina).toBe(false)
  const h5 = setup(shopAs({ MinaAppID: 'wx0123456789abcdef' })).session
  await h5.initialise({ QRCode: 'QR-A03' })
  expect(h5.isOwnMina).toBe(false)
  // A shop without a mini-program of its own is nobody's.
  const none = setup(shopAs({ MinaAppID: '' }), '').session
  await none.initialise({ QRCode: 'QR-A03' })
  expect(none.isOwnMina).toBe(false)
})

test('a business-district shop (PosType 5) is known to the session', async () => {
  const bd = setup(shopAs({ PosType: 5 })).session
  await bd.initialise({ QRCode: 'QR-A03' })
  expect(bd.isBusinessDistrict).toBe(true)
  const normal = setup().session
  await normal.initialise({ QRCode: 'QR-A03' })
  expect(normal.isBusinessDistrict).toBe(false)
})

describe('the launch timer (spec §4)', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('moves the session clock once a minute while started, and not once stopped', async () => {
    const { session } = setup()
    await session.initialise({ QRCode: 'QR-A03' })
    const first = session.now
    let moves = 0
    const dispose = reaction(
      () => session.now,
      () => moves++
    )
    session.startLaunchTimer()
    expect(session.launchTimerRunning()).toBe(true)
    expect(LAUNCH_TIMER_MS).toBe(60_000)
    jest.advanceTimersByTime(LAUNCH_TIMER_MS - 1)
    expect(moves).toBe(0)
    jest.advanceTimersByTime(1)
    expect(moves).toBe(1)
    expect(session.now!.secondsOfDay - first!.secondsOfDay).toBe(60)
    jest.advanceTimersByTime(LAUNCH_TIMER_MS)
    expect(moves).toBe(2)
    session.stopLaunchTimer()
    expect(session.launchTimerRunning()).toBe(false)
    jest.advanceTimersByTime(LAUNCH_TIMER_MS * 3)
    expect(moves).toBe(2)
    dispose()
  })
})
