import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { termsAgreements } from '../../domain/members/terms-agreement.service'
import { defineOperation } from '../operation'
import { TERMS_COLUMNS } from './terms-columns'

export default defineOperation({
  name: 'TermsAgreementGet',
  group: 'Members',
  summary:
    'The versions of the privacy policy and terms of use the signed-in member agreed to (table1, newest first; [] none), on whatever device they agreed: the app asks again only when the version it shows is not among them. The member comes from the session token only. No session → errcode 10010.',
  auth: 'member',
  input: z.object({}),
  output: { table1: TERMS_COLUMNS },
  async handler(ctx) {
    const timeZone = await enterpriseTimeZone(ctx.db, ctx.enterprise.entId)
    return { table1: await termsAgreements(ctx.db, ctx.member, timeZone) }
  }
})
