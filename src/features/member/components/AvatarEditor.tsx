import { View, Text, Image } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import type { AvatarStore } from '../avatar.store'
import './AvatarEditor.css'

/** Views that act as controls take focus (Taro's View props do not list tabIndex; H5 passes it on). */
const focusable = { tabIndex: 0 } as Record<string, unknown>

/**
 * issue 17: after — the avatar on the profile page: the picture (with a text alternative) or the
 * initial, "Change photo" (where the host can pick photos) and "Remove" (when there is one).
 * Every control is a 44 px target with a name; what went wrong shows under it.
 */
export const AvatarEditor = observer(function AvatarEditor({ store }: { store: AvatarStore }) {
  const { member, i18n } = useStores()
  const vip = member.vip
  const name = vip?.VipName ?? ''
  const button = (key: 'change' | 'remove', label: string, onClick: () => void) => (
    <View
      className={`so-avatar-edit__btn${store.busy ? ' so-avatar-edit__btn--off' : ''}`}
      role='button'
      aria-disabled={store.busy ? 'true' : undefined}
      {...focusable}
      data-testid={`avatar-${key}`}
      onClick={() => !store.busy && onClick()}
    >
      {label}
    </View>
  )
  return (
    <View className='so-avatar-edit' role='group' aria-label={i18n.t('avatar.label')} data-testid='avatar-editor'>
      <View className='so-avatar-edit__pic'>
        {vip?.HeadImg ? (
          <Image className='so-avatar-edit__img' src={vip.HeadImg} mode='aspectFill' imgProps={{ alt: name ? i18n.t('avatar.alt', { name }) : i18n.t('avatar.label') }} data-testid='avatar-img' />
        ) : (
          <Text className='so-avatar-edit__initial' role='img' aria-label={i18n.t('avatar.none')}>
            {name ? Array.from(name)[0] : '☺'}
          </Text>
        )}
      </View>
      <View className='so-avatar-edit__actions'>
        {store.busy && (
          <Text className='so-avatar-edit__busy' role='status'>
            {i18n.t('avatar.uploading')}
          </Text>
        )}
        {!store.busy && store.available && button('change', i18n.t('avatar.change'), () => void store.change())}
        {!store.busy && vip?.HeadImg ? button('remove', i18n.t('avatar.remove'), () => void store.remove()) : null}
        {!store.available && !vip?.HeadImg && <Text className='so-avatar-edit__note'>{i18n.t('avatar.unavailable')}</Text>}
        {store.error && (
          <Text className='so-avatar-edit__error' role='alert' data-testid='avatar-error'>
            {store.error}
          </Text>
        )}
      </View>
    </View>
  )
})
