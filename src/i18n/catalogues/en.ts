import type { MessageKey } from './zh-CN'

/** English. */
const en: Record<MessageKey, string> = {
  'tab.home': 'Home',

  'shell.loading': 'Loading…',
  'shell.loadFailed': 'The page failed to load. Check your connection and try again.',
  'shell.reload': 'Reload',

  'network.error': 'Network connection error',
  'common.retry': 'Retry',

  'entry.opening': 'Opening the menu…',
  'entry.noCodeTitle': 'Scan the QR code on your table or at the counter',
  'entry.noCodeBody': 'Ordering starts once you scan a table or shop QR code.',
  'entry.failedTitle': 'The menu could not be opened',
  'session.shopMissing': 'Shop does not exist',

  'home.branch': 'Branch',
  'home.table': 'Table',
  'home.noBranch': 'No branch chosen',
  'home.noTable': 'No table (order at the counter)',
  'home.openNow': 'Open now',
  'home.closed': 'Closed',
  'home.hours': 'Hours {begin}–{end}',
  'home.allDay': 'Open 24 hours',
  'home.opensAt': 'Opens at {time}',
  'home.openSheet': 'This table has an order in progress',
  'home.language': 'Language',
  'home.fastFood': 'Fast food',
  'home.dineIn': 'Dine-in',

  'lang.zh-CN': '简体中文',
  'lang.zh-TW': '繁體中文',
  'lang.en': 'English',

  'errcode.10001': 'The request is missing a required field: {field}',
  'errcode.10002': 'The request data is not valid JSON',
  'errcode.10003': 'Unknown operation: {operation}',
  'errcode.10004': 'Wrong application authorisation code',
  'errcode.10005': 'The enterprise id in the request does not match',
  'errcode.10006': 'The request is too large',
  'errcode.10007': 'Invalid request parameters: {detail}',
  'errcode.10008': 'Unsupported request format',
  'errcode.10009': 'Too many requests, please try again later',
  'errcode.50000': 'The server cannot handle this right now, please try again later',

  'resultcode.20001': 'Enterprise does not exist',
  'resultcode.20002': 'QR code invalid or expired',
  'resultcode.20003': 'Shop does not exist',
  'resultcode.20004': 'Branch does not exist',
  'resultcode.20005': 'Table number not found',
  'resultcode.20006': 'Parameter does not exist',
  'resultcode.20007': 'Goods does not exist',
  'resultcode.20008': 'Goods class does not exist',
  'resultcode.42000': 'Member not registered'
}
export default en
