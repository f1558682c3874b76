/** The registry is the contract, and docs/gateway.md is generated from both. */
import fs from 'node:fs'
import { OPERATIONS } from '../../../src/gateway/operation-list'
import { GATEWAY_DOC_PATH, updateGatewayDoc } from '../../../server/src/cli/gateway-docs'
import { operationList } from '../../../server/src/operations/registry'

describe('operation registry', () => {
  it('has exactly the operations of the contract, each in its group', () => {
    const registered = Object.fromEntries(operationList().map((op) => [op.name, op.group]))
    expect(registered).toEqual(OPERATIONS)
  })

  it('gives every operation a summary, an auth level and an input schema', () => {
    for (const op of operationList()) {
      expect(op.summary.length).toBeGreaterThan(20)
      expect(['public', 'app', 'member']).toContain(op.auth)
      expect(typeof op.input.safeParse).toBe('function')
    }
  })
})

describe('docs/gateway.md', () => {
  it('is up to date with the registry and the codes (npx tsx server/src/cli/gateway-docs.ts)', () => {
    const current = fs.readFileSync(GATEWAY_DOC_PATH, 'utf8')
    expect(updateGatewayDoc(current)).toBe(current)
    for (const name of Object.keys(OPERATIONS)) expect(current).toContain(`### ${name}`)
  })
})
