import { View } from '@tarojs/components'
import { useEffect, useRef } from 'react'
import './StayingAlert.css'

type Focusable = { focus?(): void; isConnected?: boolean; scrollIntoView?(options: { block: 'center' }): void }

/**
 * What the diner must act on (a refused submit, bill or quantity change): read out at once as an
 * alert and kept on screen until OK, not a toast that leaves after 2 s. OK hands the focus back to
 * where it was when the alert came (the button that was pressed), since OK itself goes away; or,
 * with `okTakesTo`, to what the alert asks the diner to do (the policy box to tick), brought on
 * screen. Render it only while there is something to say.
 */
export function StayingAlert(props: { text: string; okLabel: string; onDismiss(): void; testId?: string; okTakesTo?: () => unknown }) {
  const from = useRef<Focusable | null>(null)
  useEffect(() => {
    from.current = ((globalThis as { document?: { activeElement?: unknown } }).document?.activeElement ?? null) as Focusable | null
  }, [])
  return (
    <View className='so-staying-alert' data-testid={props.testId}>
      <View className='so-staying-alert__text' role='alert'>
        {props.text}
      </View>
      <View
        className='so-staying-alert__ok'
        role='button'
        tabIndex={0}
        data-testid={props.testId ? `${props.testId}-ok` : undefined}
        onClick={() => {
          const to = (props.okTakesTo?.() ?? null) as Focusable | null
          const back = to && to.isConnected !== false && typeof to.focus === 'function' ? to : from.current
          props.onDismiss()
          if (back && back.isConnected !== false && typeof back.focus === 'function') {
            back.focus()
            if (back === to && typeof to.scrollIntoView === 'function') to.scrollIntoView({ block: 'center' })
          }
        }}
      >
        {props.okLabel}
      </View>
    </View>
  )
}
