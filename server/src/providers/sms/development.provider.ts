/**
 * DEVELOPMENT SMS PROVIDER — sends nothing. Every code goes to the server log, marked
 * "[DEVELOPMENT SMS]", and to an in-process outbox that tests (and the browser test) read with
 * lastCode(areaNo, phone). Replace it with a real provider (SmsProvider) before real diners log in;
 * see docs/members.md.
 */
import type { SmsMessage, SmsProvider } from './sms-provider'

/** Messages kept per phone (oldest dropped first), so a long-running dev server stays small. */
const KEPT_PER_PHONE = 5
const KEPT_PHONES = 1000

export class DevelopmentSmsProvider implements SmsProvider {
  readonly name = 'development'
  private readonly outbox = new Map<string, SmsMessage[]>()

  constructor(private readonly log: (line: string) => void = (line) => console.log(line)) {}

  async send(message: SmsMessage): Promise<void> {
    const key = outboxKey(message.areaNo, message.phone)
    const kept = this.outbox.get(key) ?? []
    kept.push(message)
    if (kept.length > KEPT_PER_PHONE) kept.shift()
    this.outbox.delete(key)
    this.outbox.set(key, kept)
    if (this.outbox.size > KEPT_PHONES) this.outbox.delete(this.outbox.keys().next().value as string)
    this.log(`[DEVELOPMENT SMS] +${message.areaNo} ${message.phone} code ${message.code} (${message.sourceType}, ${message.entId}) — not sent; configure a real SMS provider for production`)
  }

  /** TEST HOOK: the last code sent to this phone (any purpose); throws when none was sent. */
  lastCode(areaNo: string, phone: string): string {
    const message = this.lastMessage(areaNo, phone)
    if (!message) throw new Error(`[DEVELOPMENT SMS] no code was sent to +${areaNo} ${phone}`)
    return message.code
  }

  /** TEST HOOK: the last message sent to this phone, or null. */
  lastMessage(areaNo: string, phone: string): SmsMessage | null {
    const kept = this.outbox.get(outboxKey(areaNo, phone))
    return kept?.[kept.length - 1] ?? null
  }

  /** TEST HOOK: every message kept for this phone, oldest first. */
  messages(areaNo: string, phone: string): readonly SmsMessage[] {
    return [...(this.outbox.get(outboxKey(areaNo, phone)) ?? [])]
  }
}

const outboxKey = (areaNo: string, phone: string): string => `${areaNo.replace(/^\+/, '')}-${phone}`
