import { z } from 'zod'
import { DomainError } from '../../domain/errors'
import { estimateForCart, estimateForOrder, fullSlots } from '../../domain/kitchen/ready-estimate.service'
import { ownOrder } from '../../domain/orders/order.service'
import { optionalId, requiredId } from '../fields'
import { defineOperation } from '../operation'

export default defineOperation({
  name: 'OrderReadyEstimateGet',
  group: 'Retail',
  summary:
    "How long until food is ready, from the kitchen's queue at each station now and each goods' preparation time learned from the kitchen's bumps (docs/estimates.md). With SheetID (one of the caller's orders, X-Device-Key as OrderDetailGet; unknown and another device's alike → ORDER_NOT_FOUND): that order's estimate where it stands in the queue. Without: the estimate for these cart Lines ordered now at ShopID/BaseID (unknown branch or not the shop's → 20004), and (table2) the branch's pickup slots that are full (its capacity per 15-minute slot taken by appointed orders), which the confirm page does not offer; an order naming one is refused with SLOT_FULL.",
  auth: 'app',
  input: z.object({
    ShopID: optionalId('Shop (cart estimate)'),
    BaseID: optionalId('Branch of the shop (cart estimate)'),
    SheetID: optionalId("One of the caller's orders ('' or absent: the cart's estimate)"),
    Lines: z
      .array(z.object({ GoodsID: requiredId('Goods'), Qua: z.coerce.number().min(0).max(9999).describe('Quantity in the line’s stepper unit') }))
      .max(200)
      .default([])
      .describe('Cart lines (cart estimate)')
  }),
  output: {
    table1: {
      BaseID: 'string',
      SheetID: "string: the order ('' for a cart)",
      Stage: "'cart' | 'waiting' (an order not yet in the kitchen: unpaid) | 'preparing' | 'ready' | 'none' (ended)",
      Minutes: 'number: whole minutes from now until ready, rounded up (0 when ready, ended or nothing to cook)',
      ReadyBy: "string: ISO-8601 instant now + Minutes ('' when Minutes is 0)",
      TicketsAhead: 'number: open kitchen tickets ahead of it at the stations it needs',
      SlotCapacity: "number: the branch's orders per 15-minute pickup slot (0 no limit)"
    },
    table2: { Slot: "string: 'YYYY-MM-DD HH:mm', a full pickup slot of the branch (cart estimate only)" }
  },
  async handler(ctx, input) {
    const entId = ctx.enterprise.entId
    if (input.SheetID) {
      const order = await ownOrder({ ...ctx, entId }, input.SheetID)
      return { table1: [await estimateForOrder(ctx.db, order, ctx.now)], table2: [] }
    }
    const base = input.BaseID
      ? await ctx.db.selectFrom('bases').select(['base_id', 'shop_id']).where('base_id', '=', input.BaseID).where('ent_id', '=', entId).executeTakeFirst()
      : undefined
    if (!base || (input.ShopID && base.shop_id !== input.ShopID)) throw new DomainError('BASE_NOT_FOUND')
    const estimate = await estimateForCart(
      ctx.db,
      { shopId: base.shop_id, baseId: base.base_id },
      input.Lines.map((l) => ({ goodsId: l.GoodsID, quantity: l.Qua })),
      ctx.now
    )
    const full = await fullSlots(ctx.db, base.base_id, ctx.now, estimate.SlotCapacity)
    return { table1: [estimate], table2: full.map((Slot) => ({ Slot })) }
  }
})
