/** Shared conversions between storage columns and domain values. */
import { LOCALES, type LocalizedText } from '../../../../src/gateway/contract'

/** names column (JSON text) → LocalizedText; a missing language becomes ''. */
export function parseNames(json: string): LocalizedText {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    value = {}
  }
  const source = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>
  const names = {} as LocalizedText
  for (const locale of LOCALES) names[locale] = typeof source[locale] === 'string' ? (source[locale] as string) : ''
  return names
}

export const namesJson = (names: LocalizedText): string =>
  JSON.stringify({ 'zh-CN': names['zh-CN'], 'zh-TW': names['zh-TW'], en: names.en })

export const flag = (value: boolean): number => (value ? 1 : 0)

/** count(*) comes back as a number on SQLite and as a bigint string on PostgreSQL. */
export const countOf = (row: { count: string | number | bigint } | undefined): number => Number(row?.count ?? 0)
