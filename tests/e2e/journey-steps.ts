/**
 * The journey matrix (issue 12): which journeys there are, read from the server's data, and the
 * steps of one journey from a printed entry URL to the order details. Used by journeys.test.ts.
 *
 * The matrix: every demo entry point (demoEntryPoints: shop counters and tables), for a counter
 * of a shop with several branches every branch, and every service style the place offers. Pay
 * mode and styles follow spec §1: a table of a branch that is not fast food (CYType ≠ '1') orders
 * rounds and pays later, never delivered; everything else pays first.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { parseGoodsRemarks } from '../../src/core/goods-remarks'
import { servicesOffered } from '../../src/core/sheet-position'
import type { ServiceType } from '../../src/gateway/order-rows'
import type { Locale } from '../../src/gateway/contract'
import type { MessageKey } from '../../src/i18n/catalogues'
import { translate } from '../../src/i18n/translate'
import type { MenuFile, MenuGoods } from '../../server/src/domain/catalogue/menu-file'
import type { RunningServer } from '../../server/src/main'
import { demoEntryPoints, DEMO_MENUS_DIR, type DemoEntryPoint } from '../../server/src/storage/seed'
import { parseNames } from '../../server/src/storage/repositories/row-mapping'
import { checkPage, claimPage } from './axe'
import { phone } from './browser'
import { agreeAndSubmit, approveOnSandbox, byId, scanAndAdd, shot } from './steps'

/** How long a step may take to show: a healthy page answers in a second or two even on a busy 2-core machine. */
const STEP = 10000

export const LOCALES: Locale[] = ['zh-CN', 'zh-TW', 'en']
const DEVICE_LANGUAGE: Record<Locale, string> = { 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW', en: 'en-US' }
/** A text of the app's catalogue in a language (to find a control that has no test id). */
export const uiText = (locale: Locale, key: MessageKey): string => translate(locale, key)

export interface Branch {
  baseId: string
  names: Record<Locale, string>
  businessMode: string
  cyType: string
  lat: number
  lng: number
}

export interface Journey {
  /** 'A01 dinein', 'S101 B202 delivery': the sub-test's name and the screenshots' prefix. */
  id: string
  entry: DemoEntryPoint
  /** What the entry URL names: 'S101', 'A01' … */
  entryName: string
  branch: Branch
  /** The counter code asked no branch (a shop with several): the diner chooses this one. */
  choosesBranch: boolean
  mode: 'prepay' | 'postpay'
  /** Postpay: the branch takes the table's bill online (IsPayLaterOnlineCheckout '1'); else it is paid at the counter. */
  onlineCheckout: boolean
  service: ServiceType
  locale: Locale
  /** The table's name in the journey's language ('' at a counter). */
  tableName: string
  menu: MenuFile
  /** Goods to add with their choices, and the diner's remark for the order. */
  picks: GoodsPick[]
  remark: string
}

/** One goods chosen on its details page: the chips to tap and the texts each line must show. */
export interface GoodsPick {
  code: string
  name: string
  /** Its class's name on the menu's class tabs. */
  className: string
  /** Chips to tap off first (combo defaults), then chips to tap on, by their label (a price may follow). */
  tapOff: string[]
  tapOn: string[]
  /** What the order's line must show besides its name: spec, pack unit, remark option, add-on, combo picks. */
  shows: string[]
}

function menuOf(shopId: string): MenuFile {
  return JSON.parse(readFileSync(path.join(DEMO_MENUS_DIR, `menu-${shopId}.json`), 'utf8')) as MenuFile
}

/** Goods offered at every branch, all day, in steps of one: the journeys' candidates. */
const plain = (g: MenuGoods) => !g.bases?.length && !g.onSaleTime && !g.offSaleTime && !g.stepQua

/**
 * The goods a journey adds, read from the shop's menu: one with the most kinds of choices (spec,
 * remark option, add-on), and, taking turns by `turn`, one with a pack unit, one combo, or one
 * more with add-ons, so the matrix covers every kind of choice in both menus.
 */
export function picksFor(menu: MenuFile, locale: Locale, turn: number): GoodsPick[] {
  const goods = menu.goods.filter(plain)
  const byCode = (code: string) => menu.goods.find((g) => g.code === code)!
  const kinds = (g: MenuGoods) => (g.skus ? 1 : 0) + (g.remarks ? 1 : 0) + (g.addOns?.length ? 1 : 0)
  const rich = [...goods].sort((a, b) => kinds(b) - kinds(a))[0]
  const others = [
    goods.find((g) => g.packUnits?.length && !g.skus),
    goods.find((g) => g.combo?.length),
    goods.find((g) => g !== rich && g.addOns?.length && !g.skus && !g.combo)
  ].filter((g): g is MenuGoods => !!g)
  const second = others[turn % others.length]
  return [pickOf(menu, rich, locale, byCode), ...(second ? [pickOf(menu, second, locale, byCode)] : [])]
}

function pickOf(menu: MenuFile, g: MenuGoods, locale: Locale, byCode: (code: string) => MenuGoods): GoodsPick {
  const className = menu.classes.find((c) => c.code === g.class)?.names[locale] ?? ''
  const pick: GoodsPick = { code: g.code, name: g.names[locale], className, tapOff: [], tapOn: [], shows: [] }
  if (g.skus) {
    // The last value of each attribute (Large …): never the one chosen by default.
    const item = g.skus.items[g.skus.items.length - 1]
    g.skus.attributes.forEach((attr, i) => {
      const value = attr.values.find((v) => v.code === item.values[i])!
      pick.tapOn.push(value.names[locale])
      pick.shows.push(value.names[locale])
    })
  }
  if (g.packUnits?.length) {
    const pack = g.packUnits[0].names[locale]
    pick.tapOn.push(pack)
    pick.shows.push(pack)
  }
  if (g.remarks) {
    // The first group's last option, and an option of every other group the diner must choose in.
    parseGoodsRemarks(g.remarks[locale]).forEach((group, i) => {
      if (i > 0 && !group.required) return
      const option = i === 0 ? group.options[group.options.length - 1] : group.options[0]
      pick.tapOn.push(option)
      pick.shows.push(option)
    })
  }
  if (g.addOns?.length) {
    const addOn = g.addOns[g.addOns.length - 1].names[locale]
    pick.tapOn.push(addOn)
    pick.shows.push(addOn)
  }
  for (const cls of g.combo ?? []) {
    for (const item of cls.items.filter((i) => i.default)) pick.tapOff.push(byCode(item.goods).names[locale])
    const chosen = cls.items.find((i) => !i.default && i.price) ?? cls.items.find((i) => !i.default) ?? cls.items[0]
    pick.tapOn.push(byCode(chosen.goods).names[locale])
    pick.shows.push(byCode(chosen.goods).names[locale])
    // The pick's own required groups (its spice, issue 27 item 21): their second option, shown on the line.
    for (const group of parseGoodsRemarks(byCode(chosen.goods).remarks?.[locale] ?? '').filter((r) => r.required)) {
      const option = group.options[Math.min(1, group.options.length - 1)]
      pick.tapOn.push(option)
      pick.shows.push(option)
    }
  }
  return pick
}

const REMARKS: Record<Locale, (id: string) => string> = {
  'zh-CN': (id) => `少盐，花生过敏（${id}）`,
  'zh-TW': (id) => `少鹽，對花生敏感（${id}）`,
  en: (id) => `Less salt please; nut allergy (${id})`
}

/** The name an entry URL carries: 'QR-S101' → 'S101', 'QR-A01-<token>' → 'A01'. */
const entryName = (p: DemoEntryPoint) => p.qrCode.replace(/^QR-/, '').split('-')[0]

/**
 * Every journey of the demo: entries × branches × service styles, languages taking turns by entry.
 * JOURNEYS=<regular expression> keeps the journeys whose id matches (e.g. JOURNEYS='^A01 |delivery'
 * while working on one), the languages staying as in the whole matrix.
 */
export async function journeyMatrix(server: RunningServer, only = process.env.JOURNEYS): Promise<Journey[]> {
  const points = await demoEntryPoints(server.db)
  const bases = await server.db.selectFrom('bases').selectAll().execute()
  const tables = await server.db.selectFrom('dining_tables').select(['table_id', 'names']).execute()
  const online = await server.db.selectFrom('base_params').select('base_id').where('parm_id', '=', 'IsPayLaterOnlineCheckout').where('parm_value', '=', '1').execute()
  const journeys: Journey[] = []
  points.forEach((entry, entryIndex) => {
    const locale = LOCALES[entryIndex % LOCALES.length]
    const menu = menuOf(entry.shopId)
    const branches = bases.filter((b) => (entry.baseId ? b.base_id === entry.baseId : b.shop_id === entry.shopId))
    const table = tables.find((t) => t.table_id === entry.tableId)
    for (const b of branches) {
      const names = parseNames(b.names)
      const branch: Branch = {
        baseId: b.base_id,
        names: { 'zh-CN': names['zh-CN'], 'zh-TW': names['zh-TW'], en: names.en },
        businessMode: b.business_mode,
        cyType: b.cy_type,
        lat: Number(b.lat),
        lng: Number(b.lng)
      }
      const mode = entry.tableId && branch.cyType !== '1' ? 'postpay' : 'prepay'
      const styles = servicesOffered(branch.businessMode, branch.cyType).filter((s) => mode === 'prepay' || s !== 'delivery')
      for (const service of styles) {
        const name = entryName(entry)
        const id = `${name}${entry.baseId ? '' : ` ${branch.baseId}`} ${service}`
        journeys.push({
          id,
          entry,
          entryName: name,
          branch,
          choosesBranch: !entry.baseId,
          mode,
          onlineCheckout: online.some((p) => p.base_id === branch.baseId),
          service,
          locale,
          tableName: table ? parseNames(table.names)[locale] : '',
          menu,
          picks: picksFor(menu, locale, journeys.length),
          remark: REMARKS[locale](id.replace(/ /g, '-'))
        })
      }
    }
  })
  return only ? journeys.filter((j) => new RegExp(only).test(j.id)) : journeys
}

/** Delivery details the diner types: someone near the branch. */
const CONTACT: Record<Locale, string> = { 'zh-CN': '陈小姐', 'zh-TW': '陳小姐', en: 'Ms Chan' }
const ADDRESS: Record<Locale, string> = {
  'zh-CN': '澳门新马路 25 号 3 楼',
  'zh-TW': '澳門新馬路 25 號 3 樓',
  en: '3/F, 25 Avenida de Almeida Ribeiro, Macau'
}
const DELIVERY_PHONE = '66881234'

/** What a journey saw at its end, for the assertions. */
export interface JourneyOutcome {
  page: Page
  /** The order's SheetID (from the details page's URL). */
  sheetId: string
  /** 'YYYY-MM-DD HH:mm' of the slot chosen (prepay), else ''. */
  slot: string
  /** The pickup number the payment result showed ('' where there is none). */
  resultPickupNo: string
  contact: string
  phone: string
  address: string
  /** Each line of the confirm page as shown, before the order was placed. */
  confirmLines: string[]
  /** The service styles the confirm page offered. */
  offered: string[]
  /** Postpay: the table's page after the round was sent: the round's lines, the whole page's text. */
  sheetLines: string[]
  sheetText: string
  /** The gateway's refusals on the way ('KeyName resultcode message'), to tell what went wrong. */
  refusals: string[]
  close(): Promise<void>
}

/**
 * A chip or combo item by its label; a price or quantity may follow ('Three more wontons+MOP$15').
 * One of a kind (a size, a remark option, a pack unit) is a radio; one of several (add-ons) a checkbox.
 */
const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const chip = (page: Page, label: string) => {
  const name = new RegExp(`^\\s*${escapeRe(label)}`)
  return page.getByRole('checkbox', { name }).or(page.getByRole('radio', { name })).filter({ visible: true }).first()
}
/** A Taro Input / Textarea by its test id (H5 renders the native field inside). */
const field = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"] input, input[data-testid="${testId}"], [data-testid="${testId}"] textarea, textarea[data-testid="${testId}"]`).filter({ visible: true }).first()

/**
 * Walks one journey to the order details: open the entry URL in a fresh phone in the journey's
 * language (location granted at the branch), choose the branch where the counter serves several,
 * add the goods with their choices, choose the style, the time or the delivery details, type the
 * remark, place the order, pay on the sandbox page (postpay: the round, then the table's bill),
 * and open the order's details.
 */
export async function walkJourney(browser: Browser, serverUrl: string, j: Journey, errors: string[]): Promise<JourneyOutcome> {
  const context = await phone(browser, DEVICE_LANGUAGE[j.locale])
  // The diner stands some 300 m from the branch.
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({ latitude: j.branch.lat + 0.002, longitude: j.branch.lng + 0.002 })
  const page = await context.newPage()
  // axe looks at each step's page (once per language and step in the matrix); walkAndCheck reports its findings.
  claimPage(page)
  const look = (step: string) => checkPage(page, `journey ${step}`)
  page.on('pageerror', (e) => errors.push(`${e.message} (on ${page.url().replace(/^[^#]*#/, '')})`))
  const outcome: JourneyOutcome = {
    page,
    sheetId: '',
    slot: '',
    resultPickupNo: '',
    contact: '',
    phone: '',
    address: '',
    confirmLines: [],
    offered: [],
    sheetLines: [],
    sheetText: '',
    refusals: [],
    close: () => context.close()
  }
  page.on('response', (r) => {
    if (!r.url().includes('/GetData')) return
    void r
      .json()
      .then((a: { errcode?: unknown; resultcode?: unknown; errmsg?: unknown }) => {
        if (String(a.errcode) !== '0' || String(a.resultcode) !== '0') {
          const key = /KeyName=([A-Za-z]+)/.exec(r.request().postData() ?? '')?.[1] ?? '?'
          outcome.refusals.push(`${key} ${String(a.errcode)}/${String(a.resultcode)} ${String(a.errmsg ?? '')}`)
        }
      })
      .catch(() => undefined)
  })
  const prefix = `journey-${j.id.replace(/ /g, '-')}`
  try {
    await page.goto(`${serverUrl}/?${j.entry.query}`)
    // Order now, then the goods from the menu, each from its details page with its choices.
    await byId(page, 'order-now').waitFor({ timeout: STEP })
    await look('home')
    await byId(page, 'order-now').click({ timeout: STEP })
    const menuShown = byId(page, 'class-tab').first()
    if (j.choosesBranch) await chooseBranch(page, j.branch.baseId, look)
    await menuShown.waitFor({ timeout: STEP })
    await look('menu')
    for (const [i, pick] of j.picks.entries()) {
      if (i > 0) await page.goBack()
      await byId(page, 'class-tab').filter({ hasText: pick.className }).first().click({ timeout: STEP })
      const row = page.locator(`[data-goods-code="${pick.code}"]`).filter({ visible: true })
      await row.locator('[data-testid="goods-name"]').click({ timeout: STEP })
      await byId(page, 'details-name').getByText(pick.name).waitFor({ timeout: STEP })
      for (const label of pick.tapOff) await chip(page, label).click()
      for (const label of pick.tapOn) await chip(page, label).click()
      await look(`goods details ${pick.code}`)
      await byId(page, 'add-to-cart').click()
      await byId(page, 'cart-count').getByText(String(i + 1), { exact: true }).waitFor({ timeout: STEP })
    }
    await page.goBack()
    await menuShown.waitFor({ timeout: STEP })
    // The details page has a cart button of its own (the same test id): not until it has gone.
    await byId(page, 'details-name').waitFor({ state: 'hidden', timeout: STEP })
    await byId(page, 'cart-go').click()
    await byId(page, 'cart-checkout').waitFor({ timeout: STEP })
    await look(`${j.mode} cart`)
    await byId(page, 'cart-checkout').click({ timeout: STEP })

    // The confirm page: style, time or delivery details, remark.
    await byId(page, 'service-options').waitFor({ timeout: STEP })
    outcome.offered = (await byId(page, 'service-options').locator('[data-testid^="service-option-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).map(
      (id) => (id ?? '').replace('service-option-', '')
    )
    await byId(page, `service-option-${j.service}`).click({ timeout: STEP })
    if (j.service === 'delivery') {
      outcome.contact = CONTACT[j.locale]
      outcome.phone = DELIVERY_PHONE
      outcome.address = ADDRESS[j.locale]
      await field(page, 'delivery-contact').fill(outcome.contact)
      await field(page, 'delivery-phone').fill(outcome.phone)
      await field(page, 'delivery-address').fill(outcome.address)
      const locate = byId(page, 'delivery-info').getByText(uiText(j.locale, 'checkout.useLocation'))
      if (await locate.count()) {
        await locate.click()
        await byId(page, 'delivery-info').getByText(uiText(j.locale, 'checkout.locationSet')).waitFor({ timeout: STEP })
      }
    }
    if (j.mode === 'prepay') {
      await byId(page, 'slot-day').first().click({ timeout: STEP })
      // The second time offered where there is one: the first moves on at each 10-minute mark, and the
      // server rightly refuses a slot that has passed between choosing it and placing the order.
      await byId(page, 'slot-time').first().waitFor({ timeout: STEP })
      const slot = (await byId(page, 'slot-time').count()) > 1 ? byId(page, 'slot-time').nth(1) : byId(page, 'slot-time').first()
      outcome.slot = (await slot.getAttribute('data-slot', { timeout: STEP })) ?? ''
      await slot.click()
    }
    await field(page, 'confirm-remarks').fill(j.remark)
    await byId(page, 'confirm-totals').locator('[data-testid="total-goods"]').waitFor({ timeout: STEP })
    outcome.confirmLines = await byId(page, 'confirm-line').allInnerTexts()
    await look(`confirm (${j.mode} ${j.service})`)
    await agreeAndSubmit(page)

    if (j.mode === 'postpay') {
      // The round is on the table's bill: the table's page shows it.
      const round = byId(page, 'sheet-round').last()
      await round.waitFor({ timeout: STEP })
      outcome.sheetLines = await round.getByTestId('sheet-line').allInnerTexts()
      outcome.sheetText = await page.locator('.so-sheet').filter({ visible: true }).first().innerText()
      await look(`table's bill${j.onlineCheckout ? ' (pay online)' : ''}`)
      // The bill is paid at the counter: the table's page is all the diner has of the order.
      if (!j.onlineCheckout) return outcome
      await byId(page, 'pay-bill').click()
    }
    await page.waitForURL(/\/sandbox-pay\//, { timeout: STEP })
    await page.locator('button.approve').waitFor({ timeout: STEP })
    await look('sandbox pay page')
    await approveOnSandbox(page, null)
    await byId(page, 'payment-result').waitFor({ timeout: STEP })
    await look(`payment result (${j.mode})`)
    const pickup = byId(page, 'result-pickup-number')
    if (await pickup.count()) outcome.resultPickupNo = (await pickup.innerText()).trim()
    await byId(page, 'result-view-order').click()
    await byId(page, 'order-details').waitFor({ timeout: STEP })
    await look(`order details (${j.mode} ${j.service})`)
    outcome.sheetId = new URL(page.url().replace('#', '')).searchParams.get('SheetID') ?? ''
    return outcome
  } catch (e) {
    await shot(page, `${prefix}-failed`, { axe: false }).catch(() => undefined)
    // The last toast stays in the page, hidden: what the app last told the diner.
    const toast = await page.locator('#so-toast').textContent({ timeout: 1000 }).catch(() => null)
    await context.close()
    const told = [
      `page: ${page.url().replace(serverUrl, '')}`,
      toast ? `the last toast: '${toast}'` : '',
      outcome.slot ? `the slot chosen: ${outcome.slot} (${new Date().toISOString().slice(11, 16)} UTC)` : '',
      outcome.refusals.length ? `the gateway refused: ${outcome.refusals.join('; ')}` : '',
      `screenshot: tests/e2e/screenshots/${prefix}-failed.png`
    ]
    throw new Error(`${(e as Error).message.split('\n')[0]}\n  ${told.filter(Boolean).join('\n  ')}`, { cause: e })
  }
}

/**
 * A counter code of a shop with several branches: before the menu the app asks which branch
 * (issue 12 item 1: it used to open the menu of no branch), and the diner chooses one.
 */
async function chooseBranch(page: Page, baseId: string, look: (step: string) => Promise<unknown>): Promise<void> {
  const option = page.locator(`[data-testid="base-option"][data-base="${baseId}"]`).filter({ visible: true })
  const menu = byId(page, 'class-tab').first()
  // (The menu page may show for a moment before it sends the diner to the branches: wait for them.)
  const asked = await option.waitFor({ timeout: STEP }).then(
    () => true,
    () => false
  )
  if (!asked) throw new Error('Order now at a counter code of a shop with several branches did not ask for a branch (issue 12 item 1)')
  await look('choose a branch')
  await option.click({ timeout: STEP })
  await menu.waitFor({ timeout: STEP })
}

// ---------- a table's bill: two phones paying at once; the paid bill found again (issue 27 items 1–3) ----------

/** A demo goods' name in a language (menu-S101: the tables of branch B201). */
export function goodsName(code: string, locale: Locale): string {
  const g = menuOf('S101').goods.find((x) => x.code === code)!
  return (g.names as Record<string, string>)[locale] ?? (g.names as Record<string, string>).en
}

export interface BillJourneyOutcome {
  /** The pages the journey's phones used (their axe findings are the test's to check). */
  pages: Page[]
  /** What went wrong on the way, in the diner's words where the app said something. */
  problems: string[]
  close(): Promise<void>
}

/** A fresh phone in `locale`, its page looked at by axe, its script errors noted. */
async function billPhone(browser: Browser, locale: Locale, problems: string[], who: string): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await phone(browser, DEVICE_LANGUAGE[locale])
  const page = await context.newPage()
  claimPage(page)
  page.on('pageerror', (e) => problems.push(`${who}: script error ${e.message}`))
  return { page, close: () => context.close() }
}

const tabBar = (page: Page) => page.locator('.so-tabbar').filter({ visible: true })
const textOn = async (page: Page, testId: string) => (await byId(page, testId).first().innerText({ timeout: STEP })).trim()

/**
 * The two-phone payment race (issue 27 item 1): at table `code` (a branch that takes the bill
 * online), phone A orders a soup and opens the bill on the sandbox page; phone B, at the same
 * table, ordered a bun and adds one more soup; A approves. A's paying page must say the bill
 * changed, that the money went back and to pay the new total, with the tab bar; "See the new
 * total" leads to the table, where A pays the new total; Orders then lists the paid bill and the
 * cancelled one (item 3), and the cancelled one shows the one soup and one bun it was for (item 2),
 * at its own total.
 */
export async function walkBillRace(browser: Browser, serverUrl: string, code: string, locale: Locale, shotPrefix: string): Promise<BillJourneyOutcome> {
  const problems: string[] = []
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars)
  const a = await billPhone(browser, locale, problems, 'phone A')
  const b = await billPhone(browser, locale, problems, 'phone B')
  const outcome: BillJourneyOutcome = { pages: [a.page, b.page], problems, close: async () => void (await Promise.all([a.close(), b.close()])) }
  const expect = (ok: unknown, problem: string) => void (ok || problems.push(problem))
  const soup = goodsName('F01', locale)
  try {
    // A orders a soup; B a bun, so both are on the table's page.
    await scanAndAdd(a.page, serverUrl, code, ['F01'], locale)
    await agreeAndSubmit(a.page)
    await byId(a.page, 'sheet-round').first().waitFor({ timeout: 30000 })
    await scanAndAdd(b.page, serverUrl, code, ['E03'], locale)
    await agreeAndSubmit(b.page)
    await byId(b.page, 'sheet-round').nth(1).waitFor({ timeout: 30000 })
    await byId(a.page, 'sheet-round').nth(1).waitFor({ timeout: 30000 })
    const billTotal = await textOn(a.page, 'sheet-total')

    // A opens the bill on the provider's page; B adds one more soup meanwhile.
    await byId(a.page, 'pay-bill').click()
    await a.page.waitForURL(/\/sandbox-pay\//, { timeout: 30000 })
    await b.page.getByRole('button', { name: t('sheet.more', { name: soup }) }).filter({ visible: true }).first().click()
    await byId(b.page, 'sheet-total').filter({ hasNotText: billTotal }).waitFor({ timeout: 15000 })
    const newTotal = await textOn(b.page, 'sheet-total')

    // A approves: the money came after the bill changed.
    await approveOnSandbox(a.page, null)
    await a.page.locator('[data-testid="paying-state"][data-state="refunded"], [data-testid="paying-state"][data-state="refundDue"]').filter({ visible: true }).waitFor({ timeout: 30000 })
    await checkPage(a.page, `bill race: paying (${locale})`)
    await shot(a.page, `${shotPrefix}-paying`, { axe: false })
    const title = await textOn(a.page, 'paying-title')
    expect(title === t('pay.billChanged'), `paying page: title '${title}', not '${t('pay.billChanged')}'`)
    const note = await textOn(a.page, 'paying-note')
    expect(note === t('pay.billChangedRefunded') || note === t('pay.billChangedRefundDue'), `paying page: note '${note}'`)
    expect(!note.includes(t('pay.refunded')), 'paying page: still the words for an order that had ended')
    expect(await tabBar(a.page).count(), 'paying page: no tab bar')

    expect(await byId(a.page, 'paying-view-order').count(), 'paying page: no way to the bill it was')

    // The paying page's way on leads to the table, where the new total is paid.
    await byId(a.page, 'paying-back-to-table').click()
    await byId(a.page, 'sheet-total').filter({ hasText: newTotal }).waitFor({ timeout: 30000 })
    await tabBar(a.page).waitFor({ timeout: STEP })
    await byId(a.page, 'pay-bill').click()
    await approveOnSandbox(a.page, null)
    await byId(a.page, 'payment-result').waitFor({ timeout: 30000 })

    // Orders: the paid bill and the cancelled one, each called the table's bill.
    await byId(a.page, 'result-back-to-table').click()
    await tabBar(a.page).getByText(t('tab.orders')).click()
    await byId(a.page, 'order-row').first().waitFor({ timeout: 30000 })
    await checkPage(a.page, `bill race: Orders (${locale})`)
    await shot(a.page, `${shotPrefix}-orders`, { axe: false })
    const bills = byId(a.page, 'order-row').filter({ has: a.page.getByTestId('order-row-service').getByText(t('order.tableBill'), { exact: true }) })
    const statuses = await bills.getByTestId('order-status').allInnerTexts()
    expect(
      statuses.includes(t('order.status.1')) && statuses.includes(t('order.status.3')),
      `Orders: the table's bills show ${statuses.join(', ') || 'nothing'}; expected one paid and one cancelled`
    )

    // The cancelled bill: the lines its total was for (one soup, not the two the table has now).
    await bills.filter({ has: a.page.getByTestId('order-status').getByText(t('order.status.3'), { exact: true }) }).first().getByRole('button').first().click()
    await byId(a.page, 'order-details').waitFor({ timeout: 30000 })
    await byId(a.page, 'order-line').first().waitFor({ timeout: 15000 })
    await checkPage(a.page, `bill race: the cancelled bill (${locale})`)
    await shot(a.page, `${shotPrefix}-cancelled-bill`, { axe: false })
    const lines = await byId(a.page, 'order-line').allInnerTexts()
    const soupLines = lines.filter((l) => l.includes(soup))
    expect(lines.length === 2 && soupLines.length === 1 && /×\s*1(?!\d)/.test(soupLines[0]), `cancelled bill: lists ${lines.map((l) => l.replace(/\s+/g, ' ')).join(' | ')}; it was for one ${soup} and one ${goodsName('E03', locale)}`)
    const details = await textOn(a.page, 'order-details')
    expect(details.includes(t('order.billCancelledNote')), 'cancelled bill: does not say why it no longer stands')
    const billAmount = billTotal.replace(/^.*?(MOP\$[\d.,]+).*$/s, '$1')
    expect(details.includes(billAmount), `cancelled bill: its total is not the bill's ${billAmount}`)
  } catch (e) {
    await shot(a.page, `${shotPrefix}-failed-a`, { axe: false }).catch(() => undefined)
    await shot(b.page, `${shotPrefix}-failed-b`, { axe: false }).catch(() => undefined)
    problems.push(`${(e as Error).message.split('\n')[0]} (A on ${a.page.url().replace(serverUrl, '')}; B on ${b.page.url().replace(serverUrl, '')})`)
  }
  return outcome
}

/**
 * The paid table bill found again (issue 27 item 3): a diner at table `code` orders, pays the
 * table's bill, and later finds it in Orders as the table's bill; its page offers Review, Order
 * again and Receipt, the receipt lists what was paid for at the amount paid, and Order again puts
 * its goods back in the cart.
 */
export async function walkPaidBillInOrders(browser: Browser, serverUrl: string, code: string, locale: Locale, shotPrefix: string): Promise<BillJourneyOutcome> {
  const problems: string[] = []
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars)
  const c = await billPhone(browser, locale, problems, 'phone')
  const outcome: BillJourneyOutcome = { pages: [c.page], problems, close: c.close }
  const expect = (ok: unknown, problem: string) => void (ok || problems.push(problem))
  const page = c.page
  try {
    await scanAndAdd(page, serverUrl, code, ['F01', 'E03'], locale)
    await agreeAndSubmit(page)
    await byId(page, 'sheet-round').first().waitFor({ timeout: 30000 })
    const total = await textOn(page, 'sheet-total')
    await byId(page, 'pay-bill').click()
    await approveOnSandbox(page, null)
    await byId(page, 'payment-result').waitFor({ timeout: 30000 })

    // Later: Orders, from the table's page's tab bar.
    await byId(page, 'result-back-to-table').click()
    await tabBar(page).getByText(t('tab.orders')).click()
    const bill = byId(page, 'order-row').filter({ has: page.getByTestId('order-row-service').getByText(t('order.tableBill'), { exact: true }) })
    await bill.first().waitFor({ timeout: 30000 }).catch(() => undefined)
    if (!(await bill.count())) throw new Error(`Orders does not list the paid table's bill; it shows: ${(await byId(page, 'order-row').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ')).join(' | ')}`)
    await checkPage(page, `paid bill: Orders (${locale})`)
    await shot(page, `${shotPrefix}-orders`, { axe: false })
    expect((await bill.first().getByTestId('order-status').innerText()).trim() === t('order.status.1'), "Orders: the table's bill is not shown as paid")
    await bill.first().getByRole('button').first().click()
    await byId(page, 'order-details').waitFor({ timeout: 30000 })
    await byId(page, 'after-actions').waitFor({ timeout: 15000 })
    await checkPage(page, `paid bill: its page (${locale})`)
    await shot(page, `${shotPrefix}-details`, { axe: false })
    for (const action of ['review', 'reorder', 'receipt']) expect(await byId(page, `after-${action}`).count(), `the paid bill's page offers no ${action}`)
    expect(!(await byId(page, 'after-afterSale').count()), "the paid bill's page offers after-sale (asked at the counter)")
    expect((await byId(page, 'order-line').count()) === 2, "the paid bill's page does not list its two lines")

    await byId(page, 'after-receipt').click()
    await byId(page, 'receipt').waitFor({ timeout: 30000 })
    await checkPage(page, `paid bill: receipt (${locale})`)
    await shot(page, `${shotPrefix}-receipt`, { axe: false })
    const receipt = await textOn(page, 'receipt')
    for (const code of ['F01', 'E03']) expect(receipt.includes(goodsName(code, locale)), `receipt: no ${goodsName(code, locale)}`)
    const amount = total.replace(/^.*?(MOP\$[\d.,]+).*$/s, '$1')
    expect(receipt.includes(amount), `receipt: no total ${amount}`)

    // Order again: the bill's goods back in the cart, at the table.
    await page.goBack()
    await byId(page, 'after-reorder').click({ timeout: STEP })
    await byId(page, 'cart-checkout').waitFor({ timeout: 30000 })
    await checkPage(page, `paid bill: order again (${locale})`)
    const cart = await page.locator('body').innerText()
    for (const code of ['F01', 'E03']) expect(cart.includes(goodsName(code, locale)), `order again: the cart has no ${goodsName(code, locale)}`)
  } catch (e) {
    await shot(page, `${shotPrefix}-failed`, { axe: false }).catch(() => undefined)
    problems.push(`${(e as Error).message.split('\n')[0]} (on ${page.url().replace(serverUrl, '')})`)
  }
  return outcome
}

/**
 * A counter's delivery cart across a branch choice (issue 27 item 9): at the counter `code` (no
 * branch until the diner chooses one), choose the branch, Order now, Delivery, add a soup from
 * search; open the counter's code again, Order now, choose the same branch: the cart still holds
 * the soup under Delivery, and the cart page lists it for delivery.
 */
export async function walkDeliveryCartAcrossBranch(browser: Browser, serverUrl: string, code: string, baseId: string, locale: Locale, shotPrefix: string): Promise<BillJourneyOutcome> {
  const problems: string[] = []
  const t = (key: MessageKey, vars?: Record<string, string | number>) => translate(locale, key, vars)
  const diner = await billPhone(browser, locale, problems, 'diner')
  const outcome: BillJourneyOutcome = { pages: [diner.page], problems, close: diner.close }
  const page = diner.page
  const soup = goodsName('F01', locale)
  const counter = `${serverUrl}/?QRCode=${encodeURIComponent(code)}`
  const branch = page.locator(`[data-testid="base-option"][data-base="${baseId}"]`).filter({ visible: true })
  const delivery = byId(page, 'mode-2').and(page.locator('[aria-checked="true"]'))
  try {
    await page.goto(counter)
    await byId(page, 'home-change-branch').click({ timeout: 30000 })
    await branch.click({ timeout: 30000 })
    await byId(page, 'order-now').click({ timeout: 30000 })
    await byId(page, 'mode-2').click({ timeout: 30000 })
    await delivery.waitFor({ timeout: 15000 })
    await byId(page, 'open-search').click()
    const input = page.locator('[data-testid="search-input"] input, input[data-testid="search-input"]').first()
    await input.waitFor({ timeout: 30000 })
    await input.fill('F01')
    await page.locator('[data-goods-code="F01"]').filter({ visible: true }).getByRole('button', { name: t('menu.addOne', { name: soup }) }).click({ timeout: 15000 })
    await byId(page, 'cart-count').getByText('1', { exact: true }).waitFor({ timeout: 15000 })

    // The counter's code again: no branch yet; Order now asks for one; the same branch keeps the cart.
    await page.goto(counter)
    await byId(page, 'order-now').click({ timeout: 30000 })
    await branch.click({ timeout: 30000 })
    await delivery.waitFor({ timeout: 30000 }).catch(() => problems.push('the menu is no longer under Delivery after the branch was chosen again'))
    await byId(page, 'cart-count')
      .getByText('1', { exact: true })
      .waitFor({ timeout: 15000 })
      .catch(() => problems.push('the delivery cart is empty after the counter code was opened again and the same branch chosen'))
    await shot(page, `${shotPrefix}-menu`)
    await byId(page, 'cart-go').click({ timeout: 15000 })
    await byId(page, 'cart-line-name').first().waitFor({ timeout: 15000 }).catch(() => undefined)
    const names = await byId(page, 'cart-line-name').allInnerTexts()
    if (!names.some((n) => n.includes(soup))) problems.push(`the cart page lists ${JSON.stringify(names)}, not ${soup}`)
    await page.waitForTimeout(400) // the page slide
    await shot(page, `${shotPrefix}-cart`)
  } catch (e) {
    problems.push(`stopped: ${(e as Error).message.split('\n')[0]}`)
    await shot(page, `${shotPrefix}-failure`, { axe: false }).catch(() => undefined)
  }
  return outcome
}
