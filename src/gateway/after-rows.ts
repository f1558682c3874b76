/**
 * Rows of uploads, reviews and after-sale requests (issue 17; spec §3 image upload record, §5
 * upload rules, §7 Files: batch file name get then a form upload to object storage; Goods:
 * reviews), shared by the client and the server. Money is exact decimal text; times
 * 'YYYY-MM-DD HH:mm:ss' on the enterprise's clock.
 */
import type { CartGoodsDetails, CartLineInput } from '../core/cart'

/** Spec §5/§9: the most an uploaded file may weigh, in bytes. */
export const UPLOAD_MAX_BYTES = 5242880
/** Spec §5: the storage endpoint answers a good upload with this status; anything else failed. */
export const UPLOAD_SUCCESS_STATUS = 200
/** Picture types accepted (the server decodes each file and refuses one that is not what it claims). */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export type UploadType = (typeof UPLOAD_TYPES)[number]
/** What an upload is for: it decides the key prefix and who may use the file. */
export type UploadPurpose = 'review' | 'aftersale' | 'avatar'
/** Photos one review or one after-sale request may carry. */
export const MAX_PHOTOS = 6
/** Spec §3: the upload record's class when none is given. */
export const DEFAULT_UPLOAD_CLASS = 'enterprise certificate'

/** One file the client wants to upload (FileBatchNameGet; spec §3 fields). */
export interface UploadFileInput {
  FileName: string
  /** Bytes. */
  FileSize: number
  /** MIME type, one of UPLOAD_TYPES. */
  FileType: string
  Width?: number
  Height?: number
  /** Spec §3 class; default DEFAULT_UPLOAD_CLASS. */
  ClassName?: string
}

/**
 * Where and how to upload one file (FileBatchNameGet table1): POST a multipart form to UploadUrl
 * with every FormFields entry first, then the file as the field 'file'; only HTTP 200 is success.
 * FormFields hold the spec's key, signed policy, access id and signature under the names the
 * storage provider expects (S3: key, Policy, X-Amz-Credential, X-Amz-Signature …).
 */
export interface UploadTicketRow {
  /** The id to name the file by afterwards (a review's or a request's photos, the avatar). */
  FileID: string
  /** The file name as recorded (spec: the client reads table1 FileName). */
  FileName: string
  /** The object key inside the bucket. */
  ObjectKey: string
  UploadUrl: string
  FormFields: Record<string, string>
  /** The policy's expiry, ISO-8601 UTC. */
  ExpiresAt: string
  MaxBytes: number
}

/** A checked picture (decoded, metadata stripped, sized): what reviews, requests and avatars show. */
export interface ImageRow {
  FileID: string
  /** Absolute URLs of the checked picture and its thumbnail. */
  Url: string
  ThumbUrl: string
  Width: number
  Height: number
}

/** One goods line of a review submission (GoodsCommentSubmit). */
export interface ReviewInput {
  /** The order line reviewed (OrderLineRow.LineNo). */
  LineNo: number
  /** 1–5. */
  Stars: number
  Content: string
  /** Up to MAX_PHOTOS uploaded FileIDs of the caller's. */
  FileIDs?: string[]
  /** 1: shown without the member's name and avatar. */
  Anonymous?: 0 | 1
}

/** A review as its author sees it (OrderCommentsGet), with whether it can still be edited. */
export interface MyReviewRow {
  CommentID: string
  SheetID: string
  LineNo: number
  GoodsID: string
  GoodsName: string
  Stars: number
  Content: string
  Images: ImageRow[]
  Anonymous: 0 | 1
  /** The shop's reply ('' none) and whether the shop hid it. */
  Reply: string
  Hidden: 0 | 1
  CreatedDate: string
  UpdatedDate: string
  /** 1 while the author may still edit it. */
  CanEdit: 0 | 1
}

/** After-sale request states (spec §1 after-sale service requests; issue 17). */
export const AFTERSALE_STATUS = {
  SUBMITTED: 0,
  APPROVED: 1,
  REJECTED: 2,
  REFUNDED: 3,
  WITHDRAWN: 4
} as const
export type AfterSaleStatus = (typeof AFTERSALE_STATUS)[keyof typeof AFTERSALE_STATUS]

/** Reasons offered (the member may add text). */
export const AFTERSALE_REASONS = ['wrong-item', 'missing-item', 'quality', 'late', 'not-received', 'other'] as const
export type AfterSaleReason = (typeof AFTERSALE_REASONS)[number]

export interface AfterSaleLineInput {
  LineNo: number
  /** How many of the line come back / are refunded. */
  Qua: number
}

/** An after-sale request (AfterSaleSubmit, AfterSaleDetailGet, AfterSaleListByPage). */
export interface AfterSaleRow {
  AfterSaleID: string
  SheetID: string
  Status: AfterSaleStatus
  /** Whole order: 1; some lines: 0 (AfterSaleLineRow). */
  WholeOrder: 0 | 1
  Reason: AfterSaleReason
  Content: string
  /** Asked and, once refunded, refunded. */
  Amount: string
  RefundedAmount: string
  Images: ImageRow[]
  /** The shop's reason when rejected, its note when approved ('' none). */
  ShopNote: string
  CreatedDate: string
  DecidedDate: string
  RefundedDate: string
  /** What the member may do now: 1 yes. */
  CanWithdraw: 0 | 1
}

export interface AfterSaleLineRow {
  AfterSaleID: string
  LineNo: number
  GoodsID: string
  GoodsName: string
  Qua: number
  Amount: string
}

/** One line of a reorder (OrderReorderGet): today's price, or why it cannot come back. */
export interface ReorderLineRow {
  LineNo: number
  GoodsID: string
  GoodsName: string
  Qua: number
  /** Today's unit price from the menu ('' when not sold). */
  Price: string
  /** '' it can be ordered again; 'off-sale', 'not-in-shop', 'changed' (its choices are gone), 'stock' (none left). */
  Unavailable: '' | 'off-sale' | 'not-in-shop' | 'changed' | 'stock'
  /** Today's amount of the whole line with its choices ('' when not sold). */
  Amount: string
  /**
   * The line as the cart takes it back (src/core/cart: goods details + line with its choices,
   * priced from today's menu); null when it cannot come back.
   */
  Cart: { goods: CartGoodsDetails; line: CartLineInput } | null
}
