/**
 * Every operation the gateway serves, keyed by KeyName. The `satisfies` clause makes the
 * compiler demand exactly the contract's OPERATIONS, each under its own name.
 */
import type { OperationName } from '../../../src/gateway/contract'
import EntIDGet from './common/EntIDGet'
import ServiceLinkGet from './common/ServiceLinkGet'
import ShopListByPage from './common/ShopListByPage'
import BaseListByLocation from './retail/BaseListByLocation'
import HomeShopDetailsGet from './retail/HomeShopDetailsGet'
import BaseSysParamGet from './params/BaseSysParamGet'
import EntSysParamsGet from './params/EntSysParamsGet'
import ExternalShopList from './params/ExternalShopList'
import ShopParamsGet from './params/ShopParamsGet'
import HelpFeedbackAdd from './logging/HelpFeedbackAdd'
import type { AnyOperation } from './operation'

export const OPERATION_REGISTRY = {
  EntIDGet,
  ServiceLinkGet,
  ShopListByPage,
  HomeShopDetailsGet,
  BaseListByLocation,
  EntSysParamsGet,
  ShopParamsGet,
  BaseSysParamGet,
  ExternalShopList,
  HelpFeedbackAdd
} satisfies { [N in OperationName]: AnyOperation & { name: N } }

export const operationList = (): AnyOperation[] => Object.values(OPERATION_REGISTRY)

export function findOperation(keyName: string): AnyOperation | undefined {
  return Object.prototype.hasOwnProperty.call(OPERATION_REGISTRY, keyName)
    ? (OPERATION_REGISTRY as Record<string, AnyOperation>)[keyName]
    : undefined
}
