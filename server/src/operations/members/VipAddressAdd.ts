import { z } from 'zod'
import { addAddress, addressRow } from '../../domain/addresses/address-book'
import { defineOperation } from '../operation'
import { ADDRESS_COLUMNS, ADDRESS_RULES, addressCaller, addressFields } from './VipAddressFields'

export default defineOperation({
  name: 'VipAddressAdd',
  group: 'Members',
  summary: `Saves a delivery address for the signed-in member (table1: the new address). The first address is the default; IsDefault 1 makes it the only default. ${ADDRESS_RULES} Idempotent by RequestKey: a retry with the same key answers the address it made. No session → errcode 10010.`,
  auth: 'member',
  input: z.object({
    ...addressFields,
    RequestKey: z
      .preprocess((v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v), z.string().trim().min(8).max(128).regex(/^[A-Za-z0-9_.:-]+$/).optional())
      .describe('Idempotency key, 8–128 of [A-Za-z0-9_.:-] (optional): the same key adds once')
  }),
  output: { table1: ADDRESS_COLUMNS },
  async handler(ctx, input) {
    const caller = await addressCaller(ctx)
    return { table1: [addressRow(await addAddress(caller, input), ctx.locale, caller.timeZone)] }
  }
})
