/** Simplified Chinese. This catalogue defines the keys; the others must have every one. */
const zhCN = {
  'tab.home': '首页',

  'shell.loading': '加载中…',
  'shell.loadFailed': '页面加载失败，请检查网络后重试',
  'shell.reload': '重新加载',

  'network.error': '网络连接异常',
  'common.retry': '重试',

  'entry.opening': '正在打开点餐页…',
  'entry.noCodeTitle': '请扫描桌上或柜台的二维码',
  'entry.noCodeBody': '扫描桌台或门店二维码后即可开始点餐。',
  'entry.failedTitle': '无法打开点餐页',
  'session.shopMissing': '门店不存在',

  'home.branch': '分店',
  'home.table': '桌台',
  'home.noBranch': '未选择分店',
  'home.noTable': '未指定桌台（柜台点餐）',
  'home.openNow': '营业中',
  'home.closed': '休息中',
  'home.hours': '营业时间 {begin}–{end}',
  'home.allDay': '全天营业',
  'home.opensAt': '{time} 开始营业',
  'home.openSheet': '本桌已有进行中的订单',
  'home.language': '语言',
  'home.fastFood': '快餐',
  'home.dineIn': '堂食',

  'lang.zh-CN': '简体中文',
  'lang.zh-TW': '繁體中文',
  'lang.en': 'English',

  'errcode.10001': '请求缺少必要字段：{field}',
  'errcode.10002': '请求数据不是有效的 JSON',
  'errcode.10003': '未知的操作：{operation}',
  'errcode.10004': '应用授权码错误',
  'errcode.10005': '请求中的企业编号不一致',
  'errcode.10006': '请求内容过大',
  'errcode.10007': '请求参数无效：{detail}',
  'errcode.10008': '不支持的请求格式',
  'errcode.10009': '请求过于频繁，请稍后再试',
  'errcode.50000': '服务器暂时无法处理，请稍后再试',

  'resultcode.20001': '企业不存在',
  'resultcode.20002': '二维码无效或已过期',
  'resultcode.20003': '门店不存在',
  'resultcode.20004': '分店不存在',
  'resultcode.20005': '找不到该桌号',
  'resultcode.20006': '参数不存在',
  'resultcode.20007': '商品不存在',
  'resultcode.20008': '商品分类不存在',
  'resultcode.42000': '会员未注册'
} as const

export type MessageKey = keyof typeof zhCN
export default zhCN as Record<MessageKey, string>
