import { z } from 'zod'
import { DomainError } from '../../domain/errors'
import { verifySecret } from '../../domain/staff/secret-hash'
import { updateOwnProfile } from '../../domain/staff/staff-people.service'
import { sessionRow } from '../../domain/staff/staff-session'
import { optionalLocaleField, passwordField, pinField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffProfileUpdate',
  auth: 'signed-in',
  input: z.object({
    Locale: optionalLocaleField,
    Password: passwordField('A new password, or empty').optional(),
    CurrentPassword: passwordField('The current password (needed to change a password that is set)').optional(),
    Pin: pinField('A new PIN, or empty').optional()
  }),
  async handler(ctx, input) {
    if (input.Password) {
      const person = await ctx.db.selectFrom('staff_members').select('password_hash').where('staff_id', '=', ctx.staff.staffId).executeTakeFirstOrThrow()
      // Someone who finds a signed-in tablet cannot take the account over.
      if (person.password_hash !== null && !(await verifySecret(input.CurrentPassword ?? '', person.password_hash))) throw new DomainError('STAFF_SIGN_IN_FAILED')
    }
    await updateOwnProfile(ctx.db, ctx.staff, { locale: input.Locale, password: input.Password || undefined, pin: input.Pin || undefined }, { clientIp: ctx.clientIp, now: ctx.now })
    // The session stays (changing one's own password here does not sign one out).
    const refreshed = { ...ctx.staff, locale: input.Locale ?? ctx.staff.locale }
    return { table1: [sessionRow(refreshed)] }
  }
})
