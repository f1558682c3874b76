import { z } from 'zod'
import { addressRow, changeAddress } from '../../domain/addresses/address-book'
import { defineOperation } from '../operation'
import { ADDRESS_COLUMNS, ADDRESS_RULES, addressCaller, addressFields, addressIdField } from './VipAddressFields'

export default defineOperation({
  name: 'VipAddressUpdate',
  group: 'Members',
  summary: `Replaces every field of one of the signed-in member's addresses (table1: the address as saved). Another member's AddressID and an unknown one both → 20061, and nothing changes. IsDefault 1 makes it the only default; 0 on the default hands the default to the newest other address (the only address stays default); absent leaves it. ${ADDRESS_RULES} An update without Lat/Lng that keeps the region, street and house number keeps the location it had. Orders placed to it keep their own copy. No session → errcode 10010.`,
  auth: 'member',
  input: z.object({ AddressID: addressIdField, ...addressFields }),
  output: { table1: ADDRESS_COLUMNS },
  async handler(ctx, input) {
    const caller = await addressCaller(ctx)
    return { table1: [addressRow(await changeAddress(caller, input), ctx.locale, caller.timeZone)] }
  }
})
