import { FIRST_ANSWERS_ID, FIRST_ANSWERS_MS, firstAnswerKey } from '../core/first-answers'
import type { HttpRequest, HttpResponse } from './host'

let first: { locale: string; answers: Record<string, unknown> } | null | undefined

/**
 * The answer the entry URL's HTML brought for this gateway call (src/core/first-answers.ts), once;
 * null for any other call, another server's, another language's, a signed-in member's (the
 * answers were made for a guest), or after the first minute.
 */
export function firstAnswer(req: HttpRequest): HttpResponse | null {
  try {
    if (first === undefined) first = JSON.parse(document.getElementById(FIRST_ANSWERS_ID)?.textContent || 'null')
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
