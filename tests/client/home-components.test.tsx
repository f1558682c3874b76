import { act, fireEvent, render, screen } from '@testing-library/react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { ShopCard } from '../../src/features/session/components/ShopCard'
import { LanguageSwitch } from '../../src/features/language/components/LanguageSwitch'
import { TabBar } from '../../src/features/shell/components/TabBar'
import { createFakeHost } from '../unit/support/fake-host'
import { BASE, SHOP, demoServer } from '../unit/support/fake-gateway-server'
import { ok } from '../unit/support/fake-host'
import { translate } from '../../src/i18n/translate'

async function renderHome(query: Record<string, string>, deviceLanguage = 'zh-HK', overrides: Parameters<typeof demoServer>[0] = {}) {
  const server = demoServer(overrides, '2026-11-22 12:00:00')
  const host = createFakeHost(server.respond, { deviceLanguage: () => deviceLanguage })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise(query)
  const view = render(
    <StoreContext.Provider value={root}>
      <ShopCard />
      <LanguageSwitch />
      <TabBar current='home' />
    </StoreContext.Provider>
  )
  return { root, host, view }
}

describe('Home components', () => {
  it('show the shop, branch, table and open state in the device language', async () => {
    await renderHome({ QRCode: 'QR-A03' })
    expect(screen.getByText('蓮香茶室')).toBeTruthy()
    expect(screen.getByText('議事亭店')).toBeTruthy()
    expect(screen.getByText('A03 枱')).toBeTruthy()
    expect(screen.getByText('營業中')).toBeTruthy()
    expect(screen.getByText('營業時間 08:00–22:00')).toBeTruthy()
    expect(screen.getByText('本枱已有進行中的訂單')).toBeTruthy()
  })

  it('switch to English when the diner taps English, and remember it', async () => {
    const { host } = await renderHome({ QRCode: 'QR-A03' })
    await act(async () => {
      fireEvent.click(screen.getByText('English'))
    })
    expect(screen.getByText('Lotus Tea House')).toBeTruthy()
    expect(screen.getByText('Senado Square')).toBeTruthy()
    expect(screen.getByText('Table A03')).toBeTruthy()
    expect(screen.getByText('Open now')).toBeTruthy()
    expect(screen.getByText('Home')).toBeTruthy()
    expect(host.store.get('scanorder.language')).toBe('en')
  })

  it("show the chosen branch's own address, not the shop's", async () => {
    const home = (table3: unknown[]) => ({
      HomeShopDetailsGet: () =>
        ok({
          table1: [SHOP],
          table2: [{ UserID: 'U1', UserName: 'web', UserCode: 'W1' }],
          table3,
          table4: [],
          table5: [{ TableID: '', TableName: '', TableNames: { 'zh-CN': '', 'zh-TW': '', en: '' }, NowDate: '2026-11-22 12:00:00', TimeZone: 'Asia/Macau' }]
        })
    })
    const branch = await renderHome({ QRCode: 'QR-A03' }, 'en', home([{ ...BASE, BaseID: 'B202', Address: '22 Rua do Cunha, Taipa' }]))
    expect(screen.getByText('22 Rua do Cunha, Taipa')).toBeTruthy()
    expect(screen.queryByText(SHOP.Address)).toBeNull()
    branch.view.unmount()
    // No branch chosen yet (a shop's counter code): the shop's address.
    await renderHome({ QRCode: 'QR-A03' }, 'en', home([]))
    expect(screen.getByText(SHOP.Address)).toBeTruthy()
  })

  it('show the tab bar, and hide it with hideTabBar=1', async () => {
    const shown = await renderHome({ QRCode: 'QR-A03' }, 'en')
    expect(screen.getByRole('navigation')).toBeTruthy()
    shown.view.unmount()
    await renderHome({ QRCode: 'QR-A03', hideTabBar: '1' }, 'en')
    expect(screen.queryByRole('navigation')).toBeNull()
  })
})

describe('Home recommendations (spec §2)', () => {
  it("say 'Recommend Empty' when the shop recommends nothing", async () => {
    const { RecommendGrid } = await import('../../src/features/menu/components/RecommendGrid')
    const server = demoServer({ ShopHomeGoodsByPage: () => ok({ table1: [], table2: [{ Total: 0 }] }) }, '2026-11-22 12:00:00')
    const host = createFakeHost(server.respond, { deviceLanguage: () => 'en-US' })
    const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
    await root.session.initialise({ QRCode: 'QR-A03' })
    await root.menu.loadRecommended()
    render(
      <StoreContext.Provider value={root}>
        <RecommendGrid onOpen={() => undefined} />
      </StoreContext.Provider>
    )
    // The spec's 'Recommend Empty', in the catalogue's English ("Nothing recommended yet").
    expect(screen.getByTestId('recommend-empty').textContent).toContain(translate('en', 'home.recommendEmpty'))
    expect(translate('en', 'home.recommendEmpty')).toBeTruthy()
    expect(screen.queryAllByTestId('recommend-card')).toHaveLength(0)
  })
})
