import { View, Text } from '@tarojs/components'
import { useLayoutEffect, useRef } from 'react'
import './Stepper.css'

export interface StepperProps {
  /** Shown between the buttons; hidden with the minus button when `collapsed`. */
  value: string
  onIncrease(): void
  onDecrease(): void
  canIncrease?: boolean
  canDecrease?: boolean
  /** Only the plus button (nothing in the cart yet). */
  collapsed?: boolean
  increaseLabel: string
  decreaseLabel: string
  /** Said under the buttons, e.g. why + stopped ('At most 99 per order'); '' or absent: nothing. */
  hint?: string
  testId?: string
}

/**
 * A quantity stepper: − value +. Our own (a few lines, no library CSS on the goods list's
 * first paint). Each button is a 44 × 44 px target (a 30 px circle drawn inside it, negative
 * margins keep the rows as compact as before), focusable, pressed with Enter or Space.
 */
export function Stepper(props: StepperProps) {
  const { value, collapsed, canIncrease = true, canDecrease = true, hint } = props
  // − taking the last one away hides itself: the focus goes on to + rather than to the page's top.
  const plus = useRef<{ focus?(): void } | null>(null)
  const fromMinus = useRef(false)
  useLayoutEffect(() => {
    if (collapsed && fromMinus.current && typeof plus.current?.focus === 'function') plus.current.focus()
    fromMinus.current = false
  }, [collapsed, value])
  return (
    <View className={`so-stepper${hint ? ' so-stepper--hinted' : ''}`} data-testid={props.testId}>
      {!collapsed && (
        <>
          <View
            className={`so-stepper__btn so-stepper__btn--minus${canDecrease ? '' : ' so-stepper__btn--off'}`}
            role='button'
            tabIndex={0}
            aria-label={props.decreaseLabel}
            aria-disabled={!canDecrease}
            onClick={(e) => {
              e.stopPropagation()
              fromMinus.current = true
              if (canDecrease) props.onDecrease()
            }}
          >
            <Text className='so-stepper__sign'>−</Text>
          </View>
          <Text className='so-stepper__value' data-testid={props.testId ? `${props.testId}-value` : undefined}>
            {value}
          </Text>
        </>
      )}
      <View
        ref={plus as never}
        className={`so-stepper__btn so-stepper__btn--plus${canIncrease ? '' : ' so-stepper__btn--off'}`}
        role='button'
        tabIndex={0}
        aria-label={props.increaseLabel}
        aria-disabled={!canIncrease}
        onClick={(e) => {
          e.stopPropagation()
          if (canIncrease) props.onIncrease()
        }}
      >
        <Text className='so-stepper__sign'>+</Text>
      </View>
      {hint && (
        <View className='so-stepper__hint' role='status' data-testid={props.testId ? `${props.testId}-hint` : undefined}>
          {hint}
        </View>
      )}
    </View>
  )
}
