import { z } from 'zod'
import { LOCALES, type Locale, type LocalizedText } from '../../../../src/gateway/contract'
import { invalidInput } from '../../domain/errors'
import { createEnterprise } from '../../domain/setup/enterprise-setup.service'
import { completeSetup } from '../../domain/staff/setup-link.service'
import { areaCodeField, lineText, localeField, localizedTextField, passwordField, phoneField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffSetupComplete',
  auth: 'public',
  input: z.object({
    SetupToken: z.string().max(200).describe('The token of the setup link'),
    OwnerName: lineText("The owner's name", 120),
    AreaCode: areaCodeField,
    Phone: phoneField,
    Password: passwordField('The owner’s password (at least 8 characters)'),
    EntNames: localizedTextField('The enterprise’s name in each language').optional(),
    Currency: lineText("Currency sign ('MOP$')", 8).optional(),
    TimeZone: z.string().trim().max(64).optional().describe("IANA time zone ('Asia/Macau')"),
    Languages: z
      .string()
      .trim()
      .max(40)
      .refine((t) => {
        const list = t.split(',').map((s) => s.trim())
        return list.length > 0 && new Set(list).size === list.length && list.every((l) => (LOCALES as readonly string[]).includes(l))
      }, 'languages')
      .optional()
      .describe("Comma-separated languages diners use, the default first ('zh-TW,en,zh-CN')"),
    Locale: localeField
  }),
  async handler(ctx, input) {
    const row = await completeSetup(
      ctx.db,
      input.SetupToken,
      { ownerName: input.OwnerName, areaNo: input.AreaCode, phone: input.Phone, password: input.Password, locale: input.Locale },
      async (trx) => {
        const missing = (['EntNames', 'Currency', 'TimeZone', 'Languages'] as const).filter((f) => !input[f])
        if (missing.length > 0) throw invalidInput(missing.join(', '))
        const languages = (input.Languages as string).split(',').map((s) => s.trim()) as Locale[]
        return (await createEnterprise(trx, { names: input.EntNames as LocalizedText, currency: input.Currency as string, timeZone: input.TimeZone as string, languages }, { now: ctx.now })).entId
      },
      { clientIp: ctx.clientIp, now: ctx.now }
    )
    return { table1: [row] }
  }
})
