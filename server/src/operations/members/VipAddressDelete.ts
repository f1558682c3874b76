import { z } from 'zod'
import { addressRow, removeAddress } from '../../domain/addresses/address-book'
import { defineOperation } from '../operation'
import { ADDRESS_COLUMNS, addressCaller, addressIdField } from './VipAddressFields'

export default defineOperation({
  name: 'VipAddressDelete',
  group: 'Members',
  summary:
    "Deletes one of the signed-in member's addresses; table1 the addresses left (default first, then newest). Deleting the default makes the newest remaining address the default. Another member's AddressID and an unknown one both → 20061, and nothing changes. Orders placed to it keep their own copy. No session → errcode 10010.",
  auth: 'member',
  input: z.object({ AddressID: addressIdField }),
  output: { table1: ADDRESS_COLUMNS },
  async handler(ctx, input) {
    const caller = await addressCaller(ctx)
    const rest = await removeAddress(caller, input.AddressID)
    return { table1: rest.map((a) => addressRow(a, ctx.locale, caller.timeZone)) }
  }
})
