import { View } from '@tarojs/components'
import './Stars.css'

/** 1–5 stars, drawn with text glyphs (no icon font to download). */
export function Stars({ value, label }: { value: number; label: string }) {
  const full = Math.max(0, Math.min(5, Math.round(value)))
  return (
    <View className='so-stars' role='img' aria-label={label}>
      <View className='so-stars__on'>{'★'.repeat(full)}</View>
      <View className='so-stars__off'>{'★'.repeat(5 - full)}</View>
    </View>
  )
}
