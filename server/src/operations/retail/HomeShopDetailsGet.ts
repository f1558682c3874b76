import { z } from 'zod'
import type { OperationTypes, TableExtrasRow } from '../../../../src/gateway/operations'
import { homeDetails } from '../../domain/entry/home.service'
import { entryLookupFields } from '../fields'
import { defineOperation, type ColumnDocs } from '../operation'
import { BASE_COLUMNS, NO_NAMES, SHOP_COLUMNS, SHOP_USER_COLUMNS, baseRow, localized, shopRow, shopUserRow } from '../rows'

type SheetRow = OperationTypes['HomeShopDetailsGet']['output']['table4'][number]

const SHEET_COLUMNS: ColumnDocs<SheetRow> = {
  SheetID: "string: the table's open sheet (only when the table's own QRCode was given)",
  CreatedDate: "string: 'YYYY-MM-DD HH:mm:ss' on the enterprise's wall clock",
  Status: 'number: 0 open'
}

const EXTRAS_COLUMNS: ColumnDocs<TableExtrasRow> = {
  TableID: "string: '' without a table",
  TableName: "string: in the request's language",
  TableNames: 'object {"zh-CN","zh-TW","en"} (all \'\' without a table)',
  NowDate: "string: now, 'YYYY-MM-DD HH:mm:ss' in TimeZone",
  TimeZone: "string: the enterprise's IANA time zone",
  TableCount: 'number: tables of the branch when no table was named (Home offers choosing one by hand); 0 otherwise'
}

export default defineOperation({
  name: 'HomeShopDetailsGet',
  group: 'Retail',
  summary:
    "Shop, shop user, branch, the table's open sheet and the clock for the entry page. Resolves like EntIDGet within the envelope's enterprise (a table gives branch and shop, a branch gives the shop); a shop with one branch implies it, and after a shop-level code a BaseID of that shop picks the branch. table3 is empty while the branch is undetermined; table4 holds the table's open sheet only when the lookup is the table's current QRCode (a TableID alone never shows it). No code given or shop missing → 20003.",
  auth: 'app',
  input: z.object(entryLookupFields),
  output: {
    table1: SHOP_COLUMNS,
    table2: SHOP_USER_COLUMNS,
    table3: BASE_COLUMNS,
    table4: SHEET_COLUMNS,
    table5: EXTRAS_COLUMNS
  },
  async handler(ctx, input) {
    const home = await homeDetails(ctx.db, ctx.enterprise.entId, input, ctx.now)
    const tableName = home.table ? localized(home.table.names, ctx.locale) : { text: '', names: NO_NAMES }
    return {
      table1: [shopRow(home.shop, ctx.locale)],
      table2: [shopUserRow(home.shop)],
      table3: home.base ? [baseRow(home.base, ctx.locale)] : [],
      table4: home.openSheet
        ? [{ SheetID: home.openSheet.sheetId, CreatedDate: home.sheetCreatedText, Status: home.openSheet.status }]
        : [],
      table5: [
        {
          TableID: home.table?.tableId ?? '',
          TableName: tableName.text,
          TableNames: tableName.names,
          NowDate: home.nowText,
          TimeZone: home.timeZone,
          TableCount: home.tableCount
        }
      ]
    }
  }
})
