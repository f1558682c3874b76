import { z } from 'zod'
import type { TableRow } from '../../../../src/gateway/address-rows'
import { DEFAULT_TABLE_PAGE_SIZE, branchTables } from '../../domain/places/branch.service'
import { MAX_PAGE_SIZE } from '../../domain/paging'
import { optionalInteger, requiredId } from '../fields'
import { defineOperation, type ColumnDocs } from '../operation'
import { TOTAL_COLUMNS, totalRow } from '../rows'

const TABLE_COLUMNS: ColumnDocs<TableRow> = {
  TableID: 'string: table id',
  TableCode: "string: the table's short code as printed ('A01')",
  TableName: "string: name in the request's language",
  BaseID: 'string: its branch',
  ShopID: "string: the branch's shop"
}

export default defineOperation({
  name: 'TableListByPage',
  group: 'Retail',
  summary: `A branch's tables by code, for choosing one by hand (the branch's code known, not a table's). Unknown branch, another enterprise's, or one of a disabled shop → 20004. Paged: PageIndex from 1, PageSize 1–${MAX_PAGE_SIZE} (default ${DEFAULT_TABLE_PAGE_SIZE}); table2 holds the total. Never a table's QR code (it is the proof of sitting there).`,
  auth: 'app',
  input: z.object({
    BaseID: requiredId('Branch id'),
    PageIndex: optionalInteger('Page number, from 1 (default 1)', 1, Number.MAX_SAFE_INTEGER),
    PageSize: optionalInteger(`Rows per page, 1–${MAX_PAGE_SIZE} (default ${DEFAULT_TABLE_PAGE_SIZE})`, 1, MAX_PAGE_SIZE)
  }),
  output: { table1: TABLE_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    const { tables, total } = await branchTables(ctx.db, ctx.enterprise.entId, input.BaseID, input, ctx.locale)
    return { table1: tables, table2: [totalRow(total)] }
  }
})
