import { z } from 'zod'
import type { AreaRow } from '../../../../src/gateway/address-rows'
import { MAX_PARENT_CODES, MAX_REGION_CODE, childrenOf } from '../../domain/regions/regions.service'
import { keepAnswer } from '../../http/kept-answers'
import { defineOperation, type ColumnDocs } from '../operation'

const AREA_COLUMNS: ColumnDocs<AreaRow> = {
  AreaCode: 'string: region code (GB/T 2260 for the mainland, Hong Kong and Macau leaves; see docs/addresses.md)',
  ParentCode: "string: the parent's code ('' for level 1)",
  AreaName: "string: the region's name in the request's language (mainland names: simplified Chinese in English, see docs/addresses.md)",
  Level: 'number: 1 Macau / Hong Kong / province, 2 zone / area / city, 3 parish / district',
  HasChildren: 'number: 1 the picker goes on, 0 a leaf (an address needs a leaf)'
}

/** A list of codes, or one comma-separated text (lenient callers); '' (level 1) allowed. */
const parentCodes = z
  .preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((c) => c.trim()) : Array.isArray(v) ? v.map((c) => (typeof c === 'number' ? String(c) : c === null ? '' : c)) : v),
    z.array(z.string().trim().max(MAX_REGION_CODE)).min(1).max(MAX_PARENT_CODES)
  )
  .describe(`Regions whose children are wanted ('' for level 1), 1–${MAX_PARENT_CODES} codes of at most ${MAX_REGION_CODE} characters`)

export default defineOperation({
  name: 'AreaBatchSelect',
  group: 'Common',
  summary:
    "The region picker's data: the children of each ParentCodes region ('' = level 1: Macau, Hong Kong, then mainland provinces), parent by parent in the order asked, names in the request's language. A code the dataset does not know → 20063. The dataset is fixed for the life of the process, so answers are kept (sent again without the full way).",
  auth: 'app',
  input: z.object({ ParentCodes: parentCodes }),
  output: { table1: AREA_COLUMNS },
  async handler(ctx, input) {
    // Nothing but the request decides the answer: the dataset is built once per process.
    return keepAnswer({ table1: childrenOf(input.ParentCodes, ctx.locale) }, () => true)
  }
})
