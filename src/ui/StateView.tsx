import { View, Text } from '@tarojs/components'
import './StateView.css'

/** Loading, empty and failed states of a list, with an optional retry. */
export function StateView(props: { kind: 'loading' | 'empty' | 'failed'; text: string; retryLabel?: string; onRetry?(): void }) {
  return (
    <View className={`so-state so-state--${props.kind}`} role={props.kind === 'failed' ? 'alert' : undefined} aria-busy={props.kind === 'loading'}>
      {props.kind === 'loading' ? <View className='so-state__spinner' /> : <View className='so-state__icon' />}
      <Text className='so-state__text'>{props.text}</Text>
      {props.onRetry && props.retryLabel && (
        <View className='so-state__retry' role='button' tabIndex={0} onClick={props.onRetry}>
          {props.retryLabel}
        </View>
      )}
    </View>
  )
}
