/**
 * The terms agreement kept per member on the server (issue 27; docs/members.md "Terms agreement"):
 * the versions of the privacy policy and terms of use (src/features/checkout/terms-version.ts) the
 * signed-in member agreed to, newest first.
 */
export interface TermsAgreementRow {
  /** The version agreed to (TERMS_VERSION of the texts the diner was shown). */
  TermsVersion: string
  /** When, 'YYYY-MM-DD HH:mm:ss' on the enterprise's clock. */
  AgreedDate: string
}

/** A terms version as the server takes it: short, letters, digits, '.', '_' and '-'. */
export const TERMS_VERSION_PATTERN = /^[A-Za-z0-9._-]{1,32}$/
