/**
 * Following orders' progress on their branch's public live stream (issue 24; docs/pickup-screen.md
 * "The diner's phone"): one subscription through the host seam (src/hosts/live*.ts: H5 EventSource,
 * the chat-app's socket, the poll), to the `order.progress` events of one branch. The stores that
 * show orders use it: the order page (OrdersStore.watchDetail) for one order, the table's bill
 * (TableSheetStore) for its rounds. They say which refs are theirs and what to do; this says when:
 *
 * - an `order.progress` (or a bill's `sheet.balance`) whose `ref` is one of theirs → refresh (read again at once);
 * - `ready` (connected, and after every reconnect) and `reset` → connected, refresh once (whatever
 *   happened while it was not connected);
 * - connected or not → `connection` (an order page polls only while not connected).
 *
 * Following the same branch again keeps the subscription (and takes the newest listener); another
 * branch, or none, closes it first. Built with the stores of the pages past Home.
 */
import { makeAutoObservable } from 'mobx'
import type { LiveMessage, LiveSubscribe, LiveSubscription } from '../hosts/host'

/** The live stream orders' progress comes by. */
export interface OrderProgressLive {
  subscribe: LiveSubscribe
  /** The server's base URL (no trailing '/'). */
  base: () => string
  /** The diner's enterprise ('' none yet: nothing is followed). */
  entId: () => string
  /** Felt or heard when the watched order becomes ready for pickup (the host's vibration or sound). */
  alert?: () => void
}

/** The live events an order page listens for; a table bill's balance (issue 26 item 2: split bills) too. */
export const ORDER_LIVE_KINDS = ['order.progress', 'sheet.balance'] as const

/** The branch a followed order belongs to. */
export interface ProgressPlace {
  ShopID: string
  BaseID: string
}

export interface ProgressListener {
  /** Whether an `order.progress` event's ref names one of the orders shown. */
  names(ref: string): boolean
  /** Read the orders again now. */
  refresh(): void
  /** The stream connected or dropped (not called when it is closed on purpose). */
  connection?(connected: boolean): void
}

export class OrderProgressFollower {
  /** Whether the stream is connected (then what it carries need not be polled for). */
  connected = false

  private subscription: LiveSubscription | null = null
  /** The stream's query the subscription follows ('' none). */
  private scope = ''
  private listener: ProgressListener | null = null

  constructor(private readonly live: OrderProgressLive | null) {
    makeAutoObservable<OrderProgressFollower, 'live' | 'subscription' | 'scope' | 'listener'>(this, {
      live: false,
      subscription: false,
      scope: false,
      listener: false
    })
  }

  /** Follows the stream of this branch (null: none); the same branch's subscription is kept. */
  follow(place: ProgressPlace | null, listener: ProgressListener): void {
    const live = this.live
    const entId = live?.entId() ?? ''
    const scope = live && place && entId ? `ent=${encodeURIComponent(entId)}&shop=${encodeURIComponent(place.ShopID)}&base=${encodeURIComponent(place.BaseID)}` : ''
    this.listener = listener
    if (scope === this.scope) return
    this.close()
    this.listener = listener
    if (!live || !scope) return
    this.scope = scope
    const subscription: LiveSubscription = live.subscribe(
      // From now on: what happened before is in what was just read (and 'ready' reads it again).
      { base: live.base(), scope, kinds: ORDER_LIVE_KINDS, afterId: null },
      {
        onMessage: (message) => {
          if (this.subscription === subscription) this.heard(message)
        },
        onStatus: (connected) => {
          if (this.subscription === subscription) this.setConnected(connected)
        }
      }
    )
    this.subscription = subscription
  }

  /** Leaves the stream (a page left, an order final). */
  close(): void {
    this.subscription?.close()
    this.subscription = null
    this.scope = ''
    this.listener = null
    this.connected = false
  }

  private heard(message: LiveMessage): void {
    const listener = this.listener
    if (!listener) return
    if (message.kind === 'ready' || message.kind === 'reset') {
      // (Re)connected: whatever happened while it was not is read now.
      this.setConnected(true)
      listener.refresh()
      return
    }
    const ref = message.data.ref
    if ((message.kind === 'order.progress' || message.kind === 'sheet.balance') && typeof ref === 'string' && ref !== '' && listener.names(ref)) listener.refresh()
  }

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return
    this.connected = connected
    this.listener?.connection?.(connected)
  }
}
