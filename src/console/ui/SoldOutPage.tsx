/**
 * Sold out (issue 23; stores/sold-out-store.ts): every goods of the shop by class, each with a big
 * switch (role=switch named by the goods, checked = on sale; the words On sale / Sold out beside
 * the track are for the eye, the switch's state says it to a screen reader), its add-ons with a
 * switch each under it. Made for the
 * kitchen's and the counter's tablets: targets of 56 px, a filter, "only what is sold out", an
 * optional reason kept in the audit log; what changed is said in role=status.
 */
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import type { StaffAddOnRow, StaffGoodsRow } from '../../gateway/staff-contract'
import type { SoldOutStore } from '../stores/sold-out-store'
import { useConsole } from './console-context'
import { Alert, Check, Field, PageHeading, SelectField, Status } from './controls'
import './menu.css'

export const SoldOutPage = observer(function SoldOutPage() {
  const store = useConsole()
  const soldOut = store.soldOut
  const { t } = store
  useEffect(() => {
    void soldOut.load()
  }, [soldOut])
  const sections = soldOut.sections
  return (
    <>
      <div className='page-head'>
        <PageHeading focusKey='sold-out'>{t('soldOut.title')}</PageHeading>
        {soldOut.shops.length > 1 ? (
          <SelectField label={t('menu.shop')} value={soldOut.shopId} onValue={(v) => soldOut.chooseShop(v)} options={soldOut.shops.map((s) => ({ value: s.ShopID, label: s.name }))} />
        ) : null}
      </div>
      <p className='lead'>{t('soldOut.lead')}</p>
      <Status message={soldOut.notice} />
      <Alert message={soldOut.error} />
      {soldOut.loading && !soldOut.loaded ? <p role='status'>{t('common.loading')}</p> : null}
      {soldOut.loaded ? (
        <>
          <div className='sold-out-tools'>
            <Field label={t('soldOut.filter')} type='search' value={soldOut.filter} onValue={(v) => soldOut.setFilter(v)} autoComplete='off' />
            <Field label={t('soldOut.reason')} value={soldOut.reason} onValue={(v) => soldOut.setReason(v)} autoComplete='off' />
            <Check label={t('soldOut.onlySoldOut')} checked={soldOut.onlySoldOut} onChecked={(on) => soldOut.setOnlySoldOut(on)} />
          </div>
          <p className='muted'>{t('soldOut.count', { n: soldOut.soldOutCount })}</p>
          {soldOut.goods.length === 0 ? <p>{t('soldOut.noMenu')}</p> : sections.length === 0 ? <p>{t('soldOut.empty')}</p> : null}
          {sections.map((s) => (
            <section key={s.classId} className='sold-out-section' aria-labelledby={`so-${s.classId}`}>
              <h2 id={`so-${s.classId}`}>{s.name}</h2>
              <ul className='sold-out-list'>
                {s.goods.map(({ row, addOns }) => (
                  <li key={row.GoodsID} className='sold-out-goods'>
                    <GoodsSwitch store={soldOut} row={row} />
                    {addOns.length > 0 ? (
                      <ul className='sold-out-addons' aria-label={t('soldOut.addOnOf', { name: soldOut.name(row.Names, row.Code) })}>
                        {addOns.map((a) => (
                          <li key={a.OptionID}>
                            <AddOnSwitch store={soldOut} row={a} />
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : null}
    </>
  )
})

function Switch({ name, detail, onSale, pending, onToggle, small }: { name: string; detail?: string; onSale: boolean; pending: boolean; onToggle: () => void; small?: boolean }) {
  const store = useConsole()
  const { t } = store
  return (
    <button
      type='button'
      role='switch'
      aria-checked={onSale}
      aria-busy={pending || undefined}
      className={`sold-out-switch${onSale ? '' : ' sold-out-switch-off'}${small ? ' sold-out-switch-small' : ''}`}
      onClick={onToggle}
    >
      <span className='sold-out-name'>
        {name}
        {detail ? <span className='muted'> {detail}</span> : null}
      </span>
      <span className='sold-out-state' aria-hidden='true'>
        <span className='sold-out-track'>
          <span className='sold-out-thumb' />
        </span>
        {onSale ? t('soldOut.onSale') : t('soldOut.soldOut')}
      </span>
    </button>
  )
}

const GoodsSwitch = observer(function GoodsSwitch({ store, row }: { store: SoldOutStore; row: StaffGoodsRow }) {
  return <Switch name={store.name(row.Names, row.Code)} detail={row.Code} onSale={row.SoldOut !== 1} pending={store.isPending(row.GoodsID)} onToggle={() => void store.toggleGoods(row)} />
})

const AddOnSwitch = observer(function AddOnSwitch({ store, row }: { store: SoldOutStore; row: StaffAddOnRow }) {
  return <Switch small name={store.name(row.Names, row.OptionID)} onSale={row.SoldOut !== 1} pending={store.isPending(row.OptionID)} onToggle={() => void store.toggleAddOn(row)} />
})
