import { z } from 'zod'
import { saveStation } from '../../domain/kitchen/station.service'
import { idField, idListField, idsOf, lineText } from '../staff/staff-fields'
import { defineStaffOperation } from '../staff/staff-operation'
import { requiredIdField } from '../staff/staff-service-rows'
import { branchInScope } from './kitchen-scope'

export default defineStaffOperation({
  name: 'KitchenStationSave',
  auth: 'shops.manage',
  input: z.object({
    BaseID: requiredIdField('The branch'),
    StationID: idField("The station; '' adds one"),
    Name: lineText('Its name on the board and the printed ticket', 32),
    ClassIDs: idListField('Comma-separated classes it cooks'),
    GoodsIDs: idListField('Comma-separated goods it cooks whatever their class'),
    AlertMinutes: z.coerce.number().int().min(1).max(240).describe('Minutes after which a ticket turns red'),
    PrinterHost: z.string().trim().max(253).describe("Its ESC/POS network printer's host or IP; '' none"),
    PrinterPort: z.coerce.number().int().min(1).max(65535).describe('The printer’s TCP port (9100)'),
    Sort: z.coerce.number().int().min(0).max(999).describe('Its place on the board')
  }),
  async handler(ctx, input) {
    const place = await branchInScope(ctx.db, ctx.staff, input.BaseID)
    const saved = await saveStation(
      ctx.db,
      place,
      {
        stationId: input.StationID,
        name: input.Name,
        classIds: idsOf(input.ClassIDs),
        goodsIds: idsOf(input.GoodsIDs),
        alertMinutes: input.AlertMinutes,
        printerHost: input.PrinterHost,
        printerPort: input.PrinterPort,
        sort: input.Sort
      },
      { actor: ctx.staff, clientIp: ctx.clientIp },
      ctx.now
    )
    return { table1: [saved] }
  }
})
