/**
 * The privacy policy and terms of use (spec §2 prepayOrderConfirm/components/terms), in the three
 * languages. Kept out of the catalogues: only the terms page loads it. It says what this app
 * actually keeps and sends; change it when that changes.
 */
import type { Locale } from '../../gateway/contract'

export { TERMS_VERSION } from './terms-version'

export interface TermsSection {
  title: string
  paragraphs: string[]
}

export interface TermsText {
  updated: string
  intro: string
  privacyTitle: string
  privacy: TermsSection[]
  termsTitle: string
  terms: TermsSection[]
}

const en: TermsText = {
  updated: 'Last updated: 2026',
  intro:
    'This app lets you order from the restaurant whose QR code you scanned. It is run for that restaurant, which decides what it does with your order. This page says plainly what the app keeps on your phone, what it sends to the restaurant\'s server, and the rules of ordering.',
  privacyTitle: 'Privacy policy',
  privacy: [
    {
      title: 'What stays on your phone',
      paragraphs: [
        'A device key: 32 random characters created the first time you use the app and kept in your browser\'s or mini-program\'s local storage. It is not your name, phone number or any hardware identifier. It lets the app show you the orders you placed on this phone without an account.',
        'Your cart, your language choice and the table or shop you scanned, so a reload brings you back to the same place; the choices of an order you have not sent yet (service style, time, remark, delivery contact and address); the last order you placed at each branch; and that you agreed to this policy, with its version, so you are asked again only when it changes.',
        'Clearing the app\'s storage (or your browser data) deletes all of these. After that, orders placed earlier can no longer be opened from this phone; the restaurant still has them.'
      ]
    },
    {
      title: 'What is sent to the restaurant\'s server',
      paragraphs: [
        'With every request: the device key (the server stores only a one-way SHA-256 hash of it), the app version, your interface language and the shop, branch and table you are ordering at.',
        'With an order: the goods, options, quantities and amounts, the service style, the appointed time, your remarks, the number of bags, and for delivery the contact name, phone number and address you type in.',
        'Your location only if you tap "Use my location" for a delivery, and only to work out the distance and delivery fee.',
        'If the app runs into an error, a short technical report (what went wrong and which kind of browser or app) so it can be fixed. It does not contain your order or contact details.'
      ]
    },
    {
      title: 'Payment',
      paragraphs: [
        'Payments are made on the payment provider\'s own page. The app and the restaurant\'s server receive only whether the payment succeeded, the amount and a payment reference; they never see your card or wallet details.'
      ]
    },
    {
      title: 'How the data is used and kept',
      paragraphs: [
        'Order data is used to prepare, serve, deliver and account for your order, to show you its status and pickup number, and as the restaurant\'s business records, which it may have to keep for the period the law requires.',
        'The app has no advertising, no third-party analytics and no tracking across other sites or apps. Your data is not sold.',
        'Staff of the restaurant can see the orders placed at it. Table orders are shared by everyone ordering at the same table: anyone at the table sees its rounds and total.'
      ]
    },
    {
      title: 'Your choices',
      paragraphs: [
        'You can order without an account and leave out the optional remarks. For delivery, the contact, phone and address are needed to bring you the order.',
        'To see, correct or delete personal data that the restaurant holds about an order, contact the restaurant with the order number.'
      ]
    }
  ],
  termsTitle: 'Terms of use',
  terms: [
    {
      title: 'Prices and orders',
      paragraphs: [
        'The amount you pay is the one the restaurant\'s server works out when you submit, from its own menu and running promotions. If a price changed or a goods went off sale while you were choosing, the order is refused and you are asked to check your cart; nothing is charged.',
        'A prepaid order is accepted once it is paid. An unpaid order expires after a short time set by the restaurant. A table order is sent to the kitchen when you submit a round and is paid at the end of the meal.',
        'Submitting the same order twice (a double tap or a retry after a lost connection) places it only once.'
      ]
    },
    {
      title: 'Times',
      paragraphs: [
        'Pickup and delivery times are chosen within the branch\'s opening hours and are the time the restaurant aims for, not a guarantee. Times are the restaurant\'s local time.',
        'A table can take new rounds while the branch is open and within the ordering time the restaurant allows for a table; after that, please ask the staff.'
      ]
    },
    {
      title: 'Cancelling and problems',
      paragraphs: [
        'An unpaid order can be cancelled in the app. Once an order is paid or being prepared, ask the restaurant; refunds follow the restaurant\'s policy and the law.',
        'Allergies and dietary needs: write them in the remarks and tell the staff as well. The restaurant is responsible for the food it serves.'
      ]
    },
    {
      title: 'The software',
      paragraphs: [
        'ScanOrder is open-source software provided as is. The restaurant that runs it is the party you order from and is responsible for its menu, prices, service and the handling of your data described above.'
      ]
    }
  ]
}

const zhTW: TermsText = {
  updated: '最後更新：2026 年',
  intro:
    '本程式讓您向所掃描二維碼所屬的餐廳點餐。程式由該餐廳運營，您的訂單如何處理由餐廳決定。本頁清楚說明程式在您手機上保存甚麼、向餐廳伺服器傳送甚麼，以及點餐的規則。',
  privacyTitle: '私隱政策',
  privacy: [
    {
      title: '保存在您手機上的資料',
      paragraphs: [
        '裝置密鑰：首次使用時產生的 32 個隨機字元，保存在瀏覽器或小程式的本機儲存中。它不是您的姓名、電話號碼或任何硬件識別碼，只用來讓您無需帳戶也能查看在這部手機上下的訂單。',
        '您的購物車、語言選擇以及所掃描的枱號或店舖，讓重新載入後回到同一位置；尚未送出的訂單所作的選擇（用餐方式、時間、備註、外送聯絡人及地址）；您在每間分店最近下的訂單；以及您已同意本政策及其版本，只有政策更改時才會再請您同意。',
        '清除程式儲存（或瀏覽器資料）會刪除以上全部資料。之後便不能再從這部手機打開以前的訂單；餐廳仍保有這些訂單。'
      ]
    },
    {
      title: '傳送到餐廳伺服器的資料',
      paragraphs: [
        '每次請求：裝置密鑰（伺服器只保存其 SHA-256 單向雜湊值）、程式版本、介面語言，以及您點餐所在的店舖、分店和枱號。',
        '下單時：商品、選項、數量和金額、用餐方式、預約時間、備註、膠袋數量；外送時另有您填寫的聯絡人、電話和地址。',
        '只有在外送時按下「使用我的位置」，才會傳送您的位置，且只用於計算距離和運費。',
        '程式出錯時，會傳送一份簡短的技術報告（出了甚麼錯、在哪類瀏覽器或程式中），以便修正；報告不含您的訂單或聯絡資料。'
      ]
    },
    {
      title: '付款',
      paragraphs: ['付款在支付服務商自己的頁面完成。程式和餐廳伺服器只會收到付款是否成功、金額和付款編號，從不接觸您的銀行卡或錢包資料。']
    },
    {
      title: '資料的用途和保存',
      paragraphs: [
        '訂單資料用於製作、上菜、外送和結算您的訂單，向您顯示訂單狀態和取餐號，並作為餐廳的營業記錄，按法律要求的期限保存。',
        '本程式沒有廣告、沒有第三方分析，也不會在其他網站或程式中追蹤您。您的資料不會被出售。',
        '餐廳員工可以看到在該餐廳下的訂單。枱號訂單由同枱點餐的所有人共用：同枱的人都能看到各輪點餐和合計。'
      ]
    },
    {
      title: '您的選擇',
      paragraphs: [
        '您無需帳戶即可點餐，備註可以不填。外送需要聯絡人、電話和地址才能送達。',
        '如需查閱、更正或刪除餐廳就某張訂單持有的個人資料，請憑訂單號聯絡餐廳。'
      ]
    }
  ],
  termsTitle: '使用條款',
  terms: [
    {
      title: '價格和訂單',
      paragraphs: [
        '您需支付的金額，以提交時餐廳伺服器按其菜單和進行中的優惠計算的金額為準。如在您選購期間價格有變或商品停售，訂單會被拒絕並請您檢查購物車，不會收取任何費用。',
        '預付訂單在付款後才被接受；未付款的訂單會在餐廳設定的短時間後失效。枱號訂單在您提交每一輪時送到廚房，用餐完畢後結賬。',
        '同一張訂單提交兩次（連按兩下或斷線後重試）只會下單一次。'
      ]
    },
    {
      title: '時間',
      paragraphs: [
        '取餐和送達時間只能在分店營業時間內選擇，是餐廳的目標時間而非保證，以餐廳當地時間為準。',
        '分店營業期間、且在餐廳允許的枱號點餐時限內，同一枱可繼續加點；超過時限請聯絡店員。'
      ]
    },
    {
      title: '取消和問題',
      paragraphs: [
        '未付款的訂單可在程式內取消。訂單已付款或正在製作時，請聯絡餐廳；退款按餐廳政策和法律處理。',
        '過敏和飲食要求：請寫在備註中，並同時告知店員。餐廳對其提供的食物負責。'
      ]
    },
    {
      title: '軟件',
      paragraphs: ['ScanOrder 是按「現狀」提供的開源軟件。運營本程式的餐廳是您的點餐對象，負責其菜單、價格、服務以及上述資料的處理。']
    }
  ]
}

const zhCN: TermsText = {
  updated: '最后更新：2026 年',
  intro:
    '本程序让您向所扫描二维码所属的餐厅点餐。程序由该餐厅运营，您的订单如何处理由餐厅决定。本页清楚说明程序在您手机上保存什么、向餐厅服务器发送什么，以及点餐的规则。',
  privacyTitle: '隐私政策',
  privacy: [
    {
      title: '保存在您手机上的数据',
      paragraphs: [
        '设备密钥：首次使用时生成的 32 个随机字符，保存在浏览器或小程序的本地存储中。它不是您的姓名、手机号或任何硬件标识，只用来让您无需账户也能查看在这部手机上下的订单。',
        '您的购物车、语言选择以及所扫描的桌号或店铺，让重新加载后回到同一位置；尚未提交的订单所作的选择（用餐方式、时间、备注、外送联系人及地址）；您在每家分店最近下的订单；以及您已同意本政策及其版本，只有政策变更时才会再请您同意。',
        '清除程序存储（或浏览器数据）会删除以上全部数据。之后便不能再从这部手机打开以前的订单；餐厅仍保有这些订单。'
      ]
    },
    {
      title: '发送到餐厅服务器的数据',
      paragraphs: [
        '每次请求：设备密钥（服务器只保存其 SHA-256 单向哈希值）、程序版本、界面语言，以及您点餐所在的店铺、门店和桌号。',
        '下单时：商品、选项、数量和金额、用餐方式、预约时间、备注、塑料袋数量；外送时另有您填写的联系人、电话和地址。',
        '只有在外送时点击“使用我的位置”，才会发送您的位置，且只用于计算距离和配送费。',
        '程序出错时，会发送一份简短的技术报告（出了什么错、在哪类浏览器或程序中），以便修复；报告不含您的订单或联系信息。'
      ]
    },
    {
      title: '支付',
      paragraphs: ['支付在支付服务商自己的页面完成。程序和餐厅服务器只会收到支付是否成功、金额和支付编号，从不接触您的银行卡或钱包信息。']
    },
    {
      title: '数据的用途和保存',
      paragraphs: [
        '订单数据用于制作、上菜、配送和结算您的订单，向您显示订单状态和取餐号，并作为餐厅的经营记录，按法律要求的期限保存。',
        '本程序没有广告、没有第三方分析，也不会在其他网站或程序中追踪您。您的数据不会被出售。',
        '餐厅员工可以看到在该餐厅下的订单。桌台订单由同桌点餐的所有人共用：同桌的人都能看到各轮点餐和合计。'
      ]
    },
    {
      title: '您的选择',
      paragraphs: ['您无需账户即可点餐，备注可以不填。外送需要联系人、电话和地址才能送达。', '如需查阅、更正或删除餐厅就某张订单持有的个人信息，请凭订单号联系餐厅。']
    }
  ],
  termsTitle: '使用条款',
  terms: [
    {
      title: '价格和订单',
      paragraphs: [
        '您需支付的金额，以提交时餐厅服务器按其菜单和进行中的优惠计算的金额为准。如在您选购期间价格有变或商品停售，订单会被拒绝并请您检查购物车，不会收取任何费用。',
        '预付订单在付款后才被接受；未付款的订单会在餐厅设定的短时间后失效。桌台订单在您提交每一轮时送到厨房，用餐完毕后结账。',
        '同一张订单提交两次（连点两下或断网后重试）只会下单一次。'
      ]
    },
    {
      title: '时间',
      paragraphs: [
        '取餐和送达时间只能在门店营业时间内选择，是餐厅的目标时间而非保证，以餐厅当地时间为准。',
        '门店营业期间、且在餐厅允许的桌台点餐时限内，同一桌可继续加点；超过时限请联系店员。'
      ]
    },
    {
      title: '取消和问题',
      paragraphs: [
        '未付款的订单可在程序内取消。订单已付款或正在制作时，请联系餐厅；退款按餐厅政策和法律处理。',
        '过敏和饮食要求：请写在备注中，并同时告知店员。餐厅对其提供的食物负责。'
      ]
    },
    {
      title: '软件',
      paragraphs: ['ScanOrder 是按“现状”提供的开源软件。运营本程序的餐厅是您的点餐对象，负责其菜单、价格、服务以及上述数据的处理。']
    }
  ]
}

export const TERMS: Record<Locale, TermsText> = { 'zh-CN': zhCN, 'zh-TW': zhTW, en }
