/**
 * Small parts the coupon, review, after-sale, order and member pages share: a labelled text area
 * with a character count, the pager of a list, a state written as a word (never a colour alone) and
 * the branch choices of the person's scope.
 */
import { useId } from 'react'
import type { Locale } from '../../gateway/contract'
import type { StaffScopeRow } from '../../gateway/staff-contract'
import { placeName } from './format'
import './service-pages.css'

interface TextAreaProps {
  label: string
  value: string
  onValue: (value: string) => void
  hint?: string
  error?: string
  /** Shown as "12 / 500" under the box. */
  count?: { used: number; max: number; text: string }
  required?: boolean
  rows?: number
}

export function TextArea({ label, value, onValue, hint, error, count, required, rows = 4 }: TextAreaProps) {
  const auto = useId()
  const id = `t${auto}`
  const describedBy = [hint ? `${id}-hint` : '', count ? `${id}-count` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className='hint'>
          {hint}
        </p>
      ) : null}
      <textarea id={id} className='textarea' rows={rows} value={value} onChange={(e) => onValue(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} required={required} />
      {count ? (
        <p id={`${id}-count`} className={count.used > count.max ? 'count count-over' : 'count'}>
          {count.text}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className='field-error'>
          {error}
        </p>
      ) : null}
    </div>
  )
}

interface PagerProps {
  page: number
  pages: number
  loading: boolean
  label: string
  previous: string
  next: string
  pageText: string
  onPrevious: () => void
  onNext: () => void
}

export function Pager({ page, pages, loading, label, previous, next, pageText, onPrevious, onNext }: PagerProps) {
  if (pages <= 1) return null
  return (
    <nav className='pager' aria-label={label}>
      <button type='button' className='button' onClick={onPrevious} disabled={page <= 1 || loading}>
        {previous}
      </button>
      <span>{pageText}</span>
      <button type='button' className='button' onClick={onNext} disabled={page >= pages || loading}>
        {next}
      </button>
    </nav>
  )
}

/** A state as a word in a bordered tag; `tone` only adds a colour to what the word already says. */
export function Badge({ text, tone = 'plain' }: { text: string; tone?: 'plain' | 'good' | 'warn' | 'bad' }) {
  return <span className={`badge badge-${tone}`}>{text}</span>
}

/** The branches of the person's scope as choices ('Tea House: Dine-in'). */
export function branchChoices(scope: readonly StaffScopeRow[], locale: Locale): { value: string; label: string }[] {
  return scope
    .filter((r) => r.BaseID)
    .map((r) => ({ value: r.BaseID, label: `${placeName(scope, r.ShopID, '', locale)}: ${placeName(scope, r.ShopID, r.BaseID, locale)}` }))
}

/** The shops of the person's scope as choices. */
export function shopChoices(scope: readonly StaffScopeRow[], locale: Locale): { value: string; label: string }[] {
  return scope.filter((r) => !r.BaseID).map((r) => ({ value: r.ShopID, label: placeName(scope, r.ShopID, '', locale) }))
}
