/**
 * The order placement thread (placement-thread.ts): its own connection to the SQLite file, its
 * own menu cache, and submitOrder, one placement after the other. One at a time, so that the live
 * bell's rings heard during a placement are that placement's, handed back with its answer once
 * its transaction has committed.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { ServerConfig } from '../../config'
import { openWakeup } from '../../live/wakeup'
import { createDatabase, type AppDatabase } from '../../storage/database'
import { forgetEnterprise } from '../../storage/repositories/enterprise.repository'
import { forgetPlaceNames } from '../../storage/repositories/order.repository'
import { WriteTurn } from '../../storage/write-turn'
import { configureMenuCache } from '../catalogue/menu-cache'
import { submitOrder } from './order.service'
import { threadError, type FromThread, type ToThread } from './placement-thread'

type Placement = Extract<ToThread, { id: number }>

const port = parentPort!
const { config, turn } = workerData as { config: ServerConfig; turn: SharedArrayBuffer }
const post = (message: FromThread): void => port.postMessage(message)

async function serve(): Promise<void> {
  let database: AppDatabase
  try {
    database = await createDatabase(config, { writeTurn: WriteTurn.join(turn) })
  } catch (error) {
    post({ failed: error instanceof Error ? error.message : String(error) })
    return
  }
  const db = database.db
  configureMenuCache(db, config.menuCacheBytes, config.cacheIdleMs)
  let rings: [string, number][] = []
  const bell = await openWakeup(db, { databaseUrl: null, onBell: (entId, id) => entId !== null && rings.push([entId, id]) })

  const queue: Placement[] = []
  let running: Promise<void> | null = null
  let closing = false

  const place = async ({ id, caller, input }: Placement): Promise<void> => {
    rings = []
    try {
      const answer = await submitOrder({ ...caller, db, providers: {}, config: { placesRatePerMinute: config.placesRatePerMinute } }, input)
      post({ id, answer, rings })
    } catch (error) {
      post({ id, error: threadError(error), rings })
    }
  }
  const drain = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) await place(next)
    running = null
    if (closing) await stop()
  }
  const stop = async (): Promise<void> => {
    await bell.close()
    await database.destroy()
    port.close()
  }

  port.on('message', (message: ToThread) => {
    if ('forget' in message) {
      if (message.forget === 'enterprise') forgetEnterprise()
      else forgetPlaceNames()
      return
    }
    if ('close' in message) {
      closing = true
      if (!running) void stop()
      return
    }
    queue.push(message)
    running ??= drain()
  })
  post({ ready: true })
}

void serve()
