import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import './LanguageSwitch.css'

/** Switches among simplified Chinese, traditional Chinese and English (spec §4); remembered. */
export const LanguageSwitch = observer(function LanguageSwitch() {
  const { i18n } = useStores()
  return (
    <View className='so-lang'>
      <Text className='so-lang__title'>{i18n.t('home.language')}</Text>
      <View className='so-lang__options' role='radiogroup'>
        {i18n.locales.map((locale) => {
          const selected = locale === i18n.locale
          return (
            <View
              key={locale}
              role='radio'
              aria-checked={selected}
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
