/**
 * The one migration set, listed in code (not a folder scan) so it works the same under
 * tsx, jest and any bundler. Append new migrations; never edit a released one.
 */
import { Migrator, type Migration, type MigrationResult } from 'kysely'
import type { AppDatabase } from '../database'
import { gatewayBase } from './0001-gateway-base'
import { catalogue } from './0002-catalogue'
import { orders } from './0003-orders'
import { members } from './0004-members'
import { stockTakes } from './0005-stock-takes'
import { smsCodeTries } from './0006-sms-code-tries'
import { tableCodeTokens } from './0007-table-code-tokens'
import { smsCodeRequester } from './0008-sms-code-requester'
import { orderDeliveryPoint } from './0009-order-delivery-point'
import { devHostLoginCodes } from './0010-dev-host-login-codes'
import { coupons } from './0011-coupons'
import { rechargeGiftCards } from './0012-recharge-gift-cards'
import { addresses } from './0013-addresses'
import { uploads } from './0014-uploads'
import { reviews } from './0015-reviews'
import { aftersale } from './0016-aftersale'
import { geocoderLookups } from './0017-geocoder-lookups'
import { staff } from './0018-staff'
import { liveEvents } from './0019-live-events'
import { tableAreas } from './0020-table-areas'
import { kitchen } from './0021-kitchen'
import { printJobs } from './0022-print-jobs'
import { counter } from './0023-counter'
import { lookupIndexes } from './0024-lookup-indexes'
import { refundFollowUps } from './0025-refund-follow-ups'
import { shopPaymentAccounts } from './0026-shop-payment-accounts'
import { hostCodeExchanges } from './0027-host-code-exchanges'
import { billLines } from './0028-bill-lines'
import { memberNumberCodes } from './0029-member-number-codes'
import { memberTermsAgreements } from './0030-member-terms-agreements'
import { allergens } from './0032-allergens'
import { readyEstimates } from './0033-ready-estimates'
import { billShares } from './0034-bill-shares'
import { sheetVersions } from './0035-sheet-versions'
import { memberLedgerTime } from './0036-member-ledger-time'

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_gateway_base': gatewayBase,
  '0002_catalogue': catalogue,
  '0003_orders': orders,
  '0004_members': members,
  '0005_stock_takes': stockTakes,
  '0006_sms_code_tries': smsCodeTries,
  '0007_table_code_tokens': tableCodeTokens,
  '0008_sms_code_requester': smsCodeRequester,
  '0009_order_delivery_point': orderDeliveryPoint,
  '0010_dev_host_login_codes': devHostLoginCodes,
  '0011_coupons': coupons,
  '0012_recharge_gift_cards': rechargeGiftCards,
  '0013_addresses': addresses,
  '0014_uploads': uploads,
  '0015_reviews': reviews,
  '0016_aftersale': aftersale,
  '0017_geocoder_lookups': geocoderLookups,
  '0018_staff': staff,
  '0019_live_events': liveEvents,
  '0020_table_areas': tableAreas,
  '0021_kitchen': kitchen,
  '0022_print_jobs': printJobs,
  '0023_counter': counter,
  '0024_lookup_indexes': lookupIndexes,
  '0025_refund_follow_ups': refundFollowUps,
  '0026_shop_payment_accounts': shopPaymentAccounts,
  '0027_host_code_exchanges': hostCodeExchanges,
  '0028_bill_lines': billLines,
  '0029_member_number_codes': memberNumberCodes,
  '0030_member_terms_agreements': memberTermsAgreements,
  '0032_allergens': allergens,
  '0033_ready_estimates': readyEstimates,
  '0034_bill_shares': billShares,
  '0035_sheet_versions': sheetVersions,
  '0036_member_ledger_time': memberLedgerTime
}

export async function migrateToLatest(database: AppDatabase): Promise<MigrationResult[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => ({ ...MIGRATIONS }) },
    // On PostgreSQL name the schema explicitly: Kysely otherwise finds its bookkeeping
    // tables in any schema of the database and would skip migrating a fresh one.
    ...(database.schema ? { migrationTableSchema: database.schema } : {})
  })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  const failed = results.find((r) => r.status === 'Error')
  if (failed) throw new Error(`Migration ${failed.migrationName} failed`)
  return results
}
