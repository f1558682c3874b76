/**
 * esbuild compiles most test files and sources (tests/esbuild-transform.js) but does not hoist
 * jest.mock above the imports as babel-jest does: a test file that calls jest.mock must be one of
 * those jest.config.js and tests/client/jest.project.js send through babel, or its mock would
 * come after the module it replaces was loaded.
 */
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(__dirname, '..', '..')
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(path.join(root, 'jest.config.js')) as { projects: Array<{ displayName: string; testMatch: string[]; transform: Record<string, string | [string, unknown]> }> }

function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).filter((f) => /\.test\.tsx?$/.test(f)).map((f) => path.join(root, dir, f))
}

/** The transformer jest picks for a file: the first pattern that matches, in the order written. */
function transformerOf(transform: Record<string, string | [string, unknown]>, file: string): string {
  const hit = Object.entries(transform).find(([pattern]) => new RegExp(pattern).test(file))
  if (!hit) throw new Error(`no transform for ${file}`)
  return Array.isArray(hit[1]) ? hit[1][0] : hit[1]
}

const projects = { unit: 'tests/unit', server: 'tests/server', client: 'tests/client' } as const

describe('jest transforms', () => {
  for (const [name, dir] of Object.entries(projects)) {
    test(`${name}: every test file that calls jest.mock goes through babel, the rest through esbuild`, () => {
      const project = config.projects.find((p) => p.displayName === name)!
      const files = testFiles(dir)
      expect(files.length).toBeGreaterThan(0)
      const wrong = files.filter((file) => {
        const source = fs.readFileSync(file, 'utf8')
        const babel = transformerOf(project.transform, file) === 'babel-jest'
        if (/\bjest\.mock\(/.test(source)) return !babel
        // Babel for no reason is the slower compile; a file that spies on a module's exports may need it.
        return babel && !/jest\.spyOn/.test(source)
      })
      expect(wrong.map((f) => path.relative(root, f))).toEqual([])
    })
  }
})
