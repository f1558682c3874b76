import { z } from 'zod'
import { pairDevice } from '../../domain/staff/staff-devices.service'
import { deviceKindField, idField, lineText } from './staff-fields'
import { defineStaffOperation } from './staff-operation'

export default defineStaffOperation({
  name: 'StaffDevicePair',
  auth: 'devices.manage',
  input: z.object({
    Name: lineText("What staff call it ('Kitchen tablet 1')", 120),
    Kind: deviceKindField,
    ShopID: idField('The shop it serves'),
    BaseID: idField("The branch it serves ('' = the whole shop)")
  }),
  async handler(ctx, input) {
    const row = await pairDevice(ctx.db, ctx.staff, { name: input.Name, kind: input.Kind, shopId: input.ShopID, baseId: input.BaseID }, { clientIp: ctx.clientIp, now: ctx.now })
    return { table1: [row] }
  }
})
