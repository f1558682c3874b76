/**
 * Every staff operation (issue 23), keyed by KeyName; the `satisfies` clause makes the compiler
 * demand exactly the staff contract's STAFF_OPERATIONS, each under its own name.
 */
import type { StaffOperationName } from '../../../../src/gateway/staff-contract'
import AuditExport from './AuditExport'
import AuditListByPage from './AuditListByPage'
import StaffDeviceInfo from './StaffDeviceInfo'
import StaffDeviceList from './StaffDeviceList'
import StaffDevicePair from './StaffDevicePair'
import StaffDeviceRemove from './StaffDeviceRemove'
import StaffList from './StaffList'
import StaffMe from './StaffMe'
import StaffPasswordLogin from './StaffPasswordLogin'
import StaffPinLogin from './StaffPinLogin'
import StaffProfileUpdate from './StaffProfileUpdate'
import StaffRemove from './StaffRemove'
import StaffSave from './StaffSave'
import StaffSetupCheck from './StaffSetupCheck'
import StaffSetupComplete from './StaffSetupComplete'
import StaffSignOut from './StaffSignOut'
import StaffSmsLogin from './StaffSmsLogin'
import StaffSmsSend from './StaffSmsSend'
import StaffMenuGet from './StaffMenuGet'
import GoodsSoldOutSet from './GoodsSoldOutSet'
import AddOnSoldOutSet from './AddOnSoldOutSet'
import MenuOutlineGet from './MenuOutlineGet'
import MenuClassSave from './MenuClassSave'
import MenuClassRemove from './MenuClassRemove'
import MenuGoodsGet from './MenuGoodsGet'
import MenuGoodsSave from './MenuGoodsSave'
import MenuGoodsRemove from './MenuGoodsRemove'
import MenuStockSet from './MenuStockSet'
import MenuPictureUploadTicket from './MenuPictureUploadTicket'
import StaffTableList from './StaffTableList'
import TablesAdd from './TablesAdd'
import TableRotate from './TableRotate'
import TableQrSheet from './TableQrSheet'
import EnterpriseGet from './EnterpriseGet'
import EnterpriseUpdate from './EnterpriseUpdate'
import ShopList from './ShopList'
import ShopSave from './ShopSave'
import PaymentAccountList from './PaymentAccountList'
import PaymentAccountSave from './PaymentAccountSave'
import BranchSave from './BranchSave'
import BranchRemove from './BranchRemove'
import StaffRechargeRuleList from './StaffRechargeRuleList'
import StaffRechargeRuleSave from './StaffRechargeRuleSave'
import TableRename from './TableRename'
import TableRemove from './TableRemove'
import SetupExport from './SetupExport'
import SetupImport from './SetupImport'
import StaffMemberVerify from './StaffMemberVerify'
import StaffMemberLookup from './StaffMemberLookup'
import StaffCouponPlanList from './StaffCouponPlanList'
import StaffCouponPlanCreate from './StaffCouponPlanCreate'
import StaffCouponPlanStatusSet from './StaffCouponPlanStatusSet'
import StaffCouponIssue from './StaffCouponIssue'
import StaffVoucherPrint from './StaffVoucherPrint'
import StaffCouponCardGet from './StaffCouponCardGet'
import StaffCouponCardVoid from './StaffCouponCardVoid'
import StaffReviewList from './StaffReviewList'
import StaffReviewGet from './StaffReviewGet'
import StaffReviewReply from './StaffReviewReply'
import StaffReviewHiddenSet from './StaffReviewHiddenSet'
import StaffAfterSaleList from './StaffAfterSaleList'
import StaffAfterSaleGet from './StaffAfterSaleGet'
import StaffAfterSaleApprove from './StaffAfterSaleApprove'
import StaffAfterSaleReject from './StaffAfterSaleReject'
import StaffOrderList from './StaffOrderList'
import StaffOrderGet from './StaffOrderGet'
import StaffOrderReady from './StaffOrderReady'
import StaffOrderComplete from './StaffOrderComplete'
import StaffOrderCancel from './StaffOrderCancel'
import type { AnyStaffOperation } from './staff-operation'
import { KITCHEN_REGISTRY } from '../kitchen/kitchen-registry'
import { COUNTER_REGISTRY } from '../counter/counter-registry'
import { REPORT_REGISTRY } from '../report/report-registry'

export const STAFF_REGISTRY = {
  StaffSetupCheck,
  StaffSetupComplete,
  StaffPasswordLogin,
  StaffSmsSend,
  StaffSmsLogin,
  StaffDeviceInfo,
  StaffPinLogin,
  StaffSignOut,
  StaffMe,
  StaffProfileUpdate,
  StaffList,
  StaffSave,
  StaffRemove,
  StaffDevicePair,
  StaffDeviceList,
  StaffDeviceRemove,
  AuditListByPage,
  AuditExport,
  StaffMenuGet,
  GoodsSoldOutSet,
  AddOnSoldOutSet,
  MenuOutlineGet,
  MenuClassSave,
  MenuClassRemove,
  MenuGoodsGet,
  MenuGoodsSave,
  MenuGoodsRemove,
  MenuStockSet,
  MenuPictureUploadTicket,
  StaffTableList,
  TablesAdd,
  TableRotate,
  TableQrSheet,
  EnterpriseGet,
  EnterpriseUpdate,
  ShopList,
  ShopSave,
  PaymentAccountList,
  PaymentAccountSave,
  BranchSave,
  BranchRemove,
  StaffRechargeRuleList,
  StaffRechargeRuleSave,
  TableRename,
  TableRemove,
  SetupExport,
  SetupImport,
  StaffMemberVerify,
  StaffMemberLookup,
  StaffCouponPlanList,
  StaffCouponPlanCreate,
  StaffCouponPlanStatusSet,
  StaffCouponIssue,
  StaffVoucherPrint,
  StaffCouponCardGet,
  StaffCouponCardVoid,
  StaffReviewList,
  StaffReviewGet,
  StaffReviewReply,
  StaffReviewHiddenSet,
  StaffAfterSaleList,
  StaffAfterSaleGet,
  StaffAfterSaleApprove,
  StaffAfterSaleReject,
  StaffOrderList,
  StaffOrderGet,
  StaffOrderReady,
  StaffOrderComplete,
  StaffOrderCancel,
  // The live service (issue 24): each part registers its own operations.
  ...KITCHEN_REGISTRY,
  ...COUNTER_REGISTRY,
  ...REPORT_REGISTRY
} satisfies { [N in StaffOperationName]: AnyStaffOperation & { name: N } }

export const staffOperationList = (): AnyStaffOperation[] => Object.values(STAFF_REGISTRY)

export function findStaffOperation(keyName: string): AnyStaffOperation | undefined {
  return Object.prototype.hasOwnProperty.call(STAFF_REGISTRY, keyName) ? (STAFF_REGISTRY as Record<string, AnyStaffOperation>)[keyName] : undefined
}
