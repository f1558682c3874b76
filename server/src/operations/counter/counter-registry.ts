/** Front-of-house staff operations (issue 24 item 3), spread into the staff registry. */
import CounterFloorGet from './CounterFloorGet'
import CounterPaymentRecord from './CounterPaymentRecord'
import CounterBillClose from './CounterBillClose'
import CounterTableMove from './CounterTableMove'
import CounterTableMerge from './CounterTableMerge'
import CounterLineCancel from './CounterLineCancel'
import CounterMemberCharge from './CounterMemberCharge'
import CounterVoucherApply from './CounterVoucherApply'

export const COUNTER_REGISTRY = {
  CounterFloorGet,
  CounterPaymentRecord,
  CounterBillClose,
  CounterTableMove,
  CounterTableMerge,
  CounterLineCancel,
  CounterMemberCharge,
  CounterVoucherApply
}
