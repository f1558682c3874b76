import { View, Text, Input } from '@tarojs/components'
import { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { reaction } from 'mobx'
import { useEffect, useRef, useState } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle } from '../../compose/page-hooks'
import { ROUTES } from '../../features/shell/routes'
import { LocationStore, pointOf, type Direction } from '../../features/places/location.store'
import { hasPickRequest, settlePickRequest } from '../../features/places/pick-request'
import type { MapView } from '../../features/places/leaflet-map'
import './location.css'

const focusable = { tabIndex: 0 } as Record<string, unknown>
const onKey = (act: () => void) => (e: { key?: string; preventDefault?: () => void }) => {
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault?.()
    act()
  }
}

/** Taro's H5 router hands the query over still encoded. */
function decodedParams(params: Record<string, string | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {}
  for (const [k, v] of Object.entries(params)) {
    try {
      out[k] = v === undefined ? v : decodeURIComponent(v)
    } catch {
      out[k] = v
    }
  }
  return out
}

const ARROWS: Record<string, Direction> = { ArrowUp: 'north', ArrowDown: 'south', ArrowRight: 'east', ArrowLeft: 'west' }

/**
 * The H5 map page (issue 16 item 3; registered on H5 only, mini-programs use their hosts' own
 * picker and map). 'choose': the diner drops the pin (tap, drag), types an address, uses their
 * location or moves the pin with the buttons (or arrow keys on the pad); what is there is said in
 * text, with the nearest branch's distance; Confirm hands the place back to whoever asked
 * (compose/location-pick). 'open': the place's pin, name and address, and a link to the device's
 * maps. Without tiles (no network) the page works the same without pictures.
 */
function LocationPage() {
  const root = useStores()
  const { i18n, host, session } = root
  const q = decodedParams(useRouter().params as Record<string, string | undefined>)
  const mode: 'choose' | 'open' = q.mode === 'open' ? 'open' : 'choose'
  const [store] = useState(
    () =>
      new LocationStore(root.gateway, {
        locate: () => host.locate(),
        shopId: () => session.params.ShopID ?? '',
        baseId: () => session.params.BaseID ?? '',
        fallbackCentre: () => {
          const b = session.baseInfo
          return b && Number.isFinite(b.Lat) && Number.isFinite(b.Lng) && (b.Lat !== 0 || b.Lng !== 0) ? { Lat: b.Lat, Lng: b.Lng } : null
        }
      })
  )
  // Whether a caller waits for this pin: not after a reload of this page (a fresh app).
  const [waiting] = useState(() => hasPickRequest())
  const [tilesOff, setTilesOff] = useState(false)
  const mapEl = useRef<HTMLDivElement | null>(null)
  const view = useRef<MapView | null>(null)
  usePageTitle(i18n.t(mode === 'open' ? 'page.locationOpen' : 'page.location'))

  useEffect(() => {
    const start = pointOf(q.Lat, q.Lng)
    void store.loadTiles()
    if (mode === 'open') store.show(start)
    else void store.start(start)
    // Leaving without Confirm (back button, another page): the caller hears null.
    return () => settlePickRequest(null)
  }, [])

  // The map once the tiles' setting is known (Leaflet loads with this page only).
  useEffect(() => {
    let cancelled = false
    const stop = reaction(
      () => (store.tilesState === 'ready' || store.tilesState === 'failed') && !!store.point,
      (ready) => {
        if (!ready || view.current || !mapEl.current) return
        void import(/* webpackChunkName: "leaflet-map" */ '../../features/places/leaflet-map')
          .then((m) => {
            if (cancelled || !mapEl.current || !store.point) return
            view.current = m.createMap(mapEl.current, {
              centre: store.point,
              tiles: store.tiles,
              movable: mode === 'choose',
              pinLabel: i18n.t('map.pin'),
              mapLabel: i18n.t('map.mapLabel'),
              zoomIn: i18n.t('map.zoomIn'),
              zoomOut: i18n.t('map.zoomOut'),
              onMove: (p) => void store.moveTo(p),
              onTilesFailed: () => setTilesOff(true)
            })
          })
          .catch(() => setTilesOff(true))
      },
      { fireImmediately: true }
    )
    const follow = reaction(
      () => store.point,
      (p) => p && view.current?.setPoint(p)
    )
    return () => {
      cancelled = true
      stop()
      follow()
      view.current?.destroy()
      view.current = null
    }
  }, [])

  const confirm = () => {
    const place = store.result
    if (!place) return
    settlePickRequest(place)
    host.navigateBack(ROUTES.home)
  }

  const p = store.point
  const coords = p ? i18n.t('map.coords', { lat: p.Lat.toFixed(5), lng: p.Lng.toFixed(5) }) : ''
  const branch = store.nearestBranch
  const openName = q.Name ?? ''
  const openAddress = q.Address ?? ''
  const osmLink = p ? `https://www.openstreetmap.org/?mlat=${p.Lat}&mlon=${p.Lng}#map=17/${p.Lat}/${p.Lng}` : ''
  const geoLink = p ? `geo:${p.Lat},${p.Lng}?q=${p.Lat},${p.Lng}${openName ? `(${encodeURIComponent(openName)})` : ''}` : ''
  // Phones open geo: in their maps app; other browsers get the OpenStreetMap page.
  const mapsLink = /Android|iPhone|iPad/i.test(typeof navigator === 'undefined' ? '' : navigator.userAgent) ? geoLink : osmLink

  return (
    <View className='so-location' data-testid='location-page'>
      <Text className='so-sr-only' role='heading' aria-level={1}>
        {i18n.t(mode === 'open' ? 'page.locationOpen' : 'page.location')}
      </Text>
      {mode === 'choose' && (
        <View className='so-location__search' role='search'>
          <Input
            className='so-location__input'
            value={store.query}
            maxlength={120}
            placeholder={i18n.t('map.searchPlaceholder')}
            confirmType='search'
            nativeProps={{ 'aria-label': i18n.t('map.searchLabel'), autoComplete: 'street-address' }}
            data-testid='location-search-input'
            onInput={(e) => store.setQuery(e.detail.value)}
            onConfirm={() => void store.search()}
          />
          <View className='so-location__btn' role='button' {...focusable} data-testid='location-search' onClick={() => void store.search()} onKeyDown={onKey(() => void store.search())}>
            {i18n.t('map.search')}
          </View>
        </View>
      )}
      {mode === 'choose' && (
        <View aria-live='polite'>
          {store.searchState === 'loading' && <Text className='so-location__note'>{i18n.t('map.searching')}</Text>}
          {store.searchState === 'failed' && (
            <Text className='so-location__note so-location__note--warn' data-testid='location-not-found'>
              {i18n.t('map.notFound')}
            </Text>
          )}
          {store.results.length > 1 && (
            <View className='so-location__results' role='list' aria-label={i18n.t('map.results')}>
              {store.results.map((r, i) => (
                <View key={`${r.Lat},${r.Lng},${i}`} className='so-location__result' role='listitem'>
                  <View className='so-location__result-btn' role='button' {...focusable} onClick={() => void store.choose(r)} onKeyDown={onKey(() => void store.choose(r))}>
                    {r.FormattedAddress || r.RegionName}
                  </View>
                </View>
              ))}
            </View>
          )}
        </View>
      )}

      <View className='so-location__map-wrap'>
        <div ref={mapEl} className='so-location__map' data-testid='location-map' />
        {tilesOff && (
          <Text className='so-location__tiles-off' data-testid='location-tiles-off'>
            {i18n.t('map.tilesOff')}
          </Text>
        )}
      </View>

      {mode === 'choose' ? (
        <View className='so-location__panel'>
          <Text className='so-location__hint'>{i18n.t('map.hint')}</Text>
          <View
            className='so-location__pad'
            role='group'
            aria-label={i18n.t('map.move')}
            onKeyDown={(e: { key?: string; preventDefault?: () => void }) => {
              const dir = e.key ? ARROWS[e.key] : undefined
              if (!dir) return
              e.preventDefault?.()
              void store.nudge(dir)
            }}
          >
            {(['north', 'west', 'east', 'south'] as const).map((d) => (
              <View key={d} className={`so-location__nudge so-location__nudge--${d}`} role='button' {...focusable} aria-label={i18n.t('map.moveTo', { direction: i18n.t(`map.${d}`) })} data-testid={`location-nudge-${d}`} onClick={() => void store.nudge(d)} onKeyDown={onKey(() => void store.nudge(d))}>
                {i18n.t(`map.${d}`)}
              </View>
            ))}
          </View>
          <View className='so-location__where' aria-live='polite' data-testid='location-where'>
            {store.placeState === 'loading' && !store.place && <Text className='so-location__note'>{i18n.t('map.resolving')}</Text>}
            {store.place && <Text className='so-location__place'>{store.place.FormattedAddress || store.place.RegionName}</Text>}
            {store.placeState === 'ready' && !store.place && <Text className='so-location__note'>{i18n.t('map.noPlace')}</Text>}
            {store.placeState === 'failed' && <Text className='so-location__note so-location__note--warn'>{i18n.t('map.placeFailed')}</Text>}
            {branch && (
              <Text className='so-location__branch' data-testid='location-branch'>
                {i18n.t('map.fromBranch', { distance: (branch.Distance! / 1000).toFixed(1), branch: i18n.pick(branch.BaseNames, branch.BaseName) })}
              </Text>
            )}
            <Text className='so-location__coords'>{coords}</Text>
          </View>
          <View className='so-location__actions'>
            <View className={`so-location__btn so-location__btn--secondary${store.locating ? ' so-location__btn--off' : ''}`} role='button' {...focusable} aria-disabled={store.locating} data-testid='location-mine' onClick={() => !store.locating && void store.useMyLocation()} onKeyDown={onKey(() => !store.locating && void store.useMyLocation())}>
              {i18n.t(store.locating ? 'map.locating' : 'map.useMine')}
            </View>
            {waiting ? (
              <View className={`so-location__btn so-location__btn--primary${p ? '' : ' so-location__btn--off'}`} role='button' {...focusable} aria-disabled={!p} data-testid='location-confirm' onClick={confirm} onKeyDown={onKey(confirm)}>
                {i18n.t('map.confirm')}
              </View>
            ) : (
              <View className='so-location__btn so-location__btn--primary' role='button' {...focusable} data-testid='location-back' onClick={() => host.navigateBack(ROUTES.home)} onKeyDown={onKey(() => host.navigateBack(ROUTES.home))}>
                {i18n.t('map.back')}
              </View>
            )}
          </View>
          {store.locateFailed && (
            <Text className='so-location__note so-location__note--warn' role='status' data-testid='location-locate-failed'>
              {i18n.t('map.locateFailed')}
            </Text>
          )}
          {!waiting && (
            <Text className='so-location__note so-location__note--warn' role='status' data-testid='location-no-request'>
              {i18n.t('map.noRequest')}
            </Text>
          )}
        </View>
      ) : (
        <View className='so-location__panel'>
          <View className='so-location__where' data-testid='location-where'>
            {openName && <Text className='so-location__name'>{openName}</Text>}
            {openAddress && <Text className='so-location__place'>{openAddress}</Text>}
            <Text className='so-location__coords'>{coords}</Text>
          </View>
          {p && (
            <a className='so-location__btn so-location__btn--primary so-location__link' href={mapsLink} target='_blank' rel='noopener noreferrer' data-testid='location-open-in-maps'>
              {i18n.t('map.openInMaps')}
            </a>
          )}
        </View>
      )}
    </View>
  )
}

export default observer(LocationPage)
