/**
 * The kitchen board (issue 24 item 2): a kitchen tablet in landscape (usable on a phone). Tickets as
 * cards in arrival order, each with its table or pickup number, service style, round, a clock since
 * it was sent (its colour and a word by the station's alert timer), every line with quantity and
 * unit, spec, add-ons, combo picks and remarks; changed lines show the quantity before, cancelled
 * lines stay struck through. Tap a line: done; Bump per ticket; Recall; the all-day counts; sound
 * after one tap, until someone says "Heard"; keys for a keyboard or bump bar; the connection always
 * in view; a print that failed for good written on its card and above the board, with Reprint. Stations are managed on the same page by people with 'shops.manage'.
 */
import { observer } from 'mobx-react-lite'
import { reaction } from 'mobx'
import { useEffect, useRef, type FormEvent } from 'react'
import type { KitchenTicketLineRow, KitchenTicketRow } from '../../gateway/kitchen-contract'
import { allergenKey, allergensOf } from '../../core/allergens'
import type { ConsoleKey } from '../i18n'
import { ALL_STATIONS, clockText, isCancelled, type KitchenStore, type TimeLevel } from '../stores/kitchen-store'
import type { KitchenStationsStore, StationForm } from '../stores/kitchen-stations-store'
import { useConsole } from './console-context'
import { Alert, Check, Field, PageHeading, SelectField } from './controls'
import { placeName } from './format'
import { KitchenEstimates } from './KitchenEstimates'
import './kitchen.css'

const SERVICE_KEY: Record<string, ConsoleKey> = { dinein: 'service.dinein', 'dine-in': 'service.dinein', fastfood: 'service.fastfood', takeaway: 'service.takeaway', delivery: 'service.delivery' }
const LEVEL_ICON: Record<TimeLevel, string> = { ok: '●', warn: '▲', late: '■' }
const CONNECTION_ICON: Record<string, string> = { idle: '○', connecting: '○', connected: '●', polling: '◐', reconnecting: '▲', signedOut: '■', refused: '■', stopped: '○' }

export const KitchenPage = observer(function KitchenPage() {
  const store = useConsole()
  const kitchen = store.kitchen
  const stations = store.kitchenStations
  useEffect(() => {
    void kitchen.start()
    return () => {
      kitchen.stop()
      stations.hide()
    }
  }, [kitchen, stations])
  useBoardKeys(kitchen, stations)
  if (stations.open) return <StationsPanel stations={stations} />
  return <Board kitchen={kitchen} stations={stations} />
})

/** 1–9 select, Enter bumps the selected, Backspace recalls; never while typing, nor Enter on a button (it presses the button). */
function useBoardKeys(kitchen: KitchenStore, stations: KitchenStationsStore): void {
  const byKeys = useRef(false)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || stations.open) return
      const target = e.target instanceof Element ? e.target : null
      if (target?.closest('input, select, textarea, [contenteditable]')) return
      if (e.key === 'Enter' && target?.closest('button, a, summary')) return
      if (!kitchen.handleKey(e.key)) return
      e.preventDefault()
      byKeys.current = true
      focusCard(kitchen.selectedId)
    }
    const onPointer = () => {
      byKeys.current = false
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    // A selection the keys made (after a bump, the next ticket; after a recall, the recalled one) takes the focus, so the next key acts on it.
    const dispose = reaction(
      () => kitchen.selectedId,
      (id) => {
        if (byKeys.current && id) focusCard(id)
      }
    )
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
      dispose()
    }
  }, [kitchen, stations])
}

function focusCard(ticketId: string): void {
  if (!ticketId) return
  const card = [...document.querySelectorAll<HTMLElement>('[data-ticket-id]')].find((el) => el.dataset.ticketId === ticketId)
  card?.focus({ preventScroll: false })
}

const Board = observer(function Board({ kitchen, stations }: { kitchen: KitchenStore; stations: KitchenStationsStore }) {
  const store = useConsole()
  const { t } = store
  const branchOptions = kitchen.branches.map((b) => ({ value: b.baseId, label: `${placeName(store.scope, b.shopId, '', store.locale)}: ${placeName(store.scope, b.shopId, b.baseId, store.locale)}` }))
  const stationOptions = [{ value: ALL_STATIONS, label: t('kitchen.allStations') }, ...kitchen.stations.map((s) => ({ value: s.StationID, label: s.Name }))]
  const sounding = kitchen.sounding.length
  return (
    <div className='kds'>
      <div className='kds-head'>
        <PageHeading focusKey='kitchen'>
          {t('kitchen.title')}
          {kitchen.stationId !== ALL_STATIONS && kitchen.stationName ? <span className='kds-head-station'> · {kitchen.stationName}</span> : null}
        </PageHeading>
        <Connection kitchen={kitchen} />
      </div>
      {kitchen.branches.length === 0 ? <p>{t('kitchen.noBranch')}</p> : null}
      <div className='kds-toolbar'>
        {kitchen.branches.length > 1 ? <SelectField label={t('kitchen.branch')} value={kitchen.baseId} onValue={(v) => void kitchen.chooseBranch(v)} options={branchOptions} /> : null}
        <SelectField label={t('kitchen.station')} value={kitchen.stationId} onValue={(v) => void kitchen.chooseStation(v)} options={stationOptions} />
        <div className='kds-tools'>
          {kitchen.soundOn ? (
            <button type='button' className='button kds-sound kds-sound-on' onClick={() => kitchen.disableSound()}>
              <BellIcon />
              {t('kitchen.sound.turnOff')}
            </button>
          ) : (
            <button type='button' className='button button-primary kds-sound' onClick={() => kitchen.enableSound()}>
              <BellIcon off />
              {t('kitchen.sound.turnOn')}
            </button>
          )}
          <button type='button' className='button' onClick={() => void kitchen.recall()} disabled={kitchen.isBusy('recall')} aria-describedby='kds-recall-hint'>
            {t('kitchen.recall')}
          </button>
          <span id='kds-recall-hint' className='visually-hidden'>
            {t('kitchen.recallHint')}
          </span>
          {store.can('shops.manage') ? (
            <button type='button' className='button' onClick={() => void stations.show()}>
              {t('kitchen.stations.manage')}
            </button>
          ) : null}
        </div>
      </div>
      {!kitchen.soundOn && !kitchen.soundUnavailable ? <p className='kds-note'>{t('kitchen.sound.offNote')}</p> : null}
      {kitchen.soundUnavailable ? <p className='kds-note kds-note-bad'>{t('kitchen.sound.unavailable')}</p> : null}
      {sounding > 0 ? (
        <div className='kds-sounding'>
          <p>
            <BellIcon />
            {t('kitchen.sounding', { n: sounding })}
          </p>
          <button type='button' className='button kds-heard' onClick={() => void kitchen.heard()} disabled={kitchen.isBusy('heard')}>
            {t('kitchen.heard')}
          </button>
        </div>
      ) : null}
      {kitchen.printFailures.length > 0 ? (
        <p className='kds-print-alert'>
          <span aria-hidden='true' className='kds-print-icon'>
            ⚠
          </span>
          {t('kitchen.printFailed.summary', { n: kitchen.printFailures.length })}
        </p>
      ) : null}
      <Alert message={kitchen.error || kitchen.actionError} />
      <div className='visually-hidden' role='status' aria-live='polite'>
        {kitchen.announcement}
      </div>
      <div className='kds-layout'>
        <section className='kds-board' aria-labelledby='kds-open-title'>
          <h2 id='kds-open-title' className='visually-hidden'>
            {t('kitchen.openTickets', { n: kitchen.tickets.length })}
          </h2>
          {kitchen.loading && !kitchen.loaded ? <p className='loading'>{t('common.loading')}</p> : null}
          {kitchen.loaded && kitchen.tickets.length === 0 ? <p className='kds-empty'>{t('kitchen.empty')}</p> : null}
          {kitchen.tickets.length > 0 ? (
            <ol className='kds-cards'>
              {kitchen.tickets.map((ticket, i) => (
                <TicketCard key={ticket.TicketID} kitchen={kitchen} ticket={ticket} number={i + 1} />
              ))}
            </ol>
          ) : null}
        </section>
        <div className='kds-side'>
          <AllDay kitchen={kitchen} />
          <Recent kitchen={kitchen} />
          <Keys />
        </div>
      </div>
    </div>
  )
})

/** A bell (struck through: sound off); the button's words say the same. */
function BellIcon({ off = false }: { off?: boolean }) {
  return (
    <svg className='kds-icon' aria-hidden='true' focusable='false' width='20' height='20' viewBox='0 0 24 24'>
      <path fill='currentColor' d='M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6v-5a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z' />
      {off ? <path d='M3 3l18 18' stroke='currentColor' strokeWidth='2.4' strokeLinecap='round' /> : null}
    </svg>
  )
}

const Connection = observer(function Connection({ kitchen }: { kitchen: KitchenStore }) {
  const { t } = useConsole()
  const state = kitchen.connection
  return (
    <p className={`kds-connection kds-connection-${state}`} role='status'>
      <span aria-hidden='true' className='kds-connection-icon'>
        {CONNECTION_ICON[state] ?? '○'}
      </span>
      <span>{t(`kitchen.connection.${state}` as ConsoleKey)}</span>
    </p>
  )
})

const TicketCard = observer(function TicketCard({ kitchen, ticket, number }: { kitchen: KitchenStore; ticket: KitchenTicketRow; number: number }) {
  const { t } = useConsole()
  const age = kitchen.ageOf(ticket)
  const id = ticket.TicketID
  const titleId = `kds-t-${id}`
  const classes = ['kds-card', `kds-level-${age.level}`]
  if (kitchen.selectedId === id) classes.push('kds-selected')
  if (kitchen.isFlashing(id)) classes.push('kds-flash')
  if (ticket.AckedAt === '') classes.push('kds-unheard')
  if (ticket.PrintError) classes.push('kds-print-failed')
  const reprintable = kitchen.canReprint(ticket)
  const meta = [t(SERVICE_KEY[ticket.ServiceType] ?? 'service.takeaway')]
  if (ticket.Kind === 'round' && ticket.RoundNo > 0) meta.push(t('kitchen.round', { n: ticket.RoundNo }))
  if (kitchen.stationId === ALL_STATIONS && ticket.StationName) meta.push(ticket.StationName)
  const label = kitchen.labelOf(ticket)
  return (
    <li className='kds-card-item'>
      <article className={classes.join(' ')} data-ticket-id={id} tabIndex={-1} aria-labelledby={titleId}>
        <header className='kds-card-head'>
          <div className='kds-card-top'>
            {number <= 9 ? (
              <span className='kds-number'>
                <span className='visually-hidden'>{t('kitchen.keyNumber')} </span>
                {number}
              </span>
            ) : null}
            <h3 id={titleId} className='kds-card-title'>
              {ticket.TableName || ticket.PickupNo ? <span className='kds-title-kind'>{ticket.TableName ? t('kitchen.tableWord') : t('kitchen.pickupWord')} </span> : null}
              <span className='kds-title-name'>{ticket.TableName || ticket.PickupNo || t('kitchen.counter')}</span>
            </h3>
            <p className={`kds-age kds-age-${age.level}`}>
              <span aria-hidden='true' className='kds-age-icon'>
                {LEVEL_ICON[age.level]}
              </span>
              <span className='kds-age-clock'>
                <span className='visually-hidden'>{t('kitchen.sinceSent')} </span>
                {clockText(age.seconds)}
              </span>
              <span className='kds-age-word'>{t(`kitchen.level.${age.level}`)}</span>
            </p>
          </div>
          <p className='kds-card-meta'>
            {meta.join(' · ')}
            {kitchen.selectedId === id ? <span className='kds-tag kds-tag-selected'>{t('kitchen.selected')}</span> : null}
            {ticket.AckedAt === '' ? <span className='kds-tag kds-tag-new'>{ticket.ChangedAt ? t('kitchen.unheardChange') : t('kitchen.new')}</span> : null}
            {ticket.ChangedAt && ticket.AckedAt !== '' ? <span className='kds-tag kds-tag-changed'>{t('kitchen.changed')}</span> : null}
            {ticket.PrintError ? <span className='kds-tag kds-tag-print'>{t('kitchen.printFailed.tag')}</span> : null}
          </p>
        </header>
        <ul className='kds-lines'>
          {ticket.Lines.map((line) => (
            <li key={line.LineNo}>
              <Line kitchen={kitchen} ticket={ticket} line={line} />
            </li>
          ))}
        </ul>
        {ticket.OrderRemarks ? (
          <p className='kds-order-remark'>
            <strong>{t('kitchen.orderRemark')}</strong> {ticket.OrderRemarks}
          </p>
        ) : null}
        {ticket.PrintError ? (
          <p className='kds-print-detail' id={`kds-print-${id}`}>
            <span aria-hidden='true' className='kds-print-icon'>
              ⚠
            </span>
            {t(reprintable ? 'kitchen.printFailed.detail' : 'kitchen.printFailed.noPrinter', { error: ticket.PrintError })}
          </p>
        ) : null}
        <div className='kds-card-foot'>
          <button type='button' className='button button-primary kds-bump' onClick={() => void kitchen.bump(id)} disabled={kitchen.isBusy(id)}>
            {t('kitchen.bump')}
            <span className='visually-hidden'> {label}</span>
          </button>
          {reprintable ? (
            <button
              type='button'
              className={ticket.PrintError ? 'button kds-reprint kds-reprint-needed' : 'button kds-reprint'}
              onClick={() => void kitchen.reprint(id)}
              disabled={kitchen.isBusy(`reprint|${id}`)}
              aria-describedby={ticket.PrintError ? `kds-print-${id}` : undefined}
            >
              {t('kitchen.reprint')}
              <span className='visually-hidden'> {label}</span>
            </button>
          ) : null}
        </div>
      </article>
    </li>
  )
})

const Line = observer(function Line({ kitchen, ticket, line }: { kitchen: KitchenStore; ticket: KitchenTicketRow; line: KitchenTicketLineRow }) {
  const { t } = useConsole()
  // Allergens as words in the staff's language (src/core/allergens.ts), never bare icons.
  const allergens = allergensOf(line.Allergens)
  const details = (
    <span className='kds-line-body'>
      <span className='kds-name'>{line.GoodsName}</span>
      {line.SkuName ? <span className='kds-spec'> {line.SkuName}</span> : null}
      {line.AddOnText ? <span className='kds-detail'>+ {line.AddOnText}</span> : null}
      {line.BomText ? (
        <span className='kds-detail'>
          {t('kitchen.combo')} {line.BomText}
        </span>
      ) : null}
      {line.RemarkText ? <span className='kds-detail kds-line-remark'>{line.RemarkText}</span> : null}
      {allergens.length > 0 ? (
        <span className='kds-detail kds-allergens'>{t('marks.line', { list: allergens.map((code) => t(allergenKey(code))).join(t('marks.separator')) })}</span>
      ) : null}
    </span>
  )
  if (isCancelled(line)) {
    return (
      <div className='kds-line kds-line-cancelled'>
        <span className='kds-qty'>
          <s>
            {line.PrevQua || line.Qua} <span className='kds-unit'>{line.Unit}</span>
          </s>
        </span>
        <s className='kds-line-struck'>{details}</s>
        <span className='kds-tag kds-tag-cancelled'>{t('kitchen.cancelled')}</span>
      </div>
    )
  }
  const changed = line.Change === 'raised' || line.Change === 'lowered'
  const classes = ['kds-line']
  if (line.Done) classes.push('kds-line-done')
  if (changed) classes.push('kds-line-changed')
  return (
    <button type='button' className={classes.join(' ')} aria-pressed={line.Done === 1} onClick={() => void kitchen.toggleLine(ticket.TicketID, line.LineNo)} disabled={kitchen.isBusy(`${ticket.TicketID}|${line.LineNo}`)}>
      <span className='kds-qty'>
        {changed ? (
          <>
            <del aria-hidden='true'>{line.PrevQua}</del>
            <span aria-hidden='true'> → </span>
            <span className='visually-hidden'>{t('kitchen.wasNow', { prev: line.PrevQua })} </span>
          </>
        ) : null}
        <span className='kds-qty-now'>{line.Qua}</span> <span className='kds-unit'>{line.Unit}</span>
      </span>
      {details}
      {changed ? <span className='kds-tag kds-tag-changed'>{t(line.Change === 'raised' ? 'kitchen.raised' : 'kitchen.lowered')}</span> : null}
      {line.Done ? (
        <span className='kds-tag kds-tag-done'>
          <span aria-hidden='true'>✓ </span>
          {t('kitchen.done')}
        </span>
      ) : null}
    </button>
  )
})

const AllDay = observer(function AllDay({ kitchen }: { kitchen: KitchenStore }) {
  const { t } = useConsole()
  const rows = kitchen.allDay
  return (
    <section className='kds-panel' aria-labelledby='kds-allday-title'>
      <h2 id='kds-allday-title'>{t('kitchen.allDay')}</h2>
      <p className='hint'>{t('kitchen.allDayHint')}</p>
      {rows.length === 0 ? (
        <p className='muted'>{t('kitchen.allDayEmpty')}</p>
      ) : (
        <ul className='kds-allday'>
          {rows.map((row) => (
            <li key={`${row.GoodsID}|${row.Unit}`}>
              <span className='kds-allday-qty'>
                {row.Qua} <span className='kds-unit'>{row.Unit}</span>
              </span>
              <span>{row.GoodsName}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
})

const Recent = observer(function Recent({ kitchen }: { kitchen: KitchenStore }) {
  const { t } = useConsole()
  return (
    <section className='kds-panel' aria-labelledby='kds-recent-title'>
      <h2 id='kds-recent-title'>{t('kitchen.recent')}</h2>
      {kitchen.recent.length === 0 ? (
        <p className='muted'>{t('kitchen.recentEmpty')}</p>
      ) : (
        <ul className='kds-recent'>
          {kitchen.recent.map((ticket) => (
            <li key={ticket.TicketID}>
              <span>{kitchen.labelOf(ticket)}</span>
              <button type='button' className='button button-small' onClick={() => void kitchen.recall(ticket.TicketID)} disabled={kitchen.isBusy('recall')}>
                {t('kitchen.recall')}
                <span className='visually-hidden'> {kitchen.labelOf(ticket)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
})

function Keys() {
  const { t } = useConsole()
  return (
    <section className='kds-panel' aria-labelledby='kds-keys-title'>
      <h2 id='kds-keys-title'>{t('kitchen.keys.title')}</h2>
      <ul className='kds-keys'>
        <li>
          <kbd>1</kbd>–<kbd>9</kbd> {t('kitchen.keys.select')}
        </li>
        <li>
          <kbd>{t('kitchen.keys.enter')}</kbd> {t('kitchen.keys.bump')}
        </li>
        <li>
          <kbd>{t('kitchen.keys.backspace')}</kbd> {t('kitchen.keys.recall')}
        </li>
        <li>{t('kitchen.keys.tap')}</li>
      </ul>
    </section>
  )
}

// ——— Stations ———

const StationsPanel = observer(function StationsPanel({ stations }: { stations: KitchenStationsStore }) {
  const store = useConsole()
  const { t } = store
  const list = stations.stations
  return (
    <div className='kds-stations'>
      <PageHeading focusKey='kitchen-stations'>{t('kitchen.stations.title')}</PageHeading>
      <p className='lead'>{t('kitchen.stations.intro')}</p>
      <div className='actions kds-stations-actions'>
        <button type='button' className='button' onClick={() => stations.hide()}>
          {t('kitchen.stations.back')}
        </button>
        {!stations.form ? (
          <button type='button' className='button button-primary' onClick={() => stations.add()}>
            {t('kitchen.stations.add')}
          </button>
        ) : null}
      </div>
      <div role='status' className={stations.notice ? 'status status-on' : 'status'}>
        {stations.notice}
      </div>
      <Alert message={stations.error} />
      {stations.removing ? <RemoveStation stations={stations} /> : null}
      {!stations.form && !stations.removing ? <KitchenEstimates goodsName={(id) => stations.goodsName(id)} /> : null}
      {stations.form ? (
        <StationFormView stations={stations} form={stations.form} />
      ) : (
        <>
          {list.length === 0 ? (
            <p>{t('kitchen.stations.none')}</p>
          ) : (
            <ul className='kds-station-list'>
              {list.map((s) => (
                <li key={s.StationID} className='card'>
                  <h2>{s.Name}</h2>
                  <dl className='kds-facts'>
                    <dt>{t('kitchen.field.classes')}</dt>
                    <dd>{s.ClassIDs.length ? s.ClassIDs.map((c) => stations.className(c)).join(t('common.listSeparator')) : t('kitchen.stations.noneChosen')}</dd>
                    <dt>{t('kitchen.field.goods')}</dt>
                    <dd>{s.GoodsIDs.length ? s.GoodsIDs.map((g) => stations.goodsName(g)).join(t('common.listSeparator')) : t('kitchen.stations.noneChosen')}</dd>
                    <dt>{t('kitchen.field.alertMinutes')}</dt>
                    <dd>{t('kitchen.stations.minutes', { n: s.AlertMinutes })}</dd>
                    <dt>{t('kitchen.field.printer')}</dt>
                    <dd>{s.PrinterHost ? `${s.PrinterHost}:${s.PrinterPort}` : t('kitchen.stations.noPrinter')}</dd>
                  </dl>
                  <div className='actions'>
                    <button type='button' className='button button-small' onClick={() => stations.edit(s)}>
                      {t('common.edit')}
                      <span className='visually-hidden'> {s.Name}</span>
                    </button>
                    <button type='button' className='button button-small button-danger' onClick={() => stations.askRemove(s)}>
                      {t('common.remove')}
                      <span className='visually-hidden'> {s.Name}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
})

/** A heading that takes the focus when it appears (a form or a question opened by a button). */
function FocusHeading({ id, children }: { id: string; children: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className='kds-focus-heading'>
      {children}
    </h2>
  )
}

const RemoveStation = observer(function RemoveStation({ stations }: { stations: KitchenStationsStore }) {
  const { t } = useConsole()
  const station = stations.removing!
  return (
    <section className='card kds-confirm' aria-labelledby='kds-remove-title'>
      <FocusHeading id='kds-remove-title'>{t('kitchen.stations.removeTitle', { name: station.Name })}</FocusHeading>
      <p>{t('kitchen.stations.removeBody')}</p>
      <div className='actions'>
        <button type='button' className='button button-danger' onClick={() => void stations.confirmRemove()} disabled={stations.busy}>
          {t('kitchen.stations.removeYes')}
        </button>
        <button type='button' className='button' onClick={() => stations.cancelRemove()}>
          {t('common.cancel')}
        </button>
      </div>
    </section>
  )
})

const StationFormView = observer(function StationFormView({ stations, form }: { stations: KitchenStationsStore; form: StationForm }) {
  const { t } = useConsole()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void stations.save()
  }
  const errors = Object.values(form.errors).filter((e): e is string => Boolean(e))
  return (
    <form className='form card kds-station-form' onSubmit={submit} noValidate aria-labelledby='kds-station-form-title'>
      <FocusHeading id='kds-station-form-title'>{form.from ? t('kitchen.stations.editTitle', { name: form.from.Name }) : t('kitchen.stations.newTitle')}</FocusHeading>
      {errors.length ? <Alert message={t('error.checkFields')} list={errors} /> : null}
      <Field label={t('kitchen.field.name')} value={form.name} onValue={(v) => form.set('name', v)} error={form.errors.name} maxLength={32} autoComplete='off' />
      <fieldset>
        <legend>{t('kitchen.field.classes')}</legend>
        <p className='hint'>{t('kitchen.field.classesHint')}</p>
        {stations.loading ? <p className='loading'>{t('common.loading')}</p> : null}
        <div className='checks'>
          {stations.classes.map((c) => {
            const elsewhere = stations.stationOfClass(c.ClassID)
            const name = stations.nameOf(c.Names, c.ClassID)
            return (
              <Check
                key={c.ClassID}
                label={elsewhere && !form.classIds.includes(c.ClassID) ? t('kitchen.stations.classAt', { name, station: elsewhere.Name }) : name}
                checked={form.classIds.includes(c.ClassID)}
                onChecked={(on) => form.toggle('classIds', c.ClassID, on)}
              />
            )
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('kitchen.field.goods')}</legend>
        <p className='hint'>{t('kitchen.field.goodsHint')}</p>
        <details className='kds-goods-choice'>
          <summary>{t('kitchen.field.goodsChosen', { n: form.goodsIds.length })}</summary>
          {stations.classes.map((c) => {
            const goods = stations.goods.filter((g) => g.ClassID === c.ClassID)
            if (goods.length === 0) return null
            return (
              <div key={c.ClassID} className='kds-goods-group' role='group' aria-label={stations.nameOf(c.Names, c.ClassID)}>
                <p className='kds-goods-class'>{stations.nameOf(c.Names, c.ClassID)}</p>
                <div className='checks'>
                  {goods.map((g) => (
                    <Check key={g.GoodsID} label={stations.nameOf(g.Names, g.Code)} checked={form.goodsIds.includes(g.GoodsID)} onChecked={(on) => form.toggle('goodsIds', g.GoodsID, on)} />
                  ))}
                </div>
              </div>
            )
          })}
        </details>
      </fieldset>
      <div className='field-row field-row-even'>
        <Field label={t('kitchen.field.alertMinutes')} value={form.alertMinutes} onValue={(v) => form.set('alertMinutes', v)} hint={t('kitchen.field.alertHint')} error={form.errors.alertMinutes} inputMode='numeric' />
        <Field label={t('kitchen.field.sort')} value={form.sort} onValue={(v) => form.set('sort', v)} hint={t('kitchen.field.sortHint')} error={form.errors.sort} inputMode='numeric' />
      </div>
      <div className='field-row kds-printer-row'>
        <Field label={t('kitchen.field.printerHost')} value={form.printerHost} onValue={(v) => form.set('printerHost', v)} hint={t('kitchen.field.printerHint')} autoComplete='off' spellCheck={false} />
        <Field label={t('kitchen.field.printerPort')} value={form.printerPort} onValue={(v) => form.set('printerPort', v)} error={form.errors.printerPort} inputMode='numeric' />
      </div>
      <div className='actions'>
        <button type='submit' className='button button-primary' disabled={stations.busy}>
          {stations.busy ? t('common.working') : t('common.save')}
        </button>
        <button type='button' className='button' onClick={() => stations.cancelForm()}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  )
})
