import { z } from 'zod'
import { smsAreaRows } from '../../domain/members/sms-areas'
import { defineOperation } from '../operation'

export default defineOperation({
  name: 'SmsAreaList',
  group: 'Common',
  summary:
    "The dialling areas a phone login accepts (table1), with the digits their mobile numbers have: Macau 853 (8), Hong Kong 852 (8), mainland China 86 (11), Taiwan 886 (9, or 10 with the leading 0). Names in the request's language.",
  auth: 'app',
  input: z.object({}),
  output: {
    table1: {
      AreaNo: "string: dialling code without '+'",
      AreaName: "string: the area's name in the request's language",
      MinLength: 'number: fewest digits of a mobile number there',
      MaxLength: 'number: most digits of a mobile number there'
    }
  },
  async handler(ctx) {
    return { table1: smsAreaRows(ctx.locale) }
  }
})
