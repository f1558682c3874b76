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
import FileBatchNameGet from './files/FileBatchNameGet'
import AttachmentChargingList from './goods/AttachmentChargingList'
import GoodsBOMListGet from './goods/GoodsBOMListGet'
import GoodsClassAllGet from './goods/GoodsClassAllGet'
import GoodsCommentListByPage from './goods/GoodsCommentListByPage'
import GoodsCommentSubmit from './goods/GoodsCommentSubmit'
import OrderCommentsGet from './goods/OrderCommentsGet'
import GoodsDetailGet from './goods/GoodsDetailGet'
import GoodsListByClass from './goods/GoodsListByClass'
import GroundingShopList from './goods/GroundingShopList'
import ShopHomeGoodsByPage from './goods/ShopHomeGoodsByPage'
import AvailablePromotionGoods from './retail/AvailablePromotionGoods'
import DispatchInfoGet from './retail/DispatchInfoGet'
import OrderReadyEstimateGet from './retail/OrderReadyEstimateGet'
import FreightRuleGet from './retail/FreightRuleGet'
import OrderCancel from './retail/OrderCancel'
import OrderDetailGet from './retail/OrderDetailGet'
import OrderReorderGet from './retail/OrderReorderGet'
import OrderListByPage from './retail/OrderListByPage'
import OrderPricePreview from './retail/OrderPricePreview'
import OrderSubmit from './retail/OrderSubmit'
import FinanceAccountGet from './bank/FinanceAccountGet'
import PaySubmit from './bank/PaySubmit'
import PaymentStatusUpdate from './bank/PaymentStatusUpdate'
import UserPayInfoGet from './bank/UserPayInfoGet'
import MergeOrderPreview from './retail/MergeOrderPreview'
import MergeOrderSubmit from './retail/MergeOrderSubmit'
import PosOrderSubmit from './retail/PosOrderSubmit'
import MealPosOrderSubmit from './retail/MealPosOrderSubmit'
import PosSheetDetailGet from './retail/PosSheetDetailGet'
import PosSheetListByPage from './retail/PosSheetListByPage'
import PosSheetClose from './retail/PosSheetClose'
import PayLaterUpdate from './retail/PayLaterUpdate'
import BillSplitGet from './retail/BillSplitGet'
import BillShareStart from './retail/BillShareStart'
import PosSheetGoodsQuaEdit from './retail/PosSheetGoodsQuaEdit'
import SmsAreaList from './common/SmsAreaList'
import SmsVerifySend from './members/SmsVerifySend'
import VipLoginGet from './members/VipLoginGet'
import VipRegister from './members/VipRegister'
import VipBindPhone from './members/VipBindPhone'
import VipHostPhoneBind from './members/VipHostPhoneBind'
import GuestLogin from './members/GuestLogin'
import GuestRegister from './members/GuestRegister'
import VipLoginByOpenID from './members/VipLoginByOpenID'
import ThirdPartyAccessTokenGet from './members/ThirdPartyAccessTokenGet'
import ThirdPartyUserInfoGet from './members/ThirdPartyUserInfoGet'
import VipDetailGet from './members/VipDetailGet'
import VipProfileUpdate from './members/VipProfileUpdate'
import VipAvatarUpdate from './members/VipAvatarUpdate'
import VipPhoneChange from './members/VipPhoneChange'
import VipLogout from './members/VipLogout'
import TermsAgreementGet from './members/TermsAgreementGet'
import TermsAgreementSave from './members/TermsAgreementSave'
import BalancePay from './retail/BalancePay'
import VipScoreRecordByPage from './members/VipScoreRecordByPage'
import VipBalanceRecordByPage from './members/VipBalanceRecordByPage'
import VipQrCodeGet from './members/VipQrCodeGet'
import RechargeRuleList from './recharge/RechargeRuleList'
import RechargeRuleDetail from './recharge/RechargeRuleDetail'
import RechargeSubmit from './recharge/RechargeSubmit'
import RechargeRecordList from './recharge/RechargeRecordList'
import RechargeStatusGet from './recharge/RechargeStatusGet'
import CouponPlanList from './coupons/CouponPlanList'
import CouponPlanDetail from './coupons/CouponPlanDetail'
import CouponCardProvide from './coupons/CouponCardProvide'
import CouponCardList from './coupons/CouponCardList'
import CouponCardDetail from './coupons/CouponCardDetail'
import CouponIssueCardDetail from './coupons/CouponIssueCardDetail'
import CouponCardsForOrder from './coupons/CouponCardsForOrder'
import VoucherQuery from './coupons/VoucherQuery'
import VoucherVerify from './coupons/VoucherVerify'
import VipAddressListByPage from './members/VipAddressListByPage'
import VipAddressAdd from './members/VipAddressAdd'
import VipAddressGet from './members/VipAddressGet'
import VipAddressUpdate from './members/VipAddressUpdate'
import VipAddressDelete from './members/VipAddressDelete'
// Regions, places, tables and branch detail (issue 16, helper "places").
import AreaBatchSelect from './common/AreaBatchSelect'
import AddressResolution from './common/AddressResolution'
import BaseInfoByGPS from './params/BaseInfoByGPS'
import TableListByPage from './retail/TableListByPage'
import ShopBaseDetailGet from './retail/ShopBaseDetailGet'
// After-sale requests (issue 17, helper "aftersale").
import AfterSaleSubmit from './retail/AfterSaleSubmit'
import AfterSaleDetailGet from './retail/AfterSaleDetailGet'
import AfterSaleListByPage from './retail/AfterSaleListByPage'
import AfterSaleWithdraw from './retail/AfterSaleWithdraw'
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
  HelpFeedbackAdd,
  GoodsClassAllGet,
  GoodsListByClass,
  GoodsDetailGet,
  GoodsBOMListGet,
  AttachmentChargingList,
  ShopHomeGoodsByPage,
  GroundingShopList,
  GoodsCommentListByPage,
  OrderCommentsGet,
  GoodsCommentSubmit,
  AvailablePromotionGoods,
  OrderPricePreview,
  OrderSubmit,
  OrderDetailGet,
  OrderReorderGet,
  OrderListByPage,
  OrderCancel,
  DispatchInfoGet,
  OrderReadyEstimateGet,
  FreightRuleGet,
  FinanceAccountGet,
  PaySubmit,
  PaymentStatusUpdate,
  UserPayInfoGet,
  MergeOrderPreview,
  MergeOrderSubmit,
  PosOrderSubmit,
  MealPosOrderSubmit,
  PosSheetDetailGet,
  PosSheetListByPage,
  PosSheetClose,
  PayLaterUpdate,
  BillSplitGet,
  BillShareStart,
  PosSheetGoodsQuaEdit,
  SmsAreaList,
  SmsVerifySend,
  VipLoginGet,
  VipRegister,
  VipBindPhone,
  VipHostPhoneBind,
  GuestLogin,
  GuestRegister,
  VipLoginByOpenID,
  ThirdPartyAccessTokenGet,
  ThirdPartyUserInfoGet,
  VipDetailGet,
  VipProfileUpdate,
  VipAvatarUpdate,
  VipPhoneChange,
  VipLogout,
  TermsAgreementGet,
  TermsAgreementSave,
  BalancePay,
  VipScoreRecordByPage,
  VipBalanceRecordByPage,
  VipQrCodeGet,
  RechargeRuleList,
  RechargeRuleDetail,
  RechargeSubmit,
  RechargeRecordList,
  RechargeStatusGet,
  CouponPlanList,
  CouponPlanDetail,
  CouponCardProvide,
  CouponCardList,
  CouponCardDetail,
  CouponIssueCardDetail,
  CouponCardsForOrder,
  VoucherQuery,
  VoucherVerify,
  VipAddressListByPage,
  VipAddressAdd,
  VipAddressGet,
  VipAddressUpdate,
  VipAddressDelete,
  AreaBatchSelect,
  AddressResolution,
  BaseInfoByGPS,
  TableListByPage,
  ShopBaseDetailGet,
  AfterSaleSubmit,
  AfterSaleDetailGet,
  AfterSaleListByPage,
  AfterSaleWithdraw,
  FileBatchNameGet
} satisfies { [N in OperationName]: AnyOperation & { name: N } }

export const operationList = (): AnyOperation[] => Object.values(OPERATION_REGISTRY)

export function findOperation(keyName: string): AnyOperation | undefined {
  return Object.prototype.hasOwnProperty.call(OPERATION_REGISTRY, keyName)
    ? (OPERATION_REGISTRY as Record<string, AnyOperation>)[keyName]
    : undefined
}
