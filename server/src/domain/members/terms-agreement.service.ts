/**
 * The terms agreement per member (issue 27): which versions of the privacy policy and terms of use
 * a member agreed to, kept on the server so every device the member signs in on knows it. One row
 * per member and version (migration 0030); agreeing again keeps the first time; withdrawing removes
 * that version's row. Never imports the HTTP layer.
 */
import type { Kysely } from 'kysely'
import type { TermsAgreementRow } from '../../../../src/gateway/terms-rows'
import type { Database } from '../../storage/schema'
import { wallClockText } from '../enterprise/enterprise.service'

export interface TermsMember {
  entId: string
  vipId: string
}

/** The versions the member agreed to, newest first. */
export async function termsAgreements(db: Kysely<Database>, member: TermsMember, timeZone: string): Promise<TermsAgreementRow[]> {
  const rows = await db
    .selectFrom('member_terms_agreements')
    .select(['terms_version', 'agreed_at'])
    .where('ent_id', '=', member.entId)
    .where('vip_id', '=', member.vipId)
    .orderBy('agreed_at', 'desc')
    .orderBy('terms_version', 'desc')
    .execute()
  return rows.map((r) => ({ TermsVersion: r.terms_version, AgreedDate: wallClockText(timeZone, new Date(r.agreed_at)) }))
}

/** Records (agreed) or withdraws (not agreed) the member's agreement to `version`. */
export async function saveTermsAgreement(db: Kysely<Database>, member: TermsMember, version: string, agreed: boolean, now: Date): Promise<void> {
  if (agreed) {
    await db
      .insertInto('member_terms_agreements')
      .values({ ent_id: member.entId, vip_id: member.vipId, terms_version: version, agreed_at: now.toISOString() })
      .onConflict((oc) => oc.columns(['ent_id', 'vip_id', 'terms_version']).doNothing())
      .execute()
  } else {
    await db
      .deleteFrom('member_terms_agreements')
      .where('ent_id', '=', member.entId)
      .where('vip_id', '=', member.vipId)
      .where('terms_version', '=', version)
      .execute()
  }
}
