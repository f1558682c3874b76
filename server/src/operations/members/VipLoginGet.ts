import { z } from 'zod'
import { loginByPhone } from '../../domain/members/member-login.service'
import { defineOperation } from '../operation'
import { codeField, loginContext, LOGIN_OUTPUT, phoneFields } from './member-columns'

export default defineOperation({
  name: 'VipLoginGet',
  group: 'Members',
  summary:
    "Logs in by phone and SMS code (SourceType VipLogin): table1 the session (Token for `Authorization: Bearer`), table2 the member. The code is used up. A right code of a phone without a member → 42000 and the code stays valid, so VipRegister (RegisterType 1) can use it next. Wrong code → 20034 (the 5th wrong try burns it); none, expired, burned or replaced → 20035; bad phone → 20036. Orders this device placed as a walk-in become the member's.",
  auth: 'app',
  input: z.object({ ...phoneFields, Code: codeField }),
  output: LOGIN_OUTPUT,
  async handler(ctx, input) {
    return loginByPhone(await loginContext(ctx), input)
  }
})
