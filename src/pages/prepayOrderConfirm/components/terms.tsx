import { View, Text } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import { usePageTitle } from '../../../compose/page-hooks'
import { TERMS, type TermsSection } from '../../../features/checkout/terms-text'
import './terms.css'

const Sections = ({ sections }: { sections: TermsSection[] }) => (
  <>
    {sections.map((s) => (
      <View key={s.title} className='so-terms__section'>
        <View className='so-terms__h2' role='heading' aria-level={3}>
          {s.title}
        </View>
        {s.paragraphs.map((p, i) => (
          <Text key={i} className='so-terms__p'>
            {p}
          </Text>
        ))}
      </View>
    ))}
  </>
)

/** Privacy policy and terms of use (spec §2), in the diner's language. Needs no session. */
function Terms() {
  const { i18n } = useStores()
  usePageTitle(i18n.t('page.terms'))
  const text = TERMS[i18n.locale]
  return (
    // Focusable (tabIndex 0) so a keyboard can scroll the long text; named by the page's title.
    <View className='so-terms' data-testid='terms' role='region' aria-label={i18n.t('page.terms')} {...({ tabIndex: 0 } as Record<string, unknown>)}>
      <View className='so-terms__title' role='heading' aria-level={1}>
        {i18n.t('page.terms')}
      </View>
      <Text className='so-terms__p so-terms__intro'>{text.intro}</Text>
      <View className='so-terms__h1' role='heading' aria-level={2}>
        {text.privacyTitle}
      </View>
      <Sections sections={text.privacy} />
      <View className='so-terms__h1' role='heading' aria-level={2}>
        {text.termsTitle}
      </View>
      <Sections sections={text.terms} />
      <Text className='so-terms__updated'>{text.updated}</Text>
    </View>
  )
}

export default observer(Terms)
