import { z } from 'zod'
import { saveStaff } from '../../domain/staff/staff-people.service'
import { areaCodeField, idField, idListField, idsOf, lineText, localeField, noteText, passwordField, phoneField, pinField, roleField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffSave',
  auth: 'staff.manage',
  input: z.object({
    StaffID: idField("The person to change; '' to add one"),
    Name: lineText('Name as colleagues know it', 120),
    AreaCode: areaCodeField,
    Phone: phoneField,
    Role: roleField,
    ShopIDs: idListField("Comma-separated ShopIDs; '' = every shop"),
    BaseIDs: idListField("Comma-separated BaseIDs; '' = every branch of those shops"),
    Locale: localeField,
    Password: passwordField("A new password, '' to keep"),
    Pin: pinField("A new 4–6 digit PIN, '' to keep"),
    Reason: noteText('Why (kept in the audit log)')
  }),
  async handler(ctx, input) {
    const row = await saveStaff(
      ctx.db,
      ctx.staff,
      {
        staffId: input.StaffID,
        name: input.Name,
        areaNo: input.AreaCode,
        phone: input.Phone,
        role: input.Role,
        shopIds: idsOf(input.ShopIDs),
        baseIds: idsOf(input.BaseIDs),
        locale: input.Locale,
        password: input.Password,
        pin: input.Pin,
        reason: input.Reason
      },
      { clientIp: ctx.clientIp, now: ctx.now }
    )
    return { table1: [row] }
  }
})
