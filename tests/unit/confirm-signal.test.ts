import { afterConfirm, ConfirmCancelled, confirmOrCancel, isConfirmCancelled } from '../../src/hosts/confirm-signal'

const texts = { content: 'Clear the cart?', confirm: 'Clear', cancel: 'Cancel' }
const answering = (answer: boolean) => ({ asked: [] as unknown[], confirm(t: unknown) { this.asked.push(t); return Promise.resolve(answer) } })

describe('confirm modals reject with a cancel signal (spec §8)', () => {
  it('resolves on confirm and rejects with the cancel signal on cancel', async () => {
    await expect(confirmOrCancel(answering(true), texts)).resolves.toBeUndefined()
    const rejected = confirmOrCancel(answering(false), texts)
    await expect(rejected).rejects.toBeInstanceOf(ConfirmCancelled)
    await rejected.catch((e) => expect(isConfirmCancelled(e)).toBe(true))
    expect(isConfirmCancelled(new Error('network'))).toBe(false)
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
