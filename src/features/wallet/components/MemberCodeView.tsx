import { View, Text, Image } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useStores } from '../../../stores/context'
import { qrImageUri } from '../qr-image'
import { maskPhone } from '../../../core/phone-mask'
import { memberNumberGroups } from '../../../core/member-number'
import './WalletViews.css'

// A file of its own, apart from ./WalletViews: the QR code maker is wanted by the member-code page
// only, and each mini-program subpackage that imports WalletViews carries a copy of what it imports (issue 28).

/** The member code drawn as a QR image, with its countdown; it refreshes itself (the store's watch). */
export const MemberCodeView = observer(function MemberCodeView() {
  const { wallet, i18n } = useStores()
  const code = wallet.code
  const vip = wallet.vip
  return (
    <View className='so-wallet-code' data-testid='member-code'>
      {vip && (
        <View className='so-wallet-code__who'>
          <Text className='so-wallet-code__name' data-testid='member-code-name'>
            {vip.VipName || i18n.t(vip.IsGuest === 1 ? 'member.guestName' : 'member.noName')}
          </Text>
          {vip.Phone && <Text className='so-wallet-code__phone'>{maskPhone(vip.Phone)}</Text>}
        </View>
      )}
      <View className={`so-wallet-code__frame${wallet.codeExpired ? ' so-wallet-code__frame--expired' : ''}`}>
        {code ? (
          // The picture is named by its wrapper (role img): Taro's H5 Image puts other props on a <div>, where
          // an aria-label is not allowed; the <img> inside is then part of the named picture.
          <View className='so-wallet-code__img' role='img' aria-label={i18n.t('wallet.codeAlt')} data-testid='member-code-img'>
            <Image className='so-wallet-code__qr' src={qrImageUri(code.Code)} mode='aspectFit' imgProps={{ alt: '' }} data-testid='member-code-qr' />
          </View>
        ) : wallet.codeState === 'failed' ? (
          <View className='so-wallet-code__failed' role='alert'>
            {i18n.t('wallet.codeFailed')}
          </View>
        ) : (
          <View className='so-wallet-code__spinner' role='status' aria-busy aria-label={i18n.t('shell.loading')} />
        )}
        {wallet.codeExpired && (
          <View className='so-wallet-code__cover' role='button' tabIndex={0} onClick={() => wallet.refreshCode()}>
            <Text>{i18n.t('wallet.codeExpired')}</Text>
          </View>
        )}
      </View>
      {code && !wallet.codeExpired && code.Number && (
        // The number staff type when they cannot scan, under its name. The groups are words of the
        // text (spaces between them), so it is read, and heard, group by group.
        <View className='so-wallet-code__number' data-testid='member-code-number'>
          <Text className='so-wallet-code__number-label'>{i18n.t('wallet.codeNumber')}</Text>
          <Text className='so-wallet-code__digits' data-testid='member-code-digits'>
            {memberNumberGroups(code.Number).join(' ')}
          </Text>
        </View>
      )}
      <Text className='so-wallet-code__note'>{i18n.t('wallet.codeNote')}</Text>
      {code && !wallet.codeExpired && (
        <Text className='so-wallet-code__countdown' data-testid='member-code-countdown'>
          {i18n.t('wallet.codeValid', { s: wallet.codeSecondsLeft })}
        </Text>
      )}
      <View className='so-btn so-btn--secondary so-btn--small so-wallet-code__refresh' role='button' tabIndex={0} data-testid='member-code-refresh' onClick={() => wallet.refreshCode()}>
        {i18n.t('wallet.codeRefresh')}
      </View>
    </View>
  )
})
