import { View, Text } from '@tarojs/components'
import './StateView.css'

/**
 * Loading, empty and failed states of a list, with an optional retry and an optional way on (a
 * page opened from an odd link, say for an order that is not there, offers Home: issue 27 item 12).
 */
export function StateView(props: { kind: 'loading' | 'empty' | 'failed'; text: string; retryLabel?: string; onRetry?(): void; wayOnLabel?: string; onWayOn?(): void }) {
  return (
    <View className={`so-state so-state--${props.kind}`} role={props.kind === 'failed' ? 'alert' : undefined} aria-busy={props.kind === 'loading'}>
      {props.kind === 'loading' ? <View className='so-state__spinner' /> : <View className='so-state__icon' />}
      <Text className='so-state__text'>{props.text}</Text>
      {props.onRetry && props.retryLabel && (
        <View className='so-state__retry' role='button' tabIndex={0} onClick={props.onRetry}>
          {props.retryLabel}
        </View>
      )}
      {props.onWayOn && props.wayOnLabel && (
        <View className={`so-state__retry${props.onRetry && props.retryLabel ? ' so-state__retry--plain' : ''}`} role='button' tabIndex={0} data-testid='state-way-on' onClick={props.onWayOn}>
          {props.wayOnLabel}
        </View>
      )}
    </View>
  )
}
