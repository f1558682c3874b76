import Taro, { useRouter } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useStores } from '../../stores/context'
import { usePageTitle, useSessionPage } from '../../compose/page-hooks'
import { showLocation } from '../../compose/location-pick'
import { ROUTES } from '../../features/shell/routes'
import { BranchDetails } from '../../features/branch/components/BranchDetails'
import { dialable } from '../../features/branch/branch-texts'
import { StateView } from '../../ui/StateView'
import { servicesOffered } from '../../core/sheet-position'
import { DeliveryTerms } from '../../features/branch/components/DeliveryTerms'

/**
 * A branch's page (issue 16 item 5): name and shop, address with a map, opening hours, the phone
 * to call, services and delivery range (ShopBaseDetailGet). Opened from Home's branch rows and
 * from baseSelect; BaseID in the query, else the session's branch. Choosing a table by hand is
 * offered where the branch has tables and the diner is not at a table whose code they scanned.
 */
function BaseDetails() {
  const { session, branch, delivery, i18n, host } = useStores()
  const router = useRouter()
  const baseId = router.params.BaseID || session.params.BaseID
  useSessionPage()
  usePageTitle(i18n.t('page.baseDetails'))
  useEffect(() => {
    if (session.isReady && baseId) void branch.load(baseId)
  }, [session.isReady, baseId, i18n.locale, branch])
  // issue 27: the delivery fee tiers of a branch that delivers (FreightRuleGet).
  const delivers = Boolean(baseId && branch.of(baseId) && servicesOffered(branch.of(baseId)!.BusinessMode, branch.of(baseId)!.CYType).includes('delivery'))
  useEffect(() => {
    if (session.isReady && delivers) void delivery.load(baseId)
  }, [session.isReady, baseId, delivers, delivery])

  const detail = baseId ? branch.of(baseId) : null
  if (session.isReady && !baseId) return <StateView kind='empty' text={i18n.t('branch.notFound')} />
  if (branch.state === 'failed' && !detail)
    return <StateView kind='failed' text={i18n.t('branch.loadFailed')} retryLabel={i18n.t('common.retry')} onRetry={() => void branch.load(baseId)} />
  if (!detail) {
    if (branch.state === 'ready') return <StateView kind='empty' text={i18n.t('branch.notFound')} />
    return <StateView kind='loading' text={i18n.t('shell.loading')} />
  }
  // At a table whose code was scanned the diner stays there; anyone else may choose one.
  const atScannedTable = Boolean(session.params.TableID && session.params.QRCode)
  return (
    <BranchDetails
      detail={detail}
      onMap={() => showLocation(host, { Lat: detail.Lat, Lng: detail.Lng, Name: detail.BaseName, Address: detail.Address })}
      onCall={() => void Taro.makePhoneCall({ phoneNumber: dialable(detail.Phone) }).catch(() => undefined)}
      onChooseTable={atScannedTable ? undefined : () => host.navigateTo(ROUTES.tableSelect(detail.BaseID))}
      extra={delivers ? <DeliveryTerms store={delivery} /> : undefined}
    />
  )
}

export default observer(BaseDetails)
