import { z } from 'zod'
import { guestLogin } from '../../domain/members/member-login.service'
import { defineOperation } from '../operation'
import { LOGIN_OUTPUT, loginContext, placeFields } from './member-columns'

export default defineOperation({
  name: 'GuestLogin',
  group: 'Members',
  summary:
    "Logs in this device's walk-in guest identity (the device key in X-Device-Key; none → 20045): table1 the session, table2 the member (IsGuest 1). 42000 when the device has none yet (then GuestRegister). A guest orders like a member and earns points; recharge and balance payment need a bound phone (20038).",
  auth: 'app',
  input: z.object(placeFields),
  output: LOGIN_OUTPUT,
  async handler(ctx) {
    return guestLogin(await loginContext(ctx))
  }
})
