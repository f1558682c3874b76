import type { MessageKey } from './zh-CN'

/** Traditional Chinese. */
const zhTW: Record<MessageKey, string> = {
  'tab.home': '首頁',

  'shell.loading': '載入中…',
  'shell.loadFailed': '頁面載入失敗，請檢查網絡後重試',
  'shell.reload': '重新載入',

  'network.error': '網絡連接異常',
  'common.retry': '重試',

  'entry.opening': '正在打開點餐頁…',
  'entry.noCodeTitle': '請掃描桌上或櫃檯的二維碼',
  'entry.noCodeBody': '掃描桌台或門店二維碼後即可開始點餐。',
  'entry.failedTitle': '無法打開點餐頁',
  'session.shopMissing': '門店不存在',

  'home.branch': '分店',
  'home.table': '桌台',
  'home.noBranch': '未選擇分店',
  'home.noTable': '未指定桌台（櫃檯點餐）',
  'home.openNow': '營業中',
  'home.closed': '休息中',
  'home.hours': '營業時間 {begin}–{end}',
  'home.allDay': '全天營業',
  'home.opensAt': '{time} 開始營業',
  'home.openSheet': '本桌已有進行中的訂單',
  'home.language': '語言',
  'home.fastFood': '快餐',
  'home.dineIn': '堂食',

  'lang.zh-CN': '简体中文',
  'lang.zh-TW': '繁體中文',
  'lang.en': 'English',

  'errcode.10001': '請求缺少必要欄位：{field}',
  'errcode.10002': '請求資料不是有效的 JSON',
  'errcode.10003': '未知的操作：{operation}',
  'errcode.10004': '應用授權碼錯誤',
  'errcode.10005': '請求中的企業編號不一致',
  'errcode.10006': '請求內容過大',
  'errcode.10007': '請求參數無效：{detail}',
  'errcode.10008': '不支援的請求格式',
  'errcode.10009': '請求過於頻繁，請稍後再試',
  'errcode.50000': '伺服器暫時無法處理，請稍後再試',

  'resultcode.20001': '企業不存在',
  'resultcode.20002': '二維碼無效或已過期',
  'resultcode.20003': '門店不存在',
  'resultcode.20004': '分店不存在',
  'resultcode.20005': '找不到該桌號',
  'resultcode.20006': '參數不存在',
  'resultcode.20007': '商品不存在',
  'resultcode.20008': '商品分類不存在',
  'resultcode.42000': '會員未註冊'
}
export default zhTW
