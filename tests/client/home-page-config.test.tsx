/**
 * The shop arranges its diners' Home (spec §3, §7: the customised shop page config; issue 23):
 * ShopPageConfig lists Home's sections in order, src/core/shop-page.ts. Without it Home is as it
 * always was.
 */
import { act, render, screen } from '@testing-library/react'
import Home from '../../src/pages/home/home'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { createFakeHost, ok } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'

async function renderHome(params: Record<string, string>) {
  const server = demoServer(
    {
      ShopParamsGet: () => ok({ table1: Object.entries(params).map(([ParmID, ParmValue]) => ({ ShopID: 'S101', ParmID, ParmValue })) }),
      ShopHomeGoodsByPage: () => ok({ table1: [], table2: [{ Total: 0 }] })
    },
    '2026-11-22 12:00:00'
  )
  const host = createFakeHost(server.respond, { deviceLanguage: () => 'en-US' })
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  let view!: ReturnType<typeof render>
  await act(async () => {
    view = render(
      <StoreContext.Provider value={root}>
        <Home />
      </StoreContext.Provider>
    )
  })
  return view
}

/** Home's parts in the order a screen reader meets them. */
function order(container: HTMLElement): string[] {
  const marks: [string, Element | null][] = [
    ['notice', container.querySelector('.so-home__notice')],
    ['order', container.querySelector('[data-testid="order-now"]')],
    ['byNumber', container.querySelector('[data-testid="order-by-number"]')],
    ['links', container.querySelector('.so-home__links')],
    ['language', container.querySelector('.so-lang')],
    ['recommended', screen.queryByText('Recommended')]
  ]
  return marks
    .filter(([, el]) => el !== null)
    .sort(([, a], [, b]) => (a!.compareDocumentPosition(b!) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))
    .map(([name]) => name)
}

describe('Home follows the shop page config', () => {
  it('without a config (DEFAULT_HOME): Order now and by number in one row, the links, the language switch, the recommendations', async () => {
    const { container } = await renderHome({ ShopNotice: 'Welcome!' })
    expect(order(container)).toEqual(['order', 'byNumber', 'links', 'language', 'recommended'])
    // The notice is not shown unless the config asks for it.
    expect(screen.queryByText('Welcome!')).toBeNull()
    expect(screen.getByTestId('order-now').parentElement).toBe(screen.getByTestId('order-by-number').parentElement)
  })

  it('with one: its sections in its order, the others left out; Order now alone in its row', async () => {
    const { container } = await renderHome({ ShopNotice: 'Dim sum from 08:00', ShopPageConfig: 'notice,recommended,order,language' })
    expect(order(container)).toEqual(['notice', 'recommended', 'order', 'language'])
    expect(container.querySelector('.so-home__notice')?.textContent).toBe('Dim sum from 08:00')
    expect(screen.queryByTestId('order-by-number')).toBeNull()
    expect(container.querySelector('.so-home__links')).toBeNull()
    // Still one heading for the page: the shop's name.
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
  })

  it('Order by number goes beside Order now wherever it is named; a notice section without a notice shows nothing', async () => {
    const { container } = await renderHome({ ShopPageConfig: 'byNumber,links,notice,order,language' })
    expect(order(container)).toEqual(['links', 'order', 'byNumber', 'language'])
    expect(screen.getByTestId('order-now').parentElement).toBe(screen.getByTestId('order-by-number').parentElement)
    expect(container.querySelector('.so-home__notice')).toBeNull()
  })
})
