/**
 * The kitchen's ready-time estimates on the stations panel (issue 26 item 3; docs/estimates.md):
 * default preparation time, orders per 15-minute pickup slot, and what the branch has learned.
 */
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useConsole } from './console-context'
import { Alert, Field, Status, TableRegion } from './controls'
import { KitchenEstimatesStore } from '../stores/kitchen-estimates-store'

export const KitchenEstimates = observer(function KitchenEstimates({ goodsName }: { goodsName: (goodsId: string) => string }) {
  const store = useConsole()
  const { t } = store
  const [estimates] = useState(() => new KitchenEstimatesStore(store, store.kitchen))
  useEffect(() => {
    void estimates.load()
  }, [estimates, store.kitchen.baseId])
  return (
    <section className='card kds-estimates' aria-labelledby='kds-estimates-title'>
      <h2 id='kds-estimates-title'>{t('estimates.title')}</h2>
      <p className='lead'>{t('estimates.intro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void estimates.save()
        }}
      >
        <Field label={t('estimates.defaultPrep')} value={estimates.defaultPrep} onValue={(v) => estimates.set('defaultPrep', v)} inputMode='numeric' hint={t('estimates.defaultPrepHint')} error={estimates.errors.defaultPrep} />
        <Field label={t('estimates.capacity')} value={estimates.capacity} onValue={(v) => estimates.set('capacity', v)} inputMode='numeric' hint={t('estimates.capacityHint')} error={estimates.errors.capacity} />
        <div className='actions'>
          <button type='submit' className='button button-primary' disabled={estimates.busy}>
            {t('estimates.save')}
          </button>
        </div>
      </form>
      <Status message={estimates.notice} />
      <Alert message={estimates.error} />
      <h3>{t('estimates.learned')}</h3>
      {estimates.learned.length === 0 ? (
        <p>{t('estimates.learnedNone')}</p>
      ) : (
        <TableRegion label={t('estimates.learned')}>
          <table>
            <thead>
              <tr>
                <th scope='col'>{t('estimates.goods')}</th>
                <th scope='col'>{t('estimates.minutes')}</th>
                <th scope='col'>{t('estimates.samples')}</th>
              </tr>
            </thead>
            <tbody>
              {estimates.learned.map((r) => (
                <tr key={r.GoodsID}>
                  <td>{goodsName(r.GoodsID)}</td>
                  <td>{r.PrepMinutes}</td>
                  <td>{r.Samples}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  )
})
