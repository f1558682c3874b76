/**
 * The payment-app mini-program's host socket (src/hosts/live.alipay.ts) with a fake `my`: a
 * SocketTask of its own per connection (my.connectSocket with multiple: true), its frames' text
 * in the shapes the payment app hands them, a refused call as an error of the socket, and no
 * socket (so the poll) where the base library has none per connection — without opening, or
 * leaving open, the app's one global socket. The subscription over it is live-socket.test.ts's.
 */
import { myFrameText, myOpenSocket } from '../../src/hosts/live.alipay'

interface FakeTask {
  options: Record<string, unknown>
  listeners: Record<'open' | 'message' | 'close' | 'error', ((res?: unknown) => void)[]>
  closedWith: unknown[]
}

function fakeMy(options: { canIUse?: ((schema: string) => boolean) | null; noTask?: boolean; failAtOnce?: boolean } = {}) {
  const tasks: FakeTask[] = []
  const calls: string[] = []
  const my: Record<string, unknown> = {
    connectSocket: (o: Record<string, unknown> & { fail?: (e: unknown) => void }) => {
      calls.push(`connectSocket ${o.multiple === true ? 'multiple' : 'global'}`)
      if (options.failAtOnce) o.fail?.({ error: 2, errorMessage: 'domain not allowed' })
      if (options.noTask) return undefined
      const t: FakeTask = { options: o, listeners: { open: [], message: [], close: [], error: [] }, closedWith: [] }
      tasks.push(t)
      return {
        onOpen: (l: () => void) => void t.listeners.open.push(l),
        onMessage: (l: (r?: unknown) => void) => void t.listeners.message.push(l),
        onClose: (l: () => void) => void t.listeners.close.push(l),
        onError: (l: () => void) => void t.listeners.error.push(l),
        close: (c: unknown) => void t.closedWith.push(c)
      }
    },
    closeSocket: () => void calls.push('closeSocket')
  }
  if (options.canIUse !== null) {
    my.canIUse = (schema: string) => {
      calls.push(`canIUse ${schema}`)
      return options.canIUse ? options.canIUse(schema) : true
    }
  }
  ;(globalThis as { my?: unknown }).my = my
  return { tasks, calls }
}

afterEach(() => {
  delete (globalThis as { my?: unknown }).my
})

describe('the payment app’s socket (my.connectSocket, multiple: true)', () => {
  test('a SocketTask of its own per connection, its events and frames handed on, closed with 1000', () => {
    const { tasks, calls } = fakeMy()
    const a = myOpenSocket('wss://shop.example/live/socket?ent=E1001&shop=S101')
    const b = myOpenSocket('wss://shop.example/live/socket?ent=E1001&shop=S101&base=B201')
    expect(a).not.toBeNull()
    expect(b).not.toBeNull()
    expect(tasks).toHaveLength(2)
    expect(tasks[1].options).toMatchObject({ url: 'wss://shop.example/live/socket?ent=E1001&shop=S101&base=B201', multiple: true })
    expect(calls).not.toContain('connectSocket global')
    const heard: string[] = []
    a!.onOpen(() => heard.push('a open'))
    a!.onMessage((text) => heard.push(`a ${text}`))
    b!.onMessage((text) => heard.push(`b ${text}`))
    a!.onClose(() => heard.push('a close'))
    tasks[0].listeners.open.forEach((l) => l({}))
    tasks[0].listeners.message.forEach((l) => l({ data: '{"id":1,"kind":"ready"}', isBuffer: false }))
    tasks[1].listeners.message.forEach((l) => l({ data: '{"id":2,"kind":"ready"}' }))
    tasks[0].listeners.close.forEach((l) => l({ code: 1006 }))
    expect(heard).toEqual(['a open', 'a {"id":1,"kind":"ready"}', 'b {"id":2,"kind":"ready"}', 'a close'])
    b!.close()
    expect(tasks[1].closedWith).toEqual([{ code: 1000, reason: 'done' }])
    expect(tasks[0].closedWith).toEqual([])
  })

  test('a frame’s text: plain, nested once more in data, never a binary (base64) frame', () => {
    expect(myFrameText({ data: '{"kind":"ping"}', isBuffer: false })).toBe('{"kind":"ping"}')
    expect(myFrameText({ data: { data: '{"kind":"ping"}', isBuffer: false } })).toBe('{"kind":"ping"}')
    expect(myFrameText({ data: 'eyJraW5kIjoicGluZyJ9', isBuffer: true })).toBe('')
    expect(myFrameText({ data: { data: 'eyJraW5kIjoicGluZyJ9', isBuffer: true } })).toBe('')
    expect(myFrameText({ data: 42 })).toBe('')
    expect(myFrameText(undefined)).toBe('')
  })

  test('a refused call (the domain not allowed) is an error of the socket, even when it fails at once', async () => {
    fakeMy({ failAtOnce: true })
    const s = myOpenSocket('wss://elsewhere.example/live/socket?ent=E1001&shop=S101')
    expect(s).not.toBeNull()
    let errors = 0
    s!.onError(() => errors++)
    await new Promise((r) => setTimeout(r, 5))
    expect(errors).toBe(1)
  })

  test('no SocketTask per connection: no socket (so the poll), and never the app’s one global socket left open', () => {
    expect(myOpenSocket('wss://shop.example/live/socket')).toBeNull()
    ;(globalThis as { my?: unknown }).my = { canIUse: () => true }
    expect(myOpenSocket('wss://shop.example/live/socket')).toBeNull()

    // An old base library says so: not even asked to connect.
    const old = fakeMy({ canIUse: (schema) => schema !== 'connectSocket.object.multiple' })
    expect(myOpenSocket('wss://shop.example/live/socket')).toBeNull()
    expect(old.calls).toEqual(['canIUse connectSocket.object.multiple'])

    // One without canIUse that ignores multiple (opens the global socket, gives no task): closed again.
    const silent = fakeMy({ canIUse: null, noTask: true })
    expect(myOpenSocket('wss://shop.example/live/socket')).toBeNull()
    expect(silent.calls).toEqual(['connectSocket multiple', 'closeSocket'])
  })
})
