/**
 * The console's form controls: every input has a visible label; a hint and an error are tied to it
 * with aria-describedby, an error also marks it aria-invalid. Errors of a whole form, and failures
 * the server reports, are announced with role=alert (Alert).
 */
import { useEffect, useId, useRef, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react'

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string
  value: string
  onValue: (value: string) => void
  hint?: string
  error?: string
}

export function Field({ label, value, onValue, hint, error, id, ...rest }: FieldProps) {
  const auto = useId()
  const inputId = id ?? `f${auto}`
  const hintId = hint ? `${inputId}-hint` : undefined
  const errorId = error ? `${inputId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={inputId}>{label}</label>
      {hint ? (
        <p id={hintId} className='hint'>
          {hint}
        </p>
      ) : null}
      <input id={inputId} value={value} onChange={(e) => onValue(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {error ? (
        <p id={errorId} className='field-error'>
          {error}
        </p>
      ) : null}
    </div>
  )
}

interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string
  value: string
  onValue: (value: string) => void
  options: readonly { value: string; label: string; lang?: string }[]
  hint?: string
  error?: string
}

export function SelectField({ label, value, onValue, options, hint, error, id, ...rest }: SelectProps) {
  const auto = useId()
  const selectId = id ?? `s${auto}`
  const hintId = hint ? `${selectId}-hint` : undefined
  const errorId = error ? `${selectId}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={selectId}>{label}</label>
      {hint ? (
        <p id={hintId} className='hint'>
          {hint}
        </p>
      ) : null}
      <select id={selectId} value={value} onChange={(e) => onValue(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className='field-error'>
          {error}
        </p>
      ) : null}
    </div>
  )
}

interface CheckProps {
  label: string
  checked: boolean
  onChecked: (checked: boolean) => void
  type?: 'checkbox' | 'radio'
  name?: string
  lang?: string
  disabled?: boolean
}

export function Check({ label, checked, onChecked, type = 'checkbox', name, lang, disabled }: CheckProps) {
  return (
    <label className='check' lang={lang}>
      <input type={type} name={name} checked={checked} disabled={disabled} onChange={(e) => onChecked(e.target.checked)} />
      <span>{label}</span>
    </label>
  )
}

/** A failure or a form's errors, announced at once. Nothing is rendered without a message. */
export function Alert({ message, list }: { message?: string; list?: readonly string[] }) {
  if (!message && !list?.length) return null
  return (
    <div role='alert' className='alert'>
      {message ? <p>{message}</p> : null}
      {list?.length ? (
        <ul>
          {list.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

/** A confirmation, announced politely. The region stays in the page so its changes are heard. */
export function Status({ message }: { message: string }) {
  return (
    <div role='status' className={message ? 'status status-on' : 'status'}>
      {message}
    </div>
  )
}

/** The page's heading, focused when the page opens (a screen reader starts reading there). */
export function PageHeading({ children, focusKey }: { children: ReactNode; focusKey?: string }) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    ref.current?.focus({ preventScroll: false })
  }, [focusKey])
  return (
    <h1 ref={ref} tabIndex={-1} className='page-title'>
      {children}
    </h1>
  )
}

/** A wide table on a narrow screen scrolls sideways inside a focusable, named region. */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className='table-wrap' role='region' aria-label={label} tabIndex={0}>
      {children}
    </div>
  )
}
