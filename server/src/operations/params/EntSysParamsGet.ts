import { z } from 'zod'
import { requireSameEnterprise } from '../../domain/enterprise/enterprise.service'
import { enterpriseParams } from '../../domain/params/params.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { PARAM_COLUMNS, paramRow } from '../rows'

export default defineOperation({
  name: 'EntSysParamsGet',
  group: 'Params',
  summary:
    "All system params of the enterprise (AmoPoint, PricePoint, QuaPoint, DiscountPoint, PQuaPoint, Currency, AppLanguage, CYSheetGoodsQuaEdit, TimeZone …). Other_EntID must be the envelope's enterprise, else 20001.",
  auth: 'app',
  input: z.object({ Other_EntID: requiredId('Enterprise whose params to read (the envelope EntID)') }),
  output: { table1: PARAM_COLUMNS },
  async handler(ctx, input) {
    const enterprise = requireSameEnterprise(ctx.enterprise, input.Other_EntID)
    return { table1: (await enterpriseParams(ctx.db, enterprise.entId)).map(paramRow) }
  }
})
