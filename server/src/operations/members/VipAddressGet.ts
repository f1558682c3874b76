import { z } from 'zod'
import { addressRow, ownAddress } from '../../domain/addresses/address-book'
import { defineOperation } from '../operation'
import { ADDRESS_COLUMNS, addressCaller, addressIdField } from './VipAddressFields'

export default defineOperation({
  name: 'VipAddressGet',
  group: 'Members',
  summary: "One of the signed-in member's addresses (table1, one row). Another member's AddressID and an unknown one both → 20061. No session → errcode 10010.",
  auth: 'member',
  input: z.object({ AddressID: addressIdField }),
  output: { table1: ADDRESS_COLUMNS },
  async handler(ctx, input) {
    const caller = await addressCaller(ctx)
    const found = await ownAddress(ctx.db, { entId: caller.entId, vipId: caller.vipId }, input.AddressID)
    return { table1: [addressRow(found, ctx.locale, caller.timeZone)] }
  }
})
