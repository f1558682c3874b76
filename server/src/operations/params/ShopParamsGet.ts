import { z } from 'zod'
import { shopParams } from '../../domain/params/params.service'
import { requiredId } from '../fields'
import { defineOperation } from '../operation'
import { PARAM_COLUMNS, paramRow } from '../rows'

export default defineOperation({
  name: 'ShopParamsGet',
  group: 'Params',
  summary: 'All params of one enabled shop of the enterprise (BagFee, ShopNotice …); unknown shop → 20003.',
  auth: 'app',
  input: z.object({ ShopID: requiredId('Shop id') }),
  output: { table1: { ShopID: 'string', ...PARAM_COLUMNS } },
  async handler(ctx, input) {
    const { shopId, params } = await shopParams(ctx.db, ctx.enterprise.entId, input.ShopID)
    return { table1: params.map((p) => ({ ShopID: shopId, ...paramRow(p) })) }
  }
})
