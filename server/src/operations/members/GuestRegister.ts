import { z } from 'zod'
import { guestRegister } from '../../domain/members/member-login.service'
import { defineOperation } from '../operation'
import { LOGIN_OUTPUT, loginContext, placeFields } from './member-columns'

export default defineOperation({
  name: 'GuestRegister',
  group: 'Members',
  summary:
    "Makes this device's walk-in guest identity (X-Device-Key; none → 20045) and logs it in (IsNew 1); a device that has one logs it in (IsNew 0). Orders this device placed as a walk-in become the guest's.",
  auth: 'app',
  input: z.object(placeFields),
  output: LOGIN_OUTPUT,
  async handler(ctx, input) {
    return guestRegister(await loginContext(ctx), input)
  }
})
