import { FIRST_ANSWERS_ID, FIRST_ANSWERS_MS, firstAnswerKey, type FirstScreen } from '../core/first-answers'
import type { HttpRequest, HttpResponse } from './host'

declare global {
  interface Window {
    /** A reload's first answers on their way (src/index.html's first script asked /first-answers). */
    __soFirst?: Promise<FirstScreen | null>
  }
}

let first: Pick<FirstScreen, 'locale' | 'answers'> | null | undefined
/** The early fetch being waited for, until it has come (or failed). */
let arriving: Promise<void> | null = null

/**
 * The answer the page brought for this gateway call (src/core/first-answers.ts), once: written into
 * an entry URL's HTML, or fetched by index.html's first script for a reload (then the call waits
 * for that fetch, which left before the app's script ran). null for any other call, another
 * server's, another language's, a signed-in member's (the answers were made for a guest), or after
 * the first minute.
 */
export function firstAnswer(req: HttpRequest): HttpResponse | null | Promise<HttpResponse | null> {
  const early = typeof window === 'undefined' ? undefined : window.__soFirst
  if (early) {
    window.__soFirst = undefined
    arriving = early.then(
      (fetched) => {
        if (first === undefined) readWritten()
        if (!first && fetched && typeof fetched.locale === 'string' && fetched.answers && typeof fetched.answers === 'object') first = fetched
        arriving = null
      },
      () => {
        arriving = null
      }
    )
  }
  return arriving ? arriving.then(() => answerFor(req)) : answerFor(req)
}

function readWritten(): void {
  try {
    first = JSON.parse(document.getElementById(FIRST_ANSWERS_ID)?.textContent || 'null')
  } catch {
    first = null
  }
}

function answerFor(req: HttpRequest): HttpResponse | null {
  try {
    if (first === undefined) readWritten()
    if (!first || req.headers.Authorization || req.headers['Accept-Language'] !== first.locale || performance.now() > FIRST_ANSWERS_MS) return null
    if (new URL(req.url, location.href).origin !== location.origin) return null
    const form = new URLSearchParams(req.body)
    const key = firstAnswerKey(form.get('KeyName') ?? '', JSON.parse(form.get('strJsonData') ?? '').tableData[0])
    const data = first.answers[key]
    if (data === undefined) return null
    delete first.answers[key]
    return { statusCode: 200, data }
  } catch {
    first = null
    return null
  }
}
