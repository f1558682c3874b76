import { z } from 'zod'
import type { BaseDetailRow } from '../../../../src/gateway/address-rows'
import { branchDetail } from '../../domain/places/branch.service'
import { requiredId } from '../fields'
import { defineOperation, type ColumnDocs } from '../operation'

const DETAIL_COLUMNS: ColumnDocs<BaseDetailRow> = {
  ShopID: 'string',
  ShopName: "string: the shop's name in the request's language",
  BaseID: 'string: branch id',
  BaseCode: 'string: branch code',
  BaseName: "string: the branch's name in the request's language",
  Address: "string: the branch's address (its shop's when the branch has none)",
  Phone: "string: the branch's phone (its shop's when the branch has none)",
  Lat: 'number: latitude, degrees WGS-84 (0 with Lng 0 = unknown)',
  Lng: 'number: longitude',
  BeginTime: "string: 'HH:mm' opens ('' = 00:00)",
  EndTime: "string: 'HH:mm' closes ('' = 23:59; before BeginTime = after midnight)",
  Weekday: "string: weekdays, '1,2,3,4,5,6,7' (Monday = 1)",
  OpeningHours: "string: the branch's OpeningHours param as written for people ('' none)",
  BusinessMode: "string: '0' all, '1' takeaway, '2' delivery",
  CYType: "string: '1' fast food, else dine-in",
  DeliveryRange: 'number: metres delivery reaches (the DeliveryRange param capped by the last distance tier; 0 unlimited or none)',
  TableCount: 'number: tables the branch has'
}

export default defineOperation({
  name: 'ShopBaseDetailGet',
  group: 'Retail',
  summary:
    "A branch's page: its shop, address, phone, location, hours (BeginTime/EndTime/Weekday and the OpeningHours param), services, delivery range and table count. Unknown branch, another enterprise's, or one of a disabled shop → 20004.",
  auth: 'app',
  input: z.object({ BaseID: requiredId('Branch id') }),
  output: { table1: DETAIL_COLUMNS },
  async handler(ctx, input) {
    return { table1: [await branchDetail(ctx.db, ctx.enterprise.entId, input.BaseID, ctx.locale)] }
  }
})
