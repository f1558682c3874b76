import { z } from 'zod'
import { DomainError } from '../../domain/errors'
import { issueMemberCode } from '../../domain/wallet/member-code'
import { defineOperation } from '../operation'

export default defineOperation({
  name: 'VipQrCodeGet',
  group: 'Members',
  summary:
    "The signed-in member's code for the shop to scan (draw it as a QR code): signed by this server, it carries a random reference of the member (never the VipID) and expires after ExpiresIn seconds (120); fetch a new one after RefreshIn (60). Number is the same code as 10 digits for staff to type (valid as long; the counter's look-ups of typed numbers are counted and limited, 21411). The shop checks it with `npm run member -- verify <code>`. No session → errcode 10010.",
  auth: 'member',
  input: z.object({}),
  output: {
    table1: {
      Code: 'string: the signed code (text of the QR code)',
      Number: 'string: the code as 10 digits staff can type (show it grouped, e.g. 482 193 0017)',
      ExpiresIn: 'number: seconds it stays valid',
      RefreshIn: 'number: seconds after which to fetch a new one'
    }
  },
  async handler(ctx) {
    const issued = await issueMemberCode(ctx.db, ctx.member.vipId, ctx.now)
    if (!issued) throw new DomainError('MEMBER_NOT_REGISTERED')
    return { table1: [{ Code: issued.code, Number: issued.number, ExpiresIn: issued.expiresIn, RefreshIn: issued.refreshIn }] }
  }
})
