/**
 * The table's bill says where each round is in the kitchen (issue 24 gap 5), in the diner's
 * language: a glyph and the stage in words (not colour alone), in a status region a screen reader
 * reads as "Round 2: Ready"; a cancelled round says Cancelled whatever its stage; a round the
 * server gives no stage shows none.
 */
import { act, render, screen } from '@testing-library/react'
import type { Locale } from '../../src/gateway/contract'
import type { RoundRow, TableSheetRow } from '../../src/gateway/order-rows'
import { translate } from '../../src/i18n/translate'
import OrderEntry from '../../src/pages/orderEntry/orderEntry'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { createFakeHost, ok } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'

jest.mock('@tarojs/taro', () => ({ ...jest.requireActual('@tarojs/taro'), useRouter: () => ({ params: { QRCode: 'QR-A03', SheetID: 'SH1' } }) }))

const SHEET = {
  SheetID: 'SH1', ShopID: 'S101', BaseID: 'B201', BaseName: '', TableID: 'A03', TableName: 'A03', PosiType: 2, Status: 0,
  CreatedDate: '2026-11-22 11:50:00', SecondsLeft: -1, RoundCount: 4, Amount: '88.00', PaidAmount: '0.00', SettlementID: '',
  ClosedDate: '', QuaEditable: 0, OrderingAllowed: 1
} as TableSheetRow
const round = (no: number, over: Partial<RoundRow>) => ({ SheetID: `R${no}`, RoundNo: no, Status: 0, CreatedDate: '2026-11-22 11:50:00', Amount: '22.00', Remarks: '', ProgressRef: '', ...over })
const ROUNDS = [round(1, { KitchenStage: 'preparing' }), round(2, { KitchenStage: 'ready' }), round(3, { Status: 3, KitchenStage: 'preparing' }), round(4, {})]
const DEVICE: Record<Locale, string> = { en: 'en-US', 'zh-CN': 'zh-CN', 'zh-TW': 'zh-HK' }

async function renderBill(locale: Locale) {
  const server = demoServer({ PosSheetDetailGet: () => ok({ table1: [SHEET], table2: [], table3: ROUNDS }) }, '2026-11-22 12:00:00')
  const host = createFakeHost(server.respond, { deviceLanguage: () => DEVICE[locale] })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  let unmount = () => {}
  await act(async () => {
    unmount = render(
      <StoreContext.Provider value={root}>
        <OrderEntry />
      </StoreContext.Provider>
    ).unmount
  })
  await act(async () => {
    await root.tableSheet.load()
  })
  return { root, unmount }
}

describe('the table’s bill: each round’s kitchen stage', () => {
  it.each(['en', 'zh-CN', 'zh-TW'] as Locale[])('in %s: words and a glyph in a status region, named by its round', async (locale) => {
    const { root, unmount } = await renderBill(locale)
    expect(root.i18n.locale).toBe(locale)
    const stages = screen.getAllByTestId('sheet-round-stage')
    const t = (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) => translate(locale, key, params)
    expect(stages.map((el) => [el.getAttribute('data-stage'), el.getAttribute('role'), el.textContent])).toEqual([
      ['preparing', 'status', `◔${t('sheet.stageFor', { n: 1 })}${t('sheet.stage.preparing')}`],
      ['ready', 'status', `✓${t('sheet.stageFor', { n: 2 })}${t('sheet.stage.ready')}`],
      ['cancelled', 'status', `✕${t('sheet.stageFor', { n: 3 })}${t('sheet.stage.cancelled')}`]
    ])
    // The glyph is for the eye only; the words are what is read.
    for (const el of stages) expect(el.querySelector('[aria-hidden="true"]')?.textContent).toMatch(/^[◔✓✕]$/)
    // Round 4 has no stage: no badge in its head.
    expect(screen.getAllByTestId('sheet-round')[3].querySelector('[data-testid="sheet-round-stage"]')).toBeNull()
    root.tableSheet.stop()
    unmount()
  })
})
