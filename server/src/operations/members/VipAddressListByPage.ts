import { z } from 'zod'
import { addressRow, listOwnAddresses } from '../../domain/addresses/address-book'
import { invalidInput } from '../../domain/errors'
import { pageOf, pageWindow } from '../../domain/paging'
import { optionalId, optionalInteger } from '../fields'
import { defineOperation } from '../operation'
import { TOTAL_COLUMNS, totalRow } from '../rows'
import { ADDRESS_COLUMNS, ADDRESS_PAGE_SIZE, addressCaller } from './VipAddressFields'

export default defineOperation({
  name: 'VipAddressListByPage',
  group: 'Members',
  summary: `The signed-in member's saved addresses, the default first, then newest first (table1), and how many there are (table2). Region names in the request's language. VipID, when given, must be the caller's own (another's → errcode 10007 naming VipID; the member comes from the session token). Page 1, size ${ADDRESS_PAGE_SIZE} by default (one page holds the whole book). No session → errcode 10010.`,
  auth: 'member',
  input: z.object({
    VipID: optionalId("The signed-in member's own VipID (or absent)"),
    PageIndex: optionalInteger('Page number, from 1 (default 1)', 1, Number.MAX_SAFE_INTEGER),
    PageSize: optionalInteger(`Rows per page, 1–${ADDRESS_PAGE_SIZE} (default ${ADDRESS_PAGE_SIZE})`, 1, ADDRESS_PAGE_SIZE)
  }),
  output: { table1: ADDRESS_COLUMNS, table2: TOTAL_COLUMNS },
  async handler(ctx, input) {
    if (input.VipID && input.VipID !== ctx.member.vipId) throw invalidInput('VipID')
    const caller = await addressCaller(ctx)
    const all = await listOwnAddresses(caller)
    const page = pageOf(all, pageWindow({ PageIndex: input.PageIndex, PageSize: input.PageSize ?? ADDRESS_PAGE_SIZE }))
    return { table1: page.map((a) => addressRow(a, ctx.locale, caller.timeZone)), table2: [totalRow(all.length)] }
  }
})
