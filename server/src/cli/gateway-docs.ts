/**
 * Generates the reference sections of docs/gateway.md from the operation registry and the
 * contract's code lists, so the documentation is the code:
 *   npx tsx server/src/cli/gateway-docs.ts          rewrite the generated sections
 *   npx tsx server/src/cli/gateway-docs.ts --check  exit 1 when the file is stale
 * Only the text between the markers is generated; the introduction is written by hand.
 */
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { LOCALES, SERVER_TYPES } from '../../../src/gateway/contract'
import { ERRCODES, RESULTCODES } from '../../../src/gateway/codes'
import { CATALOGUES, type MessageKey } from '../../../src/i18n/catalogues'
import { ENVELOPE_HTTP_STATUS, type EnvelopeErrorCode } from '../domain/errors'
import type { AnyOperation } from '../operations/operation'
import { operationList } from '../operations/registry'
import { staffOperationList } from '../operations/staff/staff-registry'
import type { AnyStaffOperation } from '../operations/staff/staff-operation'
import { STAFF_OPERATIONS, type StaffOperationName } from '../../../src/gateway/staff-contract'

export const GATEWAY_DOC_PATH = path.resolve(__dirname, '..', '..', '..', 'docs', 'gateway.md')

export const MARKERS = {
  ops: ['<!-- ops:start -->', '<!-- ops:end -->'],
  codes: ['<!-- codes:start -->', '<!-- codes:end -->'],
  staff: ['<!-- staff-ops:start -->', '<!-- staff-ops:end -->']
} as const

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** A readable type for a record field: 'string (max 128)', 'integer 1–1000', "'A' | 'B'". */
export function describeField(schema: z.ZodTypeAny): string {
  if (schema instanceof z.ZodEffects) return describeField(schema.innerType())
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return describeField(schema.unwrap())
  if (schema instanceof z.ZodDefault) return `${describeField(schema.removeDefault())}, default ${JSON.stringify(schema._def.defaultValue())}`
  if (schema instanceof z.ZodEnum) return (schema.options as string[]).map((o) => `'${o}'`).join(' \\| ')
  if (schema instanceof z.ZodString) {
    const min = schema.minLength
    const max = schema.maxLength
    const range = min && max ? ` (${min}–${max} chars)` : max ? ` (max ${max} chars)` : ''
    return `string${range}`
  }
  if (schema instanceof z.ZodNumber) {
    const kind = schema.isInt ? 'integer' : 'number'
    const { minValue: min, maxValue: max } = schema
    const shown = (n: number | null): n is number => n !== null && Math.abs(n) < 1e6
    if (shown(min) && shown(max)) return `${kind} ${min}–${max}`
    if (shown(min)) return `${kind} ≥ ${min}`
    return kind
  }
  if (schema instanceof z.ZodBoolean) return 'boolean'
  if (schema instanceof z.ZodObject) return 'object'
  if (schema instanceof z.ZodArray) return `list of ${describeField(schema.element)}`
  return 'value'
}

function renderOperation(op: AnyOperation): string {
  const shape = (op.input as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>
  const lines = [`### ${op.name}`, '', `ServerType \`${op.group}\` · auth \`${op.auth}\``, '', op.summary, '']
  const fields = Object.entries(shape)
  if (fields.length === 0) {
    lines.push('Input: no fields beyond EntID / UserID / AppName.', '')
  } else {
    lines.push('Input (each record, beside EntID / UserID / AppName):', '', '| Field | Type | Required | Meaning |', '|---|---|---|---|')
    for (const [name, schema] of fields) {
      lines.push(`| ${name} | ${describeField(schema)} | ${schema.isOptional() ? 'no' : 'yes'} | ${cell(schema.description ?? '')} |`)
    }
    lines.push('')
  }
  for (const [table, columns] of Object.entries(op.output as Record<string, Record<string, string>>)) {
    lines.push(`Output \`${table}\`:`, '', '| Column | Type and meaning |', '|---|---|')
    for (const [column, doc] of Object.entries(columns)) lines.push(`| ${column} | ${cell(doc)} |`)
    lines.push('')
  }
  return lines.join('\n')
}

export function renderOperationsSection(operations: AnyOperation[] = operationList()): string {
  const groupOrder = (op: AnyOperation): number => SERVER_TYPES.indexOf(op.group)
  const sorted = [...operations].sort((a, b) => groupOrder(a) - groupOrder(b) || a.name.localeCompare(b.name))
  const index = ['| ServerType | KeyName | Auth |', '|---|---|---|', ...sorted.map((op) => `| ${op.group} | [${op.name}](#${op.name.toLowerCase()}) | ${op.auth} |`)]
  return [...index, '', ...sorted.map(renderOperation)].join('\n').trimEnd()
}

/** Staff operations (issue 23): ServerType 'Staff', auth public | device | signed-in | a permission. */
export function renderStaffSection(operations: AnyStaffOperation[] = staffOperationList()): string {
  const sorted = [...operations].sort((a, b) => a.name.localeCompare(b.name))
  const lines = ['| KeyName | Auth | What it does |', '|---|---|---|']
  for (const op of sorted) lines.push(`| [${op.name}](#staff-${op.name.toLowerCase()}) | ${op.auth} | ${cell(STAFF_OPERATIONS[op.name as StaffOperationName])} |`)
  for (const op of sorted) {
    const shape = (op.input as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>
    lines.push('', `<a id="staff-${op.name.toLowerCase()}"></a>`, `#### ${op.name}`, '', `ServerType \`Staff\` · auth \`${op.auth}\``, '')
    const fields = Object.entries(shape)
    if (fields.length === 0) lines.push('Input: no fields beyond EntID / UserID / AppName.')
    else {
      lines.push('| Field | Type | Required | Meaning |', '|---|---|---|---|')
      for (const [name, schema] of fields) lines.push(`| ${name} | ${describeField(schema)} | ${schema.isOptional() ? 'no' : 'yes'} | ${cell(schema.description ?? '')} |`)
    }
  }
  lines.push('', 'Answers: src/gateway/staff-contract.ts (StaffOperationOutputs).')
  return lines.join('\n')
}

function messages(key: MessageKey): string {
  return LOCALES.map((locale) => cell(CATALOGUES[locale][key])).join(' | ')
}

export function renderCodesSection(): string {
  const lines = [
    '#### errcode (envelope)',
    '',
    `| errcode | Name | HTTP | ${LOCALES.join(' | ')} |`,
    `|---|---|---|${LOCALES.map(() => '---').join('|')}|`
  ]
  for (const [name, code] of Object.entries(ERRCODES)) {
    if (code === ERRCODES.OK) continue
    lines.push(`| ${code} | ${name} | ${ENVELOPE_HTTP_STATUS[name as EnvelopeErrorCode]} | ${messages(`errcode.${code}`)} |`)
  }
  lines.push('', '#### resultcode (business, HTTP 200)', '', `| resultcode | Name | ${LOCALES.join(' | ')} |`, `|---|---|${LOCALES.map(() => '---').join('|')}|`)
  for (const [name, code] of Object.entries(RESULTCODES)) {
    if (code === RESULTCODES.OK) continue
    lines.push(`| ${code} | ${name} | ${messages(`resultcode.${code}`)} |`)
  }
  return lines.join('\n')
}

function replaceBetween(text: string, [start, end]: readonly [string, string], content: string): string {
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from < 0 || to < from) throw new Error(`docs/gateway.md lacks the markers ${start} … ${end}`)
  return `${text.slice(0, from + start.length)}\n${content}\n${text.slice(to)}`
}

/** The document with its generated sections brought up to date (pure). */
export function updateGatewayDoc(current: string): string {
  return replaceBetween(replaceBetween(replaceBetween(current, MARKERS.ops, renderOperationsSection()), MARKERS.codes, renderCodesSection()), MARKERS.staff, renderStaffSection())
}

if (require.main === module) {
  const current = fs.readFileSync(GATEWAY_DOC_PATH, 'utf8')
  const updated = updateGatewayDoc(current)
  if (process.argv.includes('--check')) {
    if (updated !== current) {
      console.error('docs/gateway.md is stale: run npx tsx server/src/cli/gateway-docs.ts')
      process.exit(1)
    }
    console.log('docs/gateway.md is up to date')
  } else if (updated !== current) {
    fs.writeFileSync(GATEWAY_DOC_PATH, updated)
    console.log('docs/gateway.md updated')
  } else {
    console.log('docs/gateway.md already up to date')
  }
}
