import { z } from 'zod'
import type { EntIdRow } from '../../../../src/gateway/operations'
import { resolveEntry } from '../../domain/entry/entry.service'
import { invalidInput } from '../../domain/errors'
import { entryLookupFields } from '../fields'
import { defineOperation, type ColumnDocs } from '../operation'
import { localized } from '../rows'

const ENT_ID_COLUMNS: ColumnDocs<EntIdRow> = {
  EntID: 'string: the enterprise the code belongs to',
  EntName: "string: enterprise name in the request's language",
  EntNames: 'object {"zh-CN","zh-TW","en"}',
  ShopID: 'string',
  BaseID: "string: '' when the shop has several branches and the code names none",
  TableID: "string: '' unless the code is a table's",
  QRCode: "string: the scanned code ('' when found by TableID, BaseID or ShopID: a table's code is never handed out)"
}

export default defineOperation({
  name: 'EntIDGet',
  group: 'Common',
  summary:
    'Which enterprise (and shop, branch, table) a code points at. Exactly one lookup, by priority QRCode > TableID > BaseID > ShopID; the envelope EntID may be empty. Expired or disabled QR codes are invalid (20002); none of the four given → 10007.',
  auth: 'public',
  input: z.object(entryLookupFields),
  output: { table1: ENT_ID_COLUMNS },
  async handler(ctx, input) {
    const entry = await resolveEntry(ctx.db, input, { now: ctx.now })
    if (!entry) throw invalidInput('QRCode / TableID / BaseID / ShopID')
    const name = localized(entry.enterprise.names, ctx.locale)
    return {
      table1: [
        {
          EntID: entry.enterprise.entId,
          EntName: name.text,
          EntNames: name.names,
          ShopID: entry.shop.shopId,
          BaseID: entry.base?.baseId ?? '',
          TableID: entry.table?.tableId ?? '',
          QRCode: entry.qrCode
        }
      ]
    }
  }
})
