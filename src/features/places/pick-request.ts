/**
 * The H5 hand-back between a caller that asks for a place (compose/location-pick) and the map page
 * (pages/location) in the same single-page app: one pending request at a time, held in this module.
 *
 * - The map page settles it with the confirmed pin, or with null when it is left without confirming
 *   (back button, another page replacing it).
 * - A reload of the map page starts a fresh app: the caller that asked is gone with the old one, and
 *   this module holds no request, so the page knows it has nobody to hand a pin to (hasPickRequest)
 *   and nothing is left hanging.
 * - A second request while one is pending settles the first with null.
 */
import type { HostPlace } from '../../hosts/host'

let pending: ((place: HostPlace | null) => void) | null = null

/** Opens a request; the promise resolves when the map page settles it. */
export function openPickRequest(): Promise<HostPlace | null> {
  settlePickRequest(null)
  return new Promise<HostPlace | null>((resolve) => {
    pending = resolve
  })
}

/** Whether a caller is waiting for a pin (false after a reload of the map page). */
export function hasPickRequest(): boolean {
  return pending !== null
}

/** Hands the pin (or null: left without confirming) to the waiting caller, once; no-op when none waits. */
export function settlePickRequest(place: HostPlace | null): void {
  const resolve = pending
  pending = null
  if (resolve) resolve(place)
}
