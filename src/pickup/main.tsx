/**
 * The pickup screen's entry (scripts/build-pickup.mjs bundles it into dist/pickup; the server
 * serves it at /pickup/?ent=…&shop=…&base=…[&lang=…]): the browser side, the store, React's root.
 * No diner app and no staff code: a public page for a TV (docs/pickup-screen.md).
 */
import { autorun } from 'mobx'
import { createRoot } from 'react-dom/client'
import { browserDeps, placeFromAddress } from './browser'
import { PickupStore } from './pickup.store'
import { PickupScreen } from './PickupScreen'
import { HTML_LANG, pickupText } from './texts'
import './pickup.css'

const { place, lang } = placeFromAddress(window.location.search)
const store = new PickupStore(browserDeps(), { place, lang })

// The document speaks the screen's language, and its title names the branch.
autorun(() => {
  document.documentElement.lang = HTML_LANG[store.locale]
  const title = pickupText(store.locale, 'title')
  document.title = store.branchName ? `${store.branchName} · ${title}` : title
})

// A TV's browser may dim the screen: ask it not to while the page shows (where it can).
const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<unknown> } }).wakeLock
const keepAwake = () => {
  if (document.visibilityState === 'visible') void wakeLock?.request('screen').catch(() => undefined)
}
keepAwake()
document.addEventListener('visibilitychange', keepAwake)

createRoot(document.getElementById('root')!).render(<PickupScreen store={store} />)
void store.start()
