/**
 * The gateway's error and result codes (design.md §3), part of the contract (./contract.ts). In a
 * file of their own so the H5 first screen, which needs five of them (./entry-codes.ts), does not
 * carry the rest.
 */
import { OK, ORDER_NOT_FOUND, ORDER_NOT_YOURS, QR_CODE_INVALID, SHOP_NOT_FOUND } from './entry-codes'

/**
 * errcode: the envelope / transport layer. Closed list; each has a message key
 * in the i18n catalogues (`errcode.<code>`).
 */
export const ERRCODES = {
  OK: '0',
  MISSING_FIELD: '10001',
  INVALID_JSON: '10002',
  UNKNOWN_OPERATION: '10003',
  WRONG_AUTH_CODE: '10004',
  ENT_ID_MISMATCH: '10005',
  BODY_TOO_LARGE: '10006',
  INVALID_INPUT: '10007',
  UNSUPPORTED_REQUEST: '10008',
  RATE_LIMITED: '10009',
  /** A member operation without a valid session token (spec: 'Operation not allowed without logging-in.'). */
  LOGIN_REQUIRED: '10010',
  /** A browser's post from a page of another site (Origin / Sec-Fetch-Site), not in ALLOWED_ORIGINS. */
  CROSS_SITE_REFUSED: '10011',
  /** A staff operation without a valid staff session (expired, signed out, person or device removed). */
  STAFF_SIGN_IN_REQUIRED: '10012',
  /** The staff member's role lacks the permission, or the shop or branch is outside their scope. */
  STAFF_NOT_PERMITTED: '10013',
  INTERNAL: '50000'
} as const
export type ErrCode = (typeof ERRCODES)[keyof typeof ERRCODES]

/**
 * resultcode: the business layer. Closed list; each has a message key in the
 * i18n catalogues (`resultcode.<code>`). 42000 keeps the spec's meaning
 * (member not registered: the client registers next).
 */
export const RESULTCODES = {
  OK,
  ENTERPRISE_NOT_FOUND: '20001',
  QR_CODE_INVALID,
  SHOP_NOT_FOUND,
  BASE_NOT_FOUND: '20004',
  TABLE_NOT_FOUND: '20005',
  PARAM_NOT_FOUND: '20006',
  GOODS_NOT_FOUND: '20007',
  CLASS_NOT_FOUND: '20008',
  GOODS_OFF_SALE: '20009',
  PRICE_CHANGED: '20010',
  GOODS_NOT_IN_SHOP: '20011',
  INVALID_QUANTITY: '20012',
  SHOP_CLOSED: '20013',
  SHEET_EXPIRED: '20014',
  SHEET_CLOSED: '20015',
  ORDER_NOT_FOUND,
  ORDER_NOT_YOURS,
  ORDER_STATUS_CONFLICT: '20018',
  APPOINTMENT_OUTSIDE_HOURS: '20019',
  PAYMENT_ACCOUNT_NOT_LINKED: '20020',
  PAYMENT_DECLINED: '20021',
  PAYMENT_NOT_FOUND: '20022',
  BEYOND_DELIVERY_RANGE: '20023',
  ORDER_EXPIRED: '20024',
  QUANTITY_EDIT_NOT_ALLOWED: '20025',
  CART_EMPTY: '20026',
  SERVICE_NOT_OFFERED: '20027',
  ONLINE_CHECKOUT_OFF: '20028',
  REQUEST_KEY_REUSED: '20029',
  ADDRESS_REQUIRED: '20030',
  PAYMENT_AMOUNT_MISMATCH: '20031',
  SMS_TOO_FREQUENT: '20032',
  SMS_DAILY_LIMIT: '20033',
  SMS_CODE_WRONG: '20034',
  SMS_CODE_EXPIRED: '20035',
  PHONE_INVALID: '20036',
  PHONE_IN_USE: '20037',
  PHONE_NOT_BOUND: '20038',
  NAME_INVALID: '20039',
  ACCESS_TOKEN_INVALID: '20040',
  CHANGE_TICKET_INVALID: '20041',
  INSUFFICIENT_BALANCE: '20042',
  RECHARGE_RULE_NOT_FOUND: '20043',
  RECHARGE_NOT_FOUND: '20044',
  DEVICE_KEY_REQUIRED: '20045',
  MEMBER_CODE_INVALID: '20046',
  /** VipRegister RegisterType 0 with no phone the host verified (a development identity verifies none). */
  PHONE_NOT_VERIFIED: '20047',
  /** More of a goods (sku) than the stock left: names the goods and what is left. */
  STOCK_SHORT: '20048',
  /** A line above the per-line quantity cap (shop/enterprise setting MaxLineQuantity, default 99). */
  LINE_QUANTITY_OVER_LIMIT: '20049',
  /** More lines than the line-count cap (shop/enterprise setting MaxOrderLines, default 50). */
  TOO_MANY_LINES: '20050',
  /** A table's sheet (or a round at the table) without the table's current QR code, from a device that ordered nothing on it. */
  TABLE_CODE_REQUIRED: '20051',
  /** Change phone: the "new" number is the member's current one (SmsVerifySend VipPhoneChange, VipPhoneChange type 2). */
  PHONE_UNCHANGED: '20052',
  /** Delivery where the branch has a range or distance fees, to a typed address with no location: the range cannot be checked (never "beyond range"). */
  LOCATION_REQUIRED: '20053',
  /** Coupons (issue 15): no card or plan by that id or code (spec: 'coupon does not exist'). */
  COUPON_NOT_FOUND: '20054',
  /** The card cannot be used now: used, expired, returned, not yet valid, not for this order, or another member's (spec: 'coupon not available'). */
  COUPON_NOT_AVAILABLE: '20055',
  /** A plan with no cards left to claim. */
  COUPON_SOLD_OUT: '20056',
  /** The member already holds as many cards of the plan as one member may. */
  COUPON_LIMIT_REACHED: '20057',
  /** A plan that cannot be claimed now (paused, outside its claim window, or not claimable in the app). */
  COUPON_NOT_CLAIMABLE: '20058',
  /** The order's eligible spend is below the card's minimum (spec's message). */
  COUPON_MIN_SPEND: '20059',
  /** Too many wrong voucher codes: try again later. */
  COUPON_CODE_TRIES: '20060',
  /** Addresses (issue 16): no address of the caller's by that id (another member's is never confirmed to exist). */
  ADDRESS_NOT_FOUND: '20061',
  /** The member already keeps as many addresses as allowed (MaxAddresses, 20). */
  ADDRESS_LIMIT_REACHED: '20062',
  /** A region code the dataset does not know, or one that is not a leaf where a leaf is needed (spec: 'Please select region'). */
  REGION_NOT_FOUND: '20063',
  /** The geocoder found no place for the text or point given. */
  PLACE_NOT_FOUND: '20064',
  /** Uploads (issue 17): no file, not the picture it claims, a type not accepted (spec: 'file error'). */
  UPLOAD_FILE_INVALID: '20065',
  /** Larger than UPLOAD_MAX_BYTES (5242880). */
  UPLOAD_TOO_LARGE: '20066',
  /** A FileID that is not the caller's checked upload (unknown, expired, not uploaded, another member's, used for another purpose). */
  UPLOAD_NOT_FOUND: '20067',
  /** Reviews: not the caller's paid or completed order, or a line not in it. */
  REVIEW_NOT_ALLOWED: '20068',
  /** The review can no longer be edited. */
  REVIEW_EDIT_CLOSED: '20069',
  /** After-sale: not the caller's paid order, or nothing left to refund. */
  AFTERSALE_NOT_ALLOWED: '20070',
  /** The order already has an open request. */
  AFTERSALE_OPEN_EXISTS: '20071',
  /** The amount is not above 0 or is more than what is paid and not yet refunded ({max}). */
  AFTERSALE_AMOUNT_INVALID: '20072',
  /** No request of the caller's by that id. */
  AFTERSALE_NOT_FOUND: '20073',
  /** The request is not in a state that allows this (e.g. withdrawing a decided one). */
  AFTERSALE_STATE_CONFLICT: '20074',
  /** SMS (issue 25): the SMS vendor did not send the code (its account, template or signature, its balance, or it could not be reached in time); docs/sms.md. */
  SMS_NOT_SENT: '20075',
  /** Staff sign-in (issue 23): no such person, or the password or code is wrong (never says which). */
  STAFF_SIGN_IN_FAILED: '21001',
  /** A wrong PIN on a paired device ({left} tries before the device locks). */
  STAFF_PIN_WRONG: '21002',
  /** Too many wrong PINs or passwords: locked until {until} ({minutes} minutes). */
  STAFF_LOCKED: '21003',
  /** The setup link is unknown, used already or expired. */
  SETUP_LINK_INVALID: '21004',
  /** No person of the enterprise by that id (or removed). */
  STAFF_NOT_FOUND: '21005',
  /** Another person of the enterprise already has that phone. */
  STAFF_PHONE_TAKEN: '21006',
  /** A password shorter than {min} characters. */
  STAFF_PASSWORD_WEAK: '21007',
  /** A PIN that is not 4 to 6 digits. */
  STAFF_PIN_INVALID: '21008',
  /** The device is not paired (unknown or unpaired token). */
  STAFF_DEVICE_NOT_PAIRED: '21009',
  /** A role above the caller's own, or shops and branches outside the caller's scope. */
  STAFF_ROLE_NOT_ALLOWED: '21010',
  /** The enterprise would be left without an owner. */
  STAFF_LAST_OWNER: '21011',
  /** No device of the enterprise by that id. */
  STAFF_DEVICE_NOT_FOUND: '21012',
  /** The person may not sign in on this device (another shop or branch). */
  STAFF_NOT_ON_DEVICE: '21013',
  /** Setup (issue 23, server/src/domain/setup): an input or setup file refused; {detail} lists every problem with its field. */
  SETUP_INVALID: '21100',
  /** Bulk tables: a table code the branch already has ({codes}). */
  TABLE_CODE_TAKEN: '21101',
  /** A table with an open bill cannot be removed ({table}). */
  TABLE_IN_USE: '21102',
  /** Another shop of the enterprise already has this code ({code}). */
  SHOP_CODE_TAKEN: '21103',
  /** Another branch of the enterprise already has this code ({code}). */
  BASE_CODE_TAKEN: '21104',
  /** A branch with orders or open bills cannot be removed ({branch}). */
  BASE_IN_USE: '21105',
  /**
   * A table's line lowered below what went to the kitchen while the enterprise does not let diners
   * do that (CYSheetSentQuaLower ≠ 1; raising stays allowed) ({goods}).
   */
  QUANTITY_SENT_TO_KITCHEN: '21106',
  /** Ordering (issue 23): a line of {goods} without a choice in a required remark group ({group}); src/core/goods-remarks.ts. */
  CHOICE_REQUIRED: '21200',
  /** Menu editing (issue 23, the console's Menu operations): a class or goods refused by the menu import's rules; {detail} names every problem with its field. */
  MENU_INVALID: '21201',
  /** A new class or goods with a code the shop's menu already has ({code}). */
  MENU_CODE_TAKEN: '21202',
  /** A class that still has goods cannot be removed ({class}). */
  MENU_CLASS_NOT_EMPTY: '21203',
  /** A goods picked in a combo cannot be removed ({goods} in {combo}). */
  MENU_GOODS_IN_COMBO: '21204',
  /** The kitchen (issue 24): no ticket by that id in the caller's branches. */
  TICKET_NOT_FOUND: '21300',
  /** A recall with no bumped ticket to bring back (or the ticket named is on the board already). */
  NOTHING_TO_RECALL: '21301',
  /** A kitchen station refused ({detail}: every problem with its field). */
  STATION_INVALID: '21302',
  /** No station by that id in the caller's branches. */
  STATION_NOT_FOUND: '21303',
  /** An order appointed to a pickup slot the branch's capacity has taken ({time}): the diner chooses another (docs/estimates.md). */
  SLOT_FULL: '21304',
  /** Front of house (issue 24): a payment above what is still due ({due}); cash may be tendered above it, the amount may not. */
  COUNTER_OVERPAY: '21400',
  /** A payment amount that is not above 0, cash tendered below the amount, or a prepay order paid in part ({due} is its whole due). */
  COUNTER_AMOUNT_INVALID: '21401',
  /** Closing a bill with {due} still due needs a reason. */
  BILL_DUE_REASON_REQUIRED: '21402',
  /** A manager's approval (an owner or manager and their PIN) is needed for this. */
  APPROVAL_REQUIRED: '21403',
  /** The approver is not an owner or manager working at this branch, or has no PIN. */
  APPROVER_NOT_ALLOWED: '21404',
  /** Moving a bill to a table that has an open bill ({table}): merge instead. */
  TABLE_OCCUPIED: '21405',
  /** Merging into a table without an open bill ({table}): move instead. */
  TABLE_FREE: '21406',
  /** A cancel would take the bill below what is already paid on it ({paid}). */
  COUNTER_BELOW_PAID: '21407',
  /** The line was cancelled already ({goods}). */
  LINE_ALREADY_CANCELLED: '21408',
  /** A wrong manager PIN ({left} tries before the approvals lock). */
  APPROVAL_PIN_WRONG: '21409',
  /** Too many wrong voucher codes typed at the counter (by this person, on this device, or at this branch) in the window: tried again after {until}. */
  COUNTER_VOUCHER_TRIES: '21410',
  /** Too many wrong member numbers typed (by this person, on this device, or at this branch) in the window: tried again after {until}. */
  MEMBER_NUMBER_TRIES: '21411',
  /** A shop's payment account at a provider this server does not run ({provider}). */
  PAYMENT_PROVIDER_NOT_RUN: '21500',
  /** Split bills (issue 26 item 2; docs/split-bills.md): another diner at the table holds or paid that part of {goods}. */
  SHARE_LINE_TAKEN: '21600',
  /** The line ({goods}) or the table's equal split is already cut in {of} parts: a share must be of {of}. */
  SHARE_SPLIT_DIFFERENT: '21601',
  /** More than is open on the bill ({open}: due less what others are paying now), or nothing is open. */
  SHARE_ABOVE_OPEN: '21602',
  /** The share no longer stands (the bill changed, it lapsed, or the bill was paid): nothing was taken. */
  SHARE_NO_LONGER_STANDS: '21603',
  /** A share asked for wrongly ({field}: a count from 1 to 20, a line of the bill once, an amount above 0). */
  SHARE_INVALID: '21604',
  MEMBER_NOT_REGISTERED: '42000'
} as const
export type ResultCode = (typeof RESULTCODES)[keyof typeof RESULTCODES]
