import { z } from 'zod'
import { shopAfterSale } from '../../domain/aftersale/aftersale.service'
import { defineStaffOperation } from './staff-operation'
import { afterSaleAnswer, afterSaleInScope, requiredIdField } from './staff-service-rows'

export default defineStaffOperation({
  name: 'StaffAfterSaleGet',
  auth: 'aftersale.decide',
  input: z.object({ AfterSaleID: requiredIdField('The request') }),
  async handler(ctx, input) {
    await afterSaleInScope(ctx.db, ctx.staff, input.AfterSaleID)
    return afterSaleAnswer(ctx, await shopAfterSale(ctx.db, input.AfterSaleID))
  }
})
