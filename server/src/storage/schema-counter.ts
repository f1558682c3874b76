/** Front of house's tables (migration 0023, issue 24 item 3); part of Database (./schema.ts). */

export interface CounterPaymentTable {
  pay_id: string
  ent_id: string
  shop_id: string
  base_id: string
  /** The table bill paid towards ('' a prepay order). */
  sheet_id: string
  /** The order the payments row pays (a settlement of the bill, or the prepay order). */
  order_id: string
  /** 'cash' | 'card' | 'other'. */
  method: string
  amount: string
  /** Cash handed over (the amount for card and other). */
  tendered: string
  change_given: string
  request_hash: string
  staff_id: string
  staff_name: string
  note: string
  created_at: string
}

export interface ApprovalTryTable {
  /** The approver (an owner or manager). */
  staff_id: string
  ent_id: string
  failed: number
  locked_until: string | null
}

export interface CounterTables {
  counter_payments: CounterPaymentTable
  approval_tries: ApprovalTryTable
}
