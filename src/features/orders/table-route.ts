/**
 * The table's page (orderEntry) with the table's code and sheet in its URL, so a reload, a shared
 * link or a second tab still knows the table (the stored entry is one per device, and a closed
 * sheet is no longer the table's open one).
 */
import { ROUTES } from '../shell/routes'

export function tableRoute(qrCode: string, sheetId: string): string {
  const query = [
    ['QRCode', qrCode],
    ['SheetID', sheetId]
  ]
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&')
  return query ? `${ROUTES.orderEntry}?${query}` : ROUTES.orderEntry
}
