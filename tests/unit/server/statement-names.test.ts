/**
 * StatementNames (named-statements.ts): which statements a process prepares on PostgreSQL. Only a
 * text sent again and again is named, each text keeps its number, and the counts stay bounded so a
 * process that writes values into its texts cannot fill its connections with prepared statements.
 * What PostgreSQL does with the names is checked in tests/server/postgres-named-statements.test.ts.
 */
import { StatementNames } from '../../../server/src/storage/named-statements'

describe('StatementNames', () => {
  it('names a text on its third sending and keeps that number', () => {
    const names = new StatementNames()
    expect(names.numberOf('select a from t where id = $1')).toBeUndefined()
    expect(names.numberOf('select a from t where id = $1')).toBeUndefined()
    expect(names.numberOf('select a from t where id = $1')).toBe(1)
    expect(names.numberOf('select a from t where id = $1')).toBe(1)
    expect(names.numberOf('select b from t where id = $1')).toBeUndefined()
    expect(names.numberOf('select b from t where id = $1')).toBeUndefined()
    expect(names.numberOf('select b from t where id = $1')).toBe(2)
    expect(names.numberOf('select a from t where id = $1')).toBe(1)
    expect(names.size).toBe(2)
  })

  it('names at most 400 texts; a text past them is always sent unnamed', () => {
    const names = new StatementNames()
    for (let i = 0; i < 400; i++) for (let n = 0; n < 3; n++) names.numberOf(`select ${i} where $1`)
    expect(names.size).toBe(400)
    for (let n = 0; n < 5; n++) expect(names.numberOf('select late where $1')).toBeUndefined()
    expect(names.numberOf('select 399 where $1')).toBe(400)
  })

  it('stops counting new texts after 4000 that were seen once, but still names those it counts', () => {
    const names = new StatementNames()
    names.numberOf('select early where $1')
    for (let i = 0; i < 4000; i++) names.numberOf(`select ${i} where $1`)
    for (let n = 0; n < 5; n++) expect(names.numberOf('select unseen where $1')).toBeUndefined()
    names.numberOf('select early where $1')
    expect(names.numberOf('select early where $1')).toBe(1)
  })
})
