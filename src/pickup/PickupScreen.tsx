/**
 * The pickup screen (issue 24 item 4; docs/pickup-screen.md): two columns, Preparing and Ready,
 * with the pickup numbers large enough to read across a room; the enterprise's other languages
 * under each heading; ready numbers highlighted as they arrive (a slow pulse, 1 Hz, none when the
 * TV asks for reduced motion); the connection's state and the chime's switch at the foot. Thin:
 * everything it shows comes from PickupStore.
 */
import { observer } from 'mobx-react-lite'
import type { Locale } from '../gateway/contract'
import type { PickupStore, ShownNumber } from './pickup.store'
import { HTML_LANG, pickupText, type PickupKey } from './texts'

/** How crowded a column is: the numbers get smaller as there are more of them. */
function density(count: number, steps: readonly number[]): string {
  const i = steps.findIndex((max) => count <= max)
  return ['xl', 'l', 'm', 's'][i === -1 ? 3 : i]
}

function Heading({ id, store, textKey }: { id: string; store: PickupStore; textKey: PickupKey }) {
  return (
    <h2 id={id} className='pk-col__title'>
      <span className='pk-col__main'>{pickupText(store.locale, textKey)}</span>
      {store.otherLocales.map((l: Locale) => (
        <span key={l} className='pk-col__other' lang={HTML_LANG[l]}>
          {pickupText(l, textKey)}
        </span>
      ))}
    </h2>
  )
}

function Numbers({ numbers, testId, steps, live, store }: { numbers: ShownNumber[]; testId: string; steps: readonly number[]; live?: boolean; store: PickupStore }) {
  return (
    <ul className='pk-list' data-density={density(numbers.length, steps)} data-testid={testId} aria-live={live ? 'polite' : undefined} aria-relevant={live ? 'additions' : undefined}>
      {numbers.map((n) => (
        <li
          key={n.ref}
          className={n.fresh ? 'pk-no pk-no--fresh' : 'pk-no'}
          data-testid='pickup-number'
          data-ref={n.ref}
          data-fresh={n.fresh ? '1' : '0'}
          aria-label={pickupText(store.locale, 'numberLabel', { no: n.pickupNo })}
        >
          {n.pickupNo}
        </li>
      ))}
    </ul>
  )
}

export const PickupScreen = observer(function PickupScreen({ store }: { store: PickupStore }) {
  const t = (key: PickupKey, params?: Record<string, string | number>) => pickupText(store.locale, key, params)
  if (store.state !== 'ready') {
    const key: PickupKey = store.state === 'loading' ? 'loading' : store.state === 'notFound' ? 'notFound' : 'failed'
    return (
      <main className='pk pk--message'>
        <h1 className='pk-message' role={store.state === 'loading' ? undefined : 'alert'} data-testid='pickup-message'>
          {t(key)}
        </h1>
      </main>
    )
  }
  return (
    <div className='pk' data-testid='pickup-screen'>
      <header className='pk-head'>
        <h1 className='pk-head__title'>
          {store.branchName && <span className='pk-head__branch'>{store.branchName}</span>}
          <span className='pk-head__what'>{t('title')}</span>
        </h1>
      </header>
      <main className='pk-main'>
        <section className='pk-col pk-col--preparing' aria-labelledby='pk-preparing'>
          <Heading id='pk-preparing' store={store} textKey='preparing' />
          {store.preparing.length === 0 ? (
            <p className='pk-empty'>{t('emptyPreparing')}</p>
          ) : (
            <Numbers numbers={store.preparing} testId='pickup-preparing' steps={[8, 20, 30]} store={store} />
          )}
          {store.preparingMore > 0 && <p className='pk-more'>{t('more', { n: store.preparingMore })}</p>}
        </section>
        <section className='pk-col pk-col--ready' aria-labelledby='pk-ready'>
          <Heading id='pk-ready' store={store} textKey='ready' />
          <p className='pk-hint'>{t('readyHint')}</p>
          {store.ready.length === 0 ? (
            <p className='pk-empty'>{t('emptyReady')}</p>
          ) : (
            <Numbers numbers={store.ready} testId='pickup-ready' steps={[4, 9, 16]} live store={store} />
          )}
          {store.readyMore > 0 && <p className='pk-more'>{t('more', { n: store.readyMore })}</p>}
        </section>
      </main>
      <footer className='pk-foot'>
        <p className={`pk-conn pk-conn--${store.connection}`} role='status' data-testid='pickup-connection' data-state={store.connection}>
          <span className='pk-conn__dot' aria-hidden='true' />
          {t(`connection.${store.connection}`)}
        </p>
        <p className='pk-note'>{t('readyFor', { n: Math.round(store.readyForMs / 60_000) })}</p>
        <button type='button' className='pk-sound' aria-pressed={store.soundOn} onClick={() => store.toggleSound()} data-testid='pickup-sound'>
          {store.soundOn ? t('soundOn') : t('soundOff')}
        </button>
      </footer>
    </div>
  )
})
