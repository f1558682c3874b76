import { hashSecret, lowerSecretHashCostForTests, SECRET_HASH_COST, verifySecret } from '../../server/src/domain/staff/secret-hash'

// This file runs in the unit project, where nothing lowers the cost: what the server stores.
describe('staff secret hashes', () => {
  it('are made at scrypt N = 2^15 and checked against the cost they name', async () => {
    const stored = await hashSecret('1357')
    expect(stored.split('$').slice(0, 4)).toEqual(['scrypt', String(1 << 15), '8', '1'])
    expect(SECRET_HASH_COST).toBe(1 << 15)
    expect(await verifySecret('1357', stored)).toBe(true)
    expect(await verifySecret('1358', stored)).toBe(false)
  })

  it('take a lower cost only outside production, and only a power of two up to the real one', () => {
    const env = process.env.NODE_ENV
    try {
      process.env.NODE_ENV = 'production'
      expect(() => lowerSecretHashCostForTests(1 << 10)).toThrow(/only in tests/)
      process.env.NODE_ENV = 'test'
      expect(() => lowerSecretHashCostForTests(1000)).toThrow(/power of two/)
      expect(() => lowerSecretHashCostForTests(1 << 16)).toThrow(/power of two/)
    } finally {
      process.env.NODE_ENV = env
    }
  })

  it('made at a lower cost still check after the cost is back, by the cost they name', async () => {
    lowerSecretHashCostForTests(1 << 10)
    const cheap = await hashSecret('2468')
    lowerSecretHashCostForTests(SECRET_HASH_COST)
    expect(cheap.split('$')[1]).toBe(String(1 << 10))
    expect(await verifySecret('2468', cheap)).toBe(true)
    expect((await hashSecret('2468')).split('$')[1]).toBe(String(1 << 15))
  })
})
