/**
 * Split bills (issue 26 item 2; docs/split-bills.md): the rows of BillSplitGet and BillShareStart.
 */
import type { ShareMode } from '../core/bill-split'
import type { OrderStatus } from './order-rows'

/** A table bill's balance. */
export interface BillSplitRow {
  SheetID: string
  /** The sheet's status (0 open, 2 closed: paid in full, 3 cancelled). */
  Status: OrderStatus
  /** The bill's total (Σ of its rounds). */
  Amount: string
  /** Paid towards it so far (every payer, every method). */
  PaidAmount: string
  /** Amount − PaidAmount: what is still due. */
  DueAmount: string
  /** What diners' shares hold while they pay them. */
  HeldAmount: string
  /** DueAmount − HeldAmount: what is free to pay ("the rest"). */
  OpenAmount: string
  /** The table's equal split now: among how many (0: none), how many shares are taken, what it divides, the free share indexes ('1,2'). */
  SplitOf: number
  SplitTaken: number
  SplitBase: string
  SplitFree: string
  /** What the bill's 'sheet.balance' events on the branch's public live stream call it. */
  BillRef: string
}

/** One payment towards the bill, or a share a diner is paying now. */
export interface BillShareRow {
  /** The share's (or payment's) settlement order: its receipt is OrderDetailGet of it, for its payer. */
  ShareID: string
  /** 'lines' | 'equal' | 'amount' | 'rest' (a whole-bill or counter payment is 'rest'). */
  Mode: ShareMode
  Amount: string
  /** 'paid'; 'held' (being paid now); 'refunded' (the caller's own money given back: the share lost or lapsed). */
  State: 'paid' | 'held' | 'refunded'
  /** 1 when it is the caller's. */
  Mine: number
  /** The payer, numbered 1, 2, … in the order they first paid or claimed (no names are shown). */
  PayerNo: number
  /** How it was paid ('balance', a provider's name, 'cash' …); '' until paid. */
  Provider: string
  PaidDate: string
  /** An equal share: the split among how many, and how many shares it pays. */
  SplitOf: number
  SplitParts: number
}

/** What a share takes of one line of the rounds. */
export interface BillLineClaimRow {
  ShareID: string
  /** The round (its SheetID) and its line. */
  RoundID: string
  LineNo: number
  /** The line cut in Of parts; the share takes Parts of them. */
  Of: number
  Parts: number
  Amount: string
  State: 'paid' | 'held'
  Mine: number
}

/** One line a diner pays for: Parts of it cut in Of (1 of 1: the whole line). */
export interface ShareLineInput {
  RoundID: string
  LineNo: number
  Parts: number
  Of: number
}
