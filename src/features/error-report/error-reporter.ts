/**
 * Reports client errors through the help-feedback call (spec §8: FbType 0). It must never
 * make things worse: it never throws, never reports its own failures (no loops), drops
 * repeats of the same message, and sends at most a few reports a minute.
 */
import type { Gateway } from '../../gateway/gateway-client'

export interface ErrorReporterOptions {
  maxPerMinute?: number
  maxPerSession?: number
  maxLength?: number
  now?: () => number
  /** Where the report was raised: appended so the shop can find it. */
  context?: () => string
}

export class ErrorReporter {
  private sentAt: number[] = []
  private sentTotal = 0
  private readonly seen = new Set<string>()
  private sending = false

  constructor(
    private readonly gateway: Pick<Gateway, 'request'>,
    private readonly options: ErrorReporterOptions = {}
  ) {}

  /** Returns whether a report was sent; swallows every failure. */
  async report(message: string): Promise<boolean> {
    try {
      const { maxPerMinute = 5, maxPerSession = 50, maxLength = 4000, now = Date.now, context } = this.options
      const text = String(message ?? '').trim()
      if (!text || this.sending) return false
      const key = text.slice(0, 300)
      if (this.seen.has(key)) return false
      const t = now()
      this.sentAt = this.sentAt.filter((at) => t - at < 60000)
      if (this.sentAt.length >= maxPerMinute || this.sentTotal >= maxPerSession) return false
      this.seen.add(key)
      this.sentAt.push(t)
      this.sentTotal++
      this.sending = true
      const where = context ? safe(context) : ''
      const content = (where ? `${text}\n@ ${where}` : text).slice(0, maxLength)
      // silent: a failed report shows no toast and runs no handler.
      await this.gateway.request('HelpFeedbackAdd', [{ FbContent: content, FbType: 0 }], { silent: true })
      return true
    } catch {
      return false
    } finally {
      this.sending = false
    }
  }
}

function safe(fn: () => string): string {
  try {
    return fn()
  } catch {
    return ''
  }
}
