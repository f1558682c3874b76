/** The tab bar and the language switch as a keyboard or screen-reader user meets them (issue 13). */
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { TabBar } from '../../src/features/shell/components/TabBar'
import { LanguageSwitch } from '../../src/features/language/components/LanguageSwitch'
import { createFakeHost } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'

async function renderShell(query: Record<string, string>, deviceLanguage: string, current: 'home' | 'orders' | 'mine' = 'home') {
  const server = demoServer({}, '2026-11-22 12:00:00')
  const host = createFakeHost(server.respond, { deviceLanguage: () => deviceLanguage })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise(query)
  const view = render(
    <StoreContext.Provider value={root}>
      <LanguageSwitch />
      <TabBar current={current} />
    </StoreContext.Provider>
  )
  return { root, host, view }
}

describe('Tab bar', () => {
  it('is a navigation landmark holding a tab list: Home, Orders, Mine, the current one selected', async () => {
    await renderShell({ QRCode: 'QR-A03' }, 'en-US', 'orders')
    const nav = screen.getByRole('navigation')
    const list = within(nav).getByRole('tablist')
    const tabs = within(list).getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual(['Home', 'Orders', 'Mine'])
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false'])
    expect(screen.getByRole('tab', { name: 'Orders', selected: true })).toBeTruthy()
  })

  it('lets every tab take keyboard focus', async () => {
    await renderShell({ QRCode: 'QR-A03' }, 'en-US', 'orders')
    for (const name of ['Home', 'Orders', 'Mine']) {
      const tab = screen.getByRole('tab', { name })
      expect(tab.getAttribute('tabindex')).toBe('0')
      tab.focus()
      expect(document.activeElement).toBe(tab)
    }
  })

  it('opens the tab pressed, and stays put on the selected one', async () => {
    const { host } = await renderShell({ QRCode: 'QR-A03' }, 'en-US')
    fireEvent.click(screen.getByRole('tab', { name: 'Home' }))
    expect(host.navigations).toEqual([])
    fireEvent.click(screen.getByRole('tab', { name: 'Mine' }))
    expect(host.navigations).toEqual(['/pages/mine/mine'])
  })

  it('speaks the UI language', async () => {
    await renderShell({ QRCode: 'QR-A03' }, 'zh-CN')
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['首页', '订单', '我的'])
    expect(screen.getByRole('tab', { name: '首页' }).getAttribute('aria-selected')).toBe('true')
  })

  it('is gone with hideTabBar=1', async () => {
    await renderShell({ QRCode: 'QR-A03', hideTabBar: '1' }, 'en-US')
    expect(screen.queryByRole('navigation')).toBeNull()
    expect(screen.queryByRole('tab')).toBeNull()
  })
})

describe('Language switch', () => {
  it('is a radio group named Language; each language focusable, named in its own language, the one on screen checked', async () => {
    await renderShell({ QRCode: 'QR-A03' }, 'en-US')
    const group = screen.getByRole('radiogroup', { name: 'Language' })
    const radios = within(group).getAllByRole('radio')
    expect(radios.map((r) => r.textContent)).toEqual(['简体中文', '繁體中文', 'English'])
    expect(radios.map((r) => r.getAttribute('lang'))).toEqual(['zh-Hans', 'zh-Hant', 'en'])
    expect(radios.map((r) => r.getAttribute('tabindex'))).toEqual(['0', '0', '0'])
    expect(screen.getByRole('radio', { name: 'English', checked: true })).toBeTruthy()
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: '繁體中文' }))
    })
    expect(screen.getByRole('radio', { name: '繁體中文', checked: true })).toBeTruthy()
    expect(screen.getByRole('radiogroup', { name: '語言' })).toBeTruthy()
  })
})
