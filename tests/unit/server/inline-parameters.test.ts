/**
 * inlineParameters (at-commit.ts): a compiled query's $n parameters written in as the literals pg
 * would have sent, so a write can travel with the next statement in one message (issue 28 item 6).
 * What PostgreSQL makes of the text is checked in tests/server/postgres-round-trips.test.ts.
 */
import { inlineParameters } from '../../../server/src/storage/at-commit'

describe('inlineParameters', () => {
  it('writes each parameter as a quoted, untyped literal of the text pg sends, null as null', () => {
    expect(inlineParameters('update t set a = $1, b = $2, c = $3, d = $4 where id = $5', ['x', 12, true, null, undefined])).toBe(
      "update t set a = 'x', b = '12', c = 'true', d = null where id = null"
    )
  })

  it('doubles quotes and escapes backslashes as PostgreSQL reads them', () => {
    expect(inlineParameters('select $1', ["it's"])).toBe("select 'it''s'")
    expect(inlineParameters('select $1', ['a\\b'])).toBe("select  E'a\\\\b'")
  })

  it('replaces $10 as the tenth parameter, not the first followed by 0', () => {
    const values = Array.from({ length: 10 }, (_, i) => `v${i + 1}`)
    expect(inlineParameters('values ($1, $10)', values)).toBe("values ('v1', 'v10')")
  })

  it('leaves quoted strings, quoted names and comments as they are', () => {
    expect(inlineParameters(`select '$1', "a$1", 'it''s $2' -- $1\n, $1 /* $2 */`, ['x', 'y'])).toBe(`select '$1', "a$1", 'it''s $2' -- $1\n, 'x' /* $2 */`)
    expect(inlineParameters(`select E'\\'$1', $1`, ['x'])).toBe(`select E'\\'$1', 'x'`)
  })

  it('writes dates, arrays and objects as pg does', () => {
    const at = new Date('2026-12-03T08:00:00.000Z')
    const text = inlineParameters('select $1, $2, $3', [at, ['a', 'b'], { k: "v'" }])!
    expect(text).toMatch(/^select '2026-12-03T\d\d:00:00\.000[+-]\d\d:\d\d', '\{"a","b"\}', '\{"k":"v''"\}'$/)
  })

  it('refuses what it cannot write safely: bytes, dollar quotes, a parameter that is not there, an open quote', () => {
    expect(inlineParameters('insert into t values ($1)', [Buffer.from('x')])).toBeUndefined()
    expect(inlineParameters('select $tag$x$tag$, $1', ['x'])).toBeUndefined()
    expect(inlineParameters('select $2', ['x'])).toBeUndefined()
    expect(inlineParameters("select 'open", [])).toBeUndefined()
    expect(inlineParameters('select 1 /* open', [])).toBeUndefined()
  })
})
