/**
 * Issue 11 item 8: rate limits count across every server process on the database. The feedback
 * limit counts stored reports; requests racing on two apps (two processes' worth of connections)
 * must not all pass a count that none of them has added to yet.
 */
import { createTestServer, ok, type SecondInstance, type TestServer } from './helpers/test-server'

const RATE = 4

let server: TestServer
let second: SecondInstance

beforeAll(async () => {
  server = await createTestServer({ feedbackRatePerMinute: RATE })
  second = await server.openSecondInstance()
})

afterAll(async () => {
  await server.close()
})

it('accepts at most FEEDBACK_RATE_PER_MINUTE of many racing reports from one address, over two apps on one database', async () => {
  const answers = await Promise.all(
    Array.from({ length: 16 }, (_, i) => (i % 2 ? second.call : server.call)('HelpFeedbackAdd', [{ FbContent: `racing #${i}`, FbType: 1 }]))
  )
  const accepted = answers.filter((a) => a.body.errcode === '0')
  const limited = answers.filter((a) => a.body.errcode === '10009')
  expect(accepted.length + limited.length).toBe(answers.length)
  expect(accepted.length).toBeGreaterThan(0)
  expect(accepted.length).toBeLessThanOrEqual(RATE)
  // What was refused is not stored; what was accepted is.
  const stored = await server.db.selectFrom('feedback').select('fb_content').execute()
  expect(stored).toHaveLength(accepted.length)
  // Still limited afterwards, on either app.
  expect((await server.call('HelpFeedbackAdd', [{ FbContent: 'one more' }])).body.errcode).toBe(accepted.length === RATE ? '10009' : '0')
})

it('counts a request of several reports whole: it passes entirely or not at all', async () => {
  const fresh = await createTestServer({ feedbackRatePerMinute: RATE })
  try {
    const three = Array.from({ length: 3 }, (_, i) => ({ FbContent: `part ${i}` }))
    ok(await fresh.call('HelpFeedbackAdd', three))
    expect((await fresh.call('HelpFeedbackAdd', three)).body.errcode).toBe('10009')
    expect(await fresh.db.selectFrom('feedback').select('fb_id').execute()).toHaveLength(3)
    ok(await fresh.call('HelpFeedbackAdd', [{ FbContent: 'the fourth fits' }]))
  } finally {
    await fresh.close()
  }
})
