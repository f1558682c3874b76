import { z } from 'zod'
import { enterpriseTimeZone } from '../../domain/enterprise/enterprise.service'
import { saveTermsAgreement, termsAgreements } from '../../domain/members/terms-agreement.service'
import { defineOperation } from '../operation'
import { TERMS_COLUMNS, termsVersionField } from './terms-columns'

export default defineOperation({
  name: 'TermsAgreementSave',
  group: 'Members',
  summary:
    "Records that the signed-in member agreed to TermsVersion of the privacy policy and terms of use (Agreed 1; again keeps the first time), or withdraws that version's agreement (Agreed 0: the box unticked). Also how a diner's agreement made before signing in is kept once they sign in. table1 the member's agreements afterwards, as TermsAgreementGet. A malformed version or Agreed → errcode 10007. No session → errcode 10010.",
  auth: 'member',
  input: z.object({
    TermsVersion: termsVersionField,
    Agreed: z
      .preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.union([z.literal(0), z.literal(1)]))
      .describe('1 agreed, 0 withdrawn')
  }),
  output: { table1: TERMS_COLUMNS },
  async handler(ctx, input) {
    await saveTermsAgreement(ctx.db, ctx.member, input.TermsVersion, input.Agreed === 1, ctx.now)
    const timeZone = await enterpriseTimeZone(ctx.db, ctx.enterprise.entId)
    return { table1: await termsAgreements(ctx.db, ctx.member, timeZone) }
  }
})
