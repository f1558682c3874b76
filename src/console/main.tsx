/**
 * The console's entry (scripts/build-console.mjs bundles it into dist/console): the browser adapter,
 * the one StaffClient, the root store, and React 18's root.
 */
import { createRoot } from 'react-dom/client'
import { StaffClient } from './api/staff-client'
import { windowBrowser } from './browser'
import { ConsoleStore } from './stores/console-store'
import { App } from './ui/App'
import './styles.css'

const client = new StaffClient({ fetch: (url, init) => window.fetch(url, init), authCode: GATEWAY_AUTH_CODE })
const store = new ConsoleStore({ api: client, browser: windowBrowser(window) })
createRoot(document.getElementById('root')!).render(<App store={store} />)
void store.start()
