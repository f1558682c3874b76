/**
 * Kept answers: the whole encoded reply to a request the gateway answered before, sent again
 * while a cheap check says the operation would answer the same.
 *
 * Diners send the same few requests over and over (the classes of a shop, the goods of a class,
 * a goods' details), byte for byte. The full way through the gateway parses the form and the
 * JSON, checks the AuthCode, validates the records, looks the enterprise up, reads the menu head
 * and finds the answer in the menu cache; a kept answer needs one map lookup and the operation's
 * check, so the per-request validation against the stored menu version stays (for menu reads:
 * SQLite's change stamp, and when anything was committed since, the one menu-head statement,
 * which also finds the enterprise; on PostgreSQL that statement every time).
 *
 * An operation opts in by returning an answer marked with keepAnswer(answer, check): the answer
 * must depend on nothing but the request (operation, records, envelope EntID, language, origin)
 * and what `check` verifies. Kept answers are keyed by the raw body text, the answer's language
 * and the origin the caller reached us on; the key holds every envelope field, so an identical
 * body passes the same envelope, AuthCode and record checks the first one passed (the AuthCode
 * expected is the app's own, fixed for the life of the route). Bodies longer than
 * MAX_KEPT_BODY are never kept, and the whole store is bounded by bytes (KEPT_ANSWERS_MB; 0 turns
 * it off): distinct bodies are cheap to make (a UserID each), so a count bound alone let a storm
 * of menu reads hold hundreds of megabytes. Entries unused for CACHE_IDLE_SECONDS are dropped. A failed check, or an answer that cannot be kept, drops the entry
 * and the request goes the full way, so every error comes from there.
 */
import { LRUCache } from 'lru-cache'
import { sweepIdle } from '../domain/idle-sweep'
import type { GatewayReply } from './response'

/** Whether a kept answer is still the answer at `now`; may ask the database. */
export type AnswerCheck = (now: Date) => boolean | Promise<boolean>

const checks = new WeakMap<object, AnswerCheck>()

/** Marks an operation's answer as valid for as long as `check` says so; returns the answer. */
export function keepAnswer<T extends object>(answer: T, check: AnswerCheck | null): T {
  if (check) checks.set(answer, check)
  return answer
}

/** The check an answer was marked with, if any. */
export function answerCheckOf(answer: object): AnswerCheck | undefined {
  return checks.get(answer)
}

/** Longest body whose answer is kept (a menu read's body is a few hundred bytes). */
export const MAX_KEPT_BODY = 2048

export interface KeptAnswer {
  reply: GatewayReply
  check: AnswerCheck
}

/**
 * One route's kept answers, least recently used first out once they hold `maxBytes`
 * (KEPT_ANSWERS_MB). An entry counts its key and the reply as sent (and compressed); replies shared by several
 * keys (the same answer for many diners' UserIDs) count once per key, on the safe side.
 */
export class KeptAnswers {
  private readonly entries: LRUCache<string, KeptAnswer> | null

  constructor(maxBytes: number, idleMs: number = DEFAULT_IDLE_MS) {
    this.entries =
      maxBytes > 0
        ? new LRUCache<string, KeptAnswer>({
            maxSize: maxBytes,
            // The payload twice: compress.ts keeps its gzip and br forms with it (each smaller).
            sizeCalculation: (entry, key) => ENTRY_OVERHEAD + 2 * key.length + 2 * (entry.reply.payload?.length ?? 0),
            ttl: idleMs,
            updateAgeOnGet: true
          })
        : null
    if (this.entries) sweepIdle(this.entries, Math.ceil(idleMs / 3))
  }

  /** The key of a request, or null when its answer is never kept. */
  keyOf(body: string, locale: string, origin: string): string | null {
    return body.length > MAX_KEPT_BODY || !this.entries ? null : `${locale}\u0000${origin}\u0000${body}`
  }

  get(key: string): KeptAnswer | undefined {
    return this.entries?.get(key)
  }

  /**
   * Keeps a successful reply when its answer is marked; otherwise forgets the key when an entry
   * may be there (`known`: one was found for this request; any kept since keeps its own check).
   */
  remember(key: string, answer: object, reply: GatewayReply, known = true): void {
    const check = checks.get(answer)
    if (!check) {
      if (known) this.entries?.delete(key)
      return
    }
    // An entry larger than the whole bound is not kept (lru-cache refuses it).
    this.entries?.set(key, { reply, check })
  }

  forget(key: string): void {
    this.entries?.delete(key)
  }

  get size(): number {
    return this.entries?.size ?? 0
  }

  /** Bytes held, by the count above. */
  get bytes(): number {
    return this.entries?.calculatedSize ?? 0
  }
}

/** CACHE_IDLE_SECONDS' default. */
const DEFAULT_IDLE_MS = 30_000

/** The key, the entry and the map's node, about. */
const ENTRY_OVERHEAD = 200

// The kept answers of the app on a database handle, for the bounds tests and diagnostics.
const byDatabase = new WeakMap<object, KeptAnswers>()

export function registerKeptAnswers(db: object, kept: KeptAnswers): void {
  byDatabase.set(db, kept)
}

export function keptAnswersOf(db: object): KeptAnswers | undefined {
  return byDatabase.get(db)
}
