/** The terms agreement per member (migration 0030, issue 27); part of Database (./schema.ts). */

export interface MemberTermsAgreementTable {
  ent_id: string
  vip_id: string
  /** The terms version agreed to (src/gateway/terms-rows.ts TERMS_VERSION_PATTERN). */
  terms_version: string
  /** ISO-8601 UTC. */
  agreed_at: string
}

export interface TermsTables {
  member_terms_agreements: MemberTermsAgreementTable
}
