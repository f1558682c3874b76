import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import type { Locale } from '../../../gateway/contract'
import './LanguageSwitch.css'

const LANG_TAGS: Record<Locale, string> = { 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant', en: 'en' }

/**
 * Switches among simplified Chinese, traditional Chinese and English (spec §4); remembered.
 * A radio group named by its title; each language takes focus, Enter and Space choose it.
 */
export const LanguageSwitch = observer(function LanguageSwitch() {
  const { i18n } = useStores()
  return (
    <View className='so-lang'>
      <Text className='so-lang__title'>{i18n.t('home.language')}</Text>
      <View className='so-lang__options' role='radiogroup' aria-label={i18n.t('home.language')}>
        {i18n.locales.map((locale) => {
          const selected = locale === i18n.locale
          return (
            <View
              key={locale}
              role='radio'
              aria-checked={selected}
              tabIndex={0}
              // Each name is written in its own language, and says so (WCAG 3.1.2).
              {...{ lang: LANG_TAGS[locale] }}
              className={`so-lang__option${selected ? ' so-lang__option--selected' : ''}`}
              onClick={() => i18n.setLocale(locale)}
            >
              {i18n.t(`lang.${locale}`)}
            </View>
          )
        })}
      </View>
    </View>
  )
})
