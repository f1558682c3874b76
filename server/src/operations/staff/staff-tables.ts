/** The table rows staff operations answer (StaffTableList, TablesAdd, TableRotate). */
import type { StaffTableRow } from '../../../../src/gateway/staff-contract'
import { entryUrl, qrSheetOrigin } from '../../domain/entry/qr-sheet-data'
import type { TableSetup } from '../../domain/setup/tables-setup.service'
import type { StaffOperationContext } from './staff-operation'

/** Where printed codes point: PUBLIC_URL, else the origin the console reached us on. */
export const printedOrigin = (ctx: StaffOperationContext): string => ctx.config.publicUrl ?? qrSheetOrigin(ctx.config.port, ctx.origin)

export const tableRow = (ctx: StaffOperationContext, t: TableSetup): StaffTableRow => ({
  TableID: t.tableId,
  ShopID: t.shopId,
  BaseID: t.baseId,
  Code: t.code,
  Names: t.names,
  Area: t.area,
  EntryUrl: t.qrCode ? entryUrl(printedOrigin(ctx), t.qrCode) : ''
})
