/** The goods list's class side bar and rows (MenuBrowser), as a slow phone draws them first. */
import { render, screen } from '@testing-library/react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { MenuBrowser } from '../../src/features/menu/components/MenuBrowser'
import { windowSize } from '../../src/hosts/window-size'
import { createFakeHost, ok } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'
import { classRow, goodsRow } from '../unit/support/menu-rows'

const ROWS = Array.from({ length: 40 }, (_, i) => goodsRow(`G${i + 1}`, 'C1', { GoodsName: `Dish ${i + 1}`, SortNo: i + 1 }))

describe('the goods list', () => {
  it('draws only the rows on screen at first, then the rows kept ready below them for scrolling', async () => {
    const server = demoServer({
      GoodsClassAllGet: () => ok({ table1: [classRow('C1', 1, { ClassName: 'Noodles' })] }),
      GoodsListByClass: () => ok({ table1: ROWS, table2: [{ Total: ROWS.length }] })
    }, '2026-11-22 12:00:00')
    const root = new RootStore(createFakeHost(server.respond, { deviceLanguage: () => 'en' }), { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
    await root.session.initialise({ QRCode: 'QR-A03' })
    await root.menu.loadMenu()
    // Each render pass asks for every row it draws, in order: a pass starts again at the first row.
    const passes: string[][] = []
    const renderAction = (g: { GoodsID: string }) => {
      if (g.GoodsID === 'G1') passes.push([])
      passes[passes.length - 1].push(g.GoodsID)
      return null
    }
    render(
      <StoreContext.Provider value={root}>
        <MenuBrowser renderAction={renderAction} onOpen={() => undefined} />
      </StoreContext.Provider>
    )
    // The window's rows: a 750-design-px screen scaled to the window, a header of 72 and rows of 256.
    const { width, height } = windowSize()
    const scale = width / 750
    const header = Math.round(72 * scale)
    const row = Math.round(256 * scale)
    const onScreen = Math.ceil((height - header) / row)
    expect(onScreen).toBeGreaterThan(2)
    expect(passes[0]).toEqual(ROWS.slice(0, onScreen).map((g) => g.GoodsID))
    // Then four rows more below the window (and they stay: the list is not drawn back down).
    const last = passes[passes.length - 1]
    expect(last).toEqual(ROWS.slice(0, onScreen + 4).map((g) => g.GoodsID))
    expect(screen.getAllByText(/^Dish \d+$/)).toHaveLength(onScreen + 4)
  })
})
