/**
 * Kitchen printing (issue 24 item 5; docs/printing.md): a station's ticket on the station's
 * network printer (ESC/POS over TCP, port 9100).
 *
 * Printers are contacted only at the host and port a manager saved on a station, and the station
 * save refuses anything but a bare host name or IP address and a port (validPrinterAddress).
 * Call printKitchenTicket after the change that made the ticket has committed: it resolves with a
 * result, never throws, and a printer that is off costs the caller at most the bounded tries.
 */
import net from 'node:net'
import type { Kysely } from 'kysely'
import type { Locale } from '../../../src/gateway/contract'
import type { KitchenTicketRow } from '../../../src/gateway/kitchen-contract'
import { kitchenLocaleOf, loadTicketRows } from '../domain/kitchen/kitchen-view'
import { enterpriseTimeZone } from '../domain/enterprise/enterprise.service'
import type { Database } from '../storage/schema'
import { encodeKitchenTicket } from './kitchen-ticket.escpos'
import { NetworkPrinterQueue } from './network-printer'

export interface StationPrinter {
  printerHost: string
  printerPort: number
}

export interface KitchenPrintOptions {
  reprint?: boolean
  changed?: boolean
  /** The enterprise's time zone (IANA); times print in UTC, marked so, without it. */
  timeZone?: string
}

export type KitchenPrintOutcome = { printed: boolean; error: string }

const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/
/** Addresses that name no printer: "any", broadcast. */
const NOT_A_PRINTER = new Set(['0.0.0.0', '255.255.255.255', '::', '0:0:0:0:0:0:0:0'])

/**
 * What is wrong with a printer address: '' nothing, 'host' not a bare host name or IP address
 * (a URL, a scheme, a path, a port inside the host, spaces …), 'port' not a whole number 1–65535.
 */
export function printerAddressProblem(host: unknown, port: unknown): '' | 'host' | 'port' {
  if (typeof host !== 'string' || host === '' || host.length > 253 || host !== host.trim()) return 'host'
  const ip = net.isIP(host)
  if (ip !== 0) {
    if (NOT_A_PRINTER.has(host) || host.includes('%')) return 'host'
  } else {
    const labels = host.split('.')
    if (!labels.every((label) => LABEL.test(label))) return 'host'
    // An all-number last label is an IP address written wrong ('192.168.1', '300.1.1.1'), not a name.
    if (/^\d+$/.test(labels[labels.length - 1])) return 'host'
  }
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) return 'port'
  return ''
}

/** True when host is a bare host name or IP address and port 1–65535: the station save's check. */
export function validPrinterAddress(host: unknown, port: unknown): boolean {
  return printerAddressProblem(host, port) === ''
}

/** The process's printer queues: one per printer, tickets in order. The server closes it on shutdown. */
export const kitchenPrinterQueue = new NetworkPrinterQueue()

/** Stops printing for this process (server shutdown): waits for the ticket on the wire, drops the rest. */
export function closeKitchenPrinting(): Promise<void> {
  return kitchenPrinterQueue.close()
}

/**
 * Prints a ticket on a station's printer, in the kitchen's language. Never throws: a station
 * without a printer, a bad address, an encoding problem or a printer that is down come back as
 * { printed: false, error }.
 */
export async function printKitchenTicket(
  station: StationPrinter,
  ticket: KitchenTicketRow,
  locale: string,
  opts: KitchenPrintOptions = {},
  queue: NetworkPrinterQueue = kitchenPrinterQueue
): Promise<KitchenPrintOutcome> {
  if (!station.printerHost) return { printed: false, error: 'this station has no printer' }
  const problem = printerAddressProblem(station.printerHost, station.printerPort)
  if (problem) return { printed: false, error: problem === 'host' ? 'the station’s printer host is not a host name or IP address' : 'the station’s printer port is not 1–65535' }
  let bytes: Uint8Array
  try {
    bytes = encodeKitchenTicket(ticket, locale, { reprint: opts.reprint, changed: opts.changed, timeZone: opts.timeZone })
  } catch (error) {
    return { printed: false, error: `the ticket could not be encoded: ${error instanceof Error ? error.message : String(error)}` }
  }
  const result = await queue.print({ host: station.printerHost, port: station.printerPort }, bytes)
  return { printed: result.printed, error: result.error }
}

/**
 * Prints a stored ticket on its station's printer, as the ticket stands now, in the kitchen's
 * language and the enterprise's time zone: for a reprint, or after the commit that sent or changed
 * it. The caller has checked the ticket is in scope. Never throws.
 */
export async function printStoredTicket(
  db: Kysely<Database>,
  ticketId: string,
  opts: { reprint?: boolean; changed?: boolean } = {},
  queue: NetworkPrinterQueue = kitchenPrinterQueue
): Promise<KitchenPrintOutcome> {
  let station: StationPrinter
  let ticket: KitchenTicketRow | undefined
  let locale: Locale
  let timeZone: string
  try {
    const place = await db.selectFrom('kitchen_tickets').select(['ent_id', 'station_id']).where('ticket_id', '=', ticketId).executeTakeFirst()
    if (!place) return { printed: false, error: 'no such ticket' }
    if (place.station_id === '') return { printed: false, error: 'this station has no printer' }
    const printer = await db.selectFrom('kitchen_stations').select(['printer_host', 'printer_port']).where('station_id', '=', place.station_id).executeTakeFirst()
    if (!printer) return { printed: false, error: 'this station has no printer' }
    station = { printerHost: printer.printer_host, printerPort: Number(printer.printer_port) }
    if (!station.printerHost) return { printed: false, error: 'this station has no printer' }
    ;[locale, timeZone] = await Promise.all([kitchenLocaleOf(db, place.ent_id), enterpriseTimeZone(db, place.ent_id)])
    ;[ticket] = await loadTicketRows(db, [ticketId], locale)
  } catch (error) {
    return { printed: false, error: `the ticket could not be read: ${error instanceof Error ? error.message : String(error)}` }
  }
  if (!ticket) return { printed: false, error: 'no such ticket' }
  return printKitchenTicket(station, ticket, locale, { ...opts, timeZone }, queue)
}
