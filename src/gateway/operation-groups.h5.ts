/**
 * H5: the groups of the operations the entry page, Home and the stores they are made of call
 * (session, menu, error report). The contract's whole list (71 and growing) was about a kilobyte of
 * the first screen's script; it comes with the feature stores (knowOperations). A unit test keeps
 * this list equal to the contract and complete for the first screen's code.
 */
import type { OperationName, ServerType } from './contract'

export const operationGroups: Partial<Record<OperationName, ServerType>> = {
  EntIDGet: 'Common',
  ServiceLinkGet: 'Common',
  HomeShopDetailsGet: 'Retail',
  OrderDetailGet: 'Retail',
  EntSysParamsGet: 'Params',
  ShopParamsGet: 'Params',
  BaseSysParamGet: 'Params',
  GoodsClassAllGet: 'Goods',
  GoodsListByClass: 'Goods',
  GoodsDetailGet: 'Goods',
  GoodsBOMListGet: 'Goods',
  AttachmentChargingList: 'Goods',
  ShopHomeGoodsByPage: 'Goods',
  GoodsCommentListByPage: 'Goods',
  HelpFeedbackAdd: 'Logging'
}

export function knowOperations(all: Partial<Record<OperationName, ServerType>>): void {
  Object.assign(operationGroups, all)
}
