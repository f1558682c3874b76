import { ErrorReporter } from '../../src/features/error-report/error-reporter'

function fakeGateway(behaviour: 'ok' | 'reject' | 'throw' = 'ok') {
  const sent: { op: string; records: Record<string, unknown>[]; options: unknown }[] = []
  return {
    sent,
    gateway: {
      request: jest.fn(async (op: string, records: Record<string, unknown>[], options: unknown) => {
        sent.push({ op, records, options })
        if (behaviour === 'reject') throw new Error('offline')
        if (behaviour === 'throw') throw new TypeError('boom')
        return {}
      })
    }
  }
}

describe('client error reporter', () => {
  it('reports through help-feedback with FbType 0, silently', async () => {
    const { gateway, sent } = fakeGateway()
    const reporter = new ErrorReporter(gateway as never, { context: () => 'h5/plain' })
    expect(await reporter.report('TypeError: x is undefined')).toBe(true)
    expect(sent).toEqual([
      { op: 'HelpFeedbackAdd', records: [{ FbContent: 'TypeError: x is undefined\n@ h5/plain', FbType: 0 }], options: { silent: true } }
    ])
  })

  it('never throws, even when the report itself fails', async () => {
    const { gateway } = fakeGateway('reject')
    const reporter = new ErrorReporter(gateway as never)
    await expect(reporter.report('first')).resolves.toBe(false)
    const broken = new ErrorReporter(fakeGateway('throw').gateway as never)
    await expect(broken.report('second')).resolves.toBe(false)
  })

  it('drops repeats and keeps to a few reports a minute', async () => {
    let now = 0
    const { gateway, sent } = fakeGateway()
    const reporter = new ErrorReporter(gateway as never, { maxPerMinute: 3, now: () => now })
    await reporter.report('same')
    await reporter.report('same')
    for (let i = 0; i < 10; i++) await reporter.report(`error ${i}`)
    expect(sent).toHaveLength(3)
    now += 61000
    await reporter.report('later')
    expect(sent).toHaveLength(4)
  })

  it('does not report while a report is in flight (no loops)', async () => {
    let release!: () => void
    const sent: string[] = []
    const gateway = {
      request: (_op: string, records: { FbContent: string }[]) => {
        sent.push(records[0].FbContent)
        return new Promise<void>((r) => (release = r))
      }
    }
    const reporter = new ErrorReporter(gateway as never)
    const first = reporter.report('outer')
    expect(await reporter.report('raised while reporting')).toBe(false)
    release()
    await first
    expect(sent).toEqual(['outer'])
  })

  it('ignores empty messages and truncates long ones', async () => {
    const { gateway, sent } = fakeGateway()
    const reporter = new ErrorReporter(gateway as never, { maxLength: 50 })
    expect(await reporter.report('   ')).toBe(false)
    await reporter.report('x'.repeat(500))
    expect((sent[0].records[0].FbContent as string).length).toBe(50)
  })
})
