/** Rows, a scripted gateway and a hand-stepped scheduler for the order and payment stores. */
import { GatewayError, type RequestOptions } from '../../../src/gateway/gateway-client'
import type { OperationTypes } from '../../../src/gateway/operations'
import type { OrderLineRow, OrderRow, PaymentRow } from '../../../src/gateway/order-rows'
import type { Scheduler } from '../../../src/core/polling'

export function orderRow(SheetID: string, over: Partial<OrderRow> = {}): OrderRow {
  return {
    SheetID,
    ShopID: 'S101',
    ShopName: 'Tea House',
    BaseID: 'B202',
    BaseName: 'Fast food branch',
    TableID: '',
    TableName: '',
    PayMode: 'prepay',
    ServiceType: 'takeaway',
    PosiType: 7,
    Status: 0,
    PickupNo: '',
    BusinessDay: '2026-11-22',
    AppointedTime: '',
    Remarks: '',
    GoodsAmount: '64.00',
    BagQua: 0,
    BagFee: '0.00',
    Freight: '0.00',
    Amount: '64.00',
    PaidAmount: '0.00',
    RefundedAmount: '0',
    CreatedDate: '2026-11-22 12:00:00',
    ExpireDate: '2026-11-22 12:15:00',
    PaidDate: '',
    ReadyDate: '',
    CompletedDate: '',
    CancelledDate: '',
    TableSheetID: '',
    RoundNo: 0,
    Contact: '',
    Phone: '',
    Address: '',
    DeliveryLat: 0,
    DeliveryLng: 0,
    AddressID: '',
    RegionName: '',
    DeliveryDistance: -1,
    CardID: '',
    CouponName: '',
    CouponAmount: '0',
    LineCount: 2,
    CanCancel: 1,
    CanPay: 1,
    ProgressRef: `ref-${SheetID}`,
    ...over
  }
}

export function lineRow(SheetID: string, LineNo: number, over: Partial<OrderLineRow> = {}): OrderLineRow {
  return {
    SheetID,
    LineNo,
    RoundNo: 0,
    GoodsID: `S101.g.${LineNo}`,
    GoodsCode: `A0${LineNo}`,
    GoodsName: `Goods ${LineNo}`,
    SkuID: '',
    SkuName: '',
    PCode: '',
    PUnit: '',
    Unit: 'bowl',
    Ref: '1',
    MQua: '1',
    PQua: '0',
    Qua: '1',
    SalesPrice: '32',
    PSalesPrice: '0',
    UnitExtras: '0',
    Amount: '32',
    OriginalAmount: '32',
    SaleType: 0,
    RemarkText: '',
    AddOnText: '',
    BomText: '',
    ...over
  }
}

export function paymentRow(PayID: string, SheetID: string, over: Partial<PaymentRow> = {}): PaymentRow {
  return {
    PayID,
    SheetID,
    Amount: '64.00',
    Provider: 'sandbox',
    Status: 0,
    PayUrl: `http://shop.test/sandbox/pay/${PayID}`,
    CreatedDate: '2026-11-22 12:01:00',
    PaidDate: '',
    ...over
  }
}

type Ops = keyof OperationTypes
export type Script = {
  [K in Ops]?: (record: OperationTypes[K]['input'], options: RequestOptions) => Partial<OperationTypes[K]['output']> | Error
}

export interface Call {
  op: Ops
  record: Record<string, unknown>
  silent: boolean
}

/** A gateway that answers from a script; an Error answer is thrown (GatewayErrors as the client makes them). */
export function fakeGateway(script: Script) {
  const calls: Call[] = []
  const gateway = {
    calls,
    script,
    async request<K extends Ops>(op: K, records?: OperationTypes[K]['input'][], options: RequestOptions = {}) {
      const record = (records?.[0] ?? {}) as OperationTypes[K]['input']
      calls.push({ op, record: record as Record<string, unknown>, silent: !!options.silent })
      const handler = script[op] as ((r: OperationTypes[K]['input'], o: RequestOptions) => Partial<OperationTypes[K]['output']> | Error) | undefined
      if (!handler) throw new GatewayError('envelope', `unknown ${op}`, op as never, '10003')
      const answer = handler(record, options)
      if (answer instanceof Error) throw answer
      return answer
    },
    callsOf: (op: Ops) => calls.filter((c) => c.op === op)
  }
  return gateway
}

export const networkDown = (op: Ops) => new GatewayError('network', 'Network connection error', op as never)
export const refused = (op: Ops, resultcode: string, message: string) => new GatewayError('business', message, op as never, '0', resultcode)

/** Timers stepped by the test: nothing runs until `runNext()`. */
export class ManualScheduler implements Scheduler {
  private queue: { ms: number; fn: () => void; cancelled: boolean }[] = []

  after(ms: number, fn: () => void): () => void {
    const task = { ms, fn, cancelled: false }
    this.queue.push(task)
    return () => {
      task.cancelled = true
    }
  }

  /** Scheduled and not cancelled. */
  get pending(): number[] {
    return this.queue.filter((t) => !t.cancelled).map((t) => t.ms)
  }

  async runNext(): Promise<void> {
    this.queue = this.queue.filter((t) => !t.cancelled)
    const task = this.queue.shift()
    if (!task) throw new Error('nothing scheduled')
    task.fn()
    await settle()
  }
}

/** Lets every pending promise chain of the fakes run to its end. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r))
}
