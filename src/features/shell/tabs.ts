import type { MessageKey } from '../../i18n/catalogues'

/**
 * Tab bar entries (spec §2: Home, Orders, Mine). Only tabs whose page is registered are
 * listed; the ordering and member issues add Orders and Mine with their pages.
 */
export interface TabEntry {
  key: 'home' | 'orders' | 'mine'
  path: string
  label: MessageKey
  /** SVG path data, drawn in the tab's colour. */
  icon: string
}

export const TABS: TabEntry[] = [
  {
    key: 'home',
    path: '/pages/home/home',
    label: 'tab.home',
    icon: 'M3 10.5 12 3l9 7.5V21a1 1 0 0 1-1 1h-5.5v-6.5h-5V22H4a1 1 0 0 1-1-1z'
  },
  {
    key: 'orders',
    path: '/pages/orderList/orderList',
    label: 'tab.orders',
    // A receipt: a sheet with a zigzag foot and three lines.
    icon: 'M5 2h14a1 1 0 0 1 1 1v19l-2.5-1.5L15 22l-3-1.5L9 22l-2.5-1.5L4 22V3a1 1 0 0 1 1-1zm3 5v2h8V7zm0 4v2h8v-2zm0 4v2h5v-2z'
  },
  {
    key: 'mine',
    path: '/pages/mine/mine',
    label: 'tab.mine',
    // A person: head and shoulders.
    icon: 'M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 12c5 0 9 2.5 9 6v2H3v-2c0-3.5 4-6 9-6z'
  }
]

/**
 * Spec §2: dark grey text, selected item yellow. The selected tab's icon is drawn dark on a yellow
 * pill (TabBar.css): yellow text or icons on white would fall far below WCAG's contrast.
 */
export const TAB_COLOURS = { text: '#333333', selected: '#2b2100' }

export const iconUri = (path: string, colour: string): string =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="${path}" fill="${colour}"/></svg>`
  )}`
