import { z } from 'zod'
import { qrSheetGroups } from '../../domain/entry/qr-sheet-data'
import { renderQrSheet } from '../../domain/entry/qr-sheet'
import { assertBase, assertShop } from '../../domain/staff/staff-actor'
import { idField, localeField } from './staff-fields'
import { defineStaffOperation } from './staff-operation'
import { printedOrigin } from './staff-tables'

export default defineStaffOperation({
  name: 'TableQrSheet',
  auth: 'tables.manage',
  input: z.object({ ShopID: idField('The shop'), BaseID: idField("A branch, '' for the whole shop"), Locale: localeField }),
  async handler(ctx, input) {
    if (input.BaseID) assertBase(ctx.staff, input.ShopID, input.BaseID)
    else assertShop(ctx.staff, input.ShopID)
    const sheet = await qrSheetGroups(ctx.db, ctx.staff.entId, { origin: printedOrigin(ctx), locale: input.Locale, shopId: input.ShopID, baseId: input.BaseID || undefined, now: ctx.now })
    const pdf = await renderQrSheet(sheet)
    return { table1: [{ FileName: `qr-codes-${input.BaseID || input.ShopID}.pdf`, PdfBase64: pdf.toString('base64') }] }
  }
})
