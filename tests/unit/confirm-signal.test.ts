import { afterConfirm, ConfirmCancelled, isConfirmCancelled, wasConfirmed } from '../../src/hosts/confirm-signal'

const texts = { content: 'Clear the cart?', confirm: 'Clear', cancel: 'Cancel' }
/** A host whose confirm answers as every host's does: resolves on confirm, rejects with the cancel signal on cancel. */
const answering = (answer: boolean) => ({
  asked: [] as unknown[],
  confirm(t: unknown): Promise<void> {
    this.asked.push(t)
    return answer ? Promise.resolve() : Promise.reject(new ConfirmCancelled())
  }
})

describe('confirm modals reject with a cancel signal (spec §8)', () => {
  it('tells the cancel signal from a real failure', async () => {
    const rejected = answering(false).confirm(texts)
    await expect(rejected).rejects.toBeInstanceOf(ConfirmCancelled)
    await rejected.catch((e: unknown) => expect(isConfirmCancelled(e)).toBe(true))
    expect(isConfirmCancelled(new Error('network'))).toBe(false)
    await expect(wasConfirmed(answering(true).confirm(texts))).resolves.toBe(true)
    await expect(wasConfirmed(answering(false).confirm(texts))).resolves.toBe(false)
    await expect(wasConfirmed(Promise.reject(new Error('network')))).rejects.toThrow('network')
  })

  it('runs the action only after a confirm; a cancel does nothing and is no error', async () => {
    let done = 0
    const yes = answering(true)
    await afterConfirm(yes, texts, () => done++)
    expect(yes.asked).toEqual([texts])
    await expect(afterConfirm(answering(false), texts, () => done++)).resolves.toBeUndefined()
    expect(done).toBe(1)
  })

  it('lets a real failure of the action through', async () => {
    await expect(afterConfirm(answering(true), texts, () => { throw new Error('boom') })).rejects.toThrow('boom')
  })
})
