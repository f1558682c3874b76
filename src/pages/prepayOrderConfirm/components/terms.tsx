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
        <Text className='so-terms__h2'>{s.title}</Text>
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
    <View className='so-terms' data-testid='terms'>
      <Text className='so-terms__p so-terms__intro'>{text.intro}</Text>
      <Text className='so-terms__h1'>{text.privacyTitle}</Text>
      <Sections sections={text.privacy} />
      <Text className='so-terms__h1'>{text.termsTitle}</Text>
      <Sections sections={text.terms} />
      <Text className='so-terms__updated'>{text.updated}</Text>
    </View>
  )
}

export default observer(Terms)
