/** Column docs and the version field the terms agreement operations share. */
import { z } from 'zod'
import { TERMS_VERSION_PATTERN, type TermsAgreementRow } from '../../../../src/gateway/terms-rows'
import type { ColumnDocs } from '../operation'

export const TERMS_COLUMNS: ColumnDocs<TermsAgreementRow> = {
  TermsVersion: 'string: a version of the privacy policy and terms of use the member agreed to',
  AgreedDate: "string: when they first agreed to it, 'YYYY-MM-DD HH:mm:ss' on the enterprise's clock"
}

export const termsVersionField = z
  .string()
  .trim()
  .regex(TERMS_VERSION_PATTERN)
  .describe("The terms version the diner was shown (1–32 letters, digits, '.', '_', '-')")
