/** The kitchen's ready-time estimates (issue 26 item 3; docs/estimates.md). Merged into ../en.ts, ../zh-CN.ts, ../zh-TW.ts. */
export const estimatesEn = {
  'estimates.title': 'Ready-time estimates',
  'estimates.intro': 'Diners are told “ready in about N minutes” from the orders on the board and how long each dish has taken here (learned from every bump). Pickup times a full 15 minutes is not offered.',
  'estimates.defaultPrep': 'Minutes a new dish takes',
  'estimates.defaultPrepHint': 'Per portion, until the kitchen has bumped it a few times (1 to 120).',
  'estimates.capacity': 'Orders per 15-minute pickup time',
  'estimates.capacityHint': 'Orders for a later time the kitchen can take in one 15 minutes; 0 for no limit.',
  'estimates.save': 'Save the estimates',
  'estimates.saved': 'Saved.',
  'estimates.error.prep': 'Enter a whole number from 1 to 120.',
  'estimates.error.capacity': 'Enter a whole number from 0 to 999.',
  'estimates.learned': 'Learned from bumps',
  'estimates.learnedNone': 'Nothing learned yet: bump tickets on the board and the times appear here.',
  'estimates.goods': 'Dish',
  'estimates.minutes': 'Minutes per portion',
  'estimates.samples': 'Bumps'
}

export const estimatesZhCN: Record<keyof typeof estimatesEn, string> = {
  'estimates.title': '预计备好时间',
  'estimates.intro': '根据看板上的订单和本店每道菜的实际用时（每次出餐时学习），告诉顾客“预计约 N 分钟后备好”。已约满的 15 分钟取餐时段不再提供。',
  'estimates.defaultPrep': '新菜品所需分钟',
  'estimates.defaultPrepHint': '每份，在厨房出餐几次之前使用（1 至 120）。',
  'estimates.capacity': '每 15 分钟取餐时段可接订单数',
  'estimates.capacityHint': '厨房在一个 15 分钟内可接的预约订单数；0 为不限。',
  'estimates.save': '保存预计设置',
  'estimates.saved': '已保存。',
  'estimates.error.prep': '请输入 1 至 120 的整数。',
  'estimates.error.capacity': '请输入 0 至 999 的整数。',
  'estimates.learned': '从出餐学到的用时',
  'estimates.learnedNone': '尚未学到：在看板上出餐后，用时会显示在这里。',
  'estimates.goods': '菜品',
  'estimates.minutes': '每份分钟',
  'estimates.samples': '出餐次数'
}

export const estimatesZhTW: Record<keyof typeof estimatesEn, string> = {
  'estimates.title': '預計備妥時間',
  'estimates.intro': '根據看板上的訂單和本店每道菜的實際用時（每次出餐時學習），告訴顧客「預計約 N 分鐘後備妥」。已約滿的 15 分鐘取餐時段不再提供。',
  'estimates.defaultPrep': '新菜品所需分鐘',
  'estimates.defaultPrepHint': '每份，在廚房出餐幾次之前使用（1 至 120）。',
  'estimates.capacity': '每 15 分鐘取餐時段可接訂單數',
  'estimates.capacityHint': '廚房在一個 15 分鐘內可接的預約訂單數；0 為不限。',
  'estimates.save': '儲存預計設定',
  'estimates.saved': '已儲存。',
  'estimates.error.prep': '請輸入 1 至 120 的整數。',
  'estimates.error.capacity': '請輸入 0 至 999 的整數。',
  'estimates.learned': '從出餐學到的用時',
  'estimates.learnedNone': '尚未學到：在看板上出餐後，用時會顯示在這裡。',
  'estimates.goods': '菜品',
  'estimates.minutes': '每份分鐘',
  'estimates.samples': '出餐次數'
}
