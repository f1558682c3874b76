import { View, Text, Input } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useStores } from '../../../stores/context'
import { StateView } from '../../../ui/StateView'
import { radioKeys, radioStops } from '../../../ui/radio-group'
import { ADDRESS_LIMITS, ADDRESS_TAGS, MAX_ADDRESSES, type VipAddressRow } from '../../../gateway/address-rows'
import type { MessageKey } from '../../../i18n/catalogues'
import { addressLine, type AddressField } from '../address.store'
import { RegionPicker } from './RegionPicker'
import './AddressViews.css'

type T = (key: MessageKey, params?: Record<string, string | number>) => string

/** A tag as shown: the app's own in the diner's language, the member's own as typed. */
export function tagText(t: T, tag: string): string {
  return (ADDRESS_TAGS as readonly string[]).includes(tag) ? t(`address.tag.${tag}` as MessageKey) : tag
}

/** The phone as the member typed it, with its area: it is theirs, so it is shown whole. */
export const phoneText = (a: Pick<VipAddressRow, 'AreaNo' | 'Phone'>): string => (a.Phone ? `+${a.AreaNo} ${a.Phone}` : '')

const focusNode = (node: unknown) => (node as { focus?: () => void } | null)?.focus?.()

/** One address as text: tag and default badge, contact and phone, region, street, building, floor. */
export function AddressSummary(props: { address: VipAddressRow; t: T }) {
  const a = props.address
  return (
    <View className='so-addr__summary'>
      <View className='so-addr__who'>
        {a.IsDefault === 1 && (
          <Text className='so-addr__badge so-addr__badge--default' data-testid='address-default'>
            {props.t('address.default')}
          </Text>
        )}
        {a.Tag && <Text className='so-addr__badge'>{tagText(props.t, a.Tag)}</Text>}
        <Text className='so-addr__contact' data-testid='address-contact'>
          {a.Contact}
        </Text>
        <Text className='so-addr__phone' data-testid='address-phone'>
          {phoneText(a)}
        </Text>
      </View>
      <Text className='so-addr__line' data-testid='address-line'>
        {addressLine(a)}
      </Text>
    </View>
  )
}

/**
 * addressList: the member's addresses, the default first, each with edit, delete and 'make
 * default'; in choose mode (from the confirm page) tapping one takes it for the order.
 */
export const AddressList = observer(function AddressList(props: { choose: boolean; chosenId: string; onChoose(a: VipAddressRow): void; onEdit(a: VipAddressRow): void; onAdd(): void }) {
  const { addresses: s, i18n, host } = useStores()
  const t = i18n.t
  if (s.listState === 'failed')
    return <StateView kind='failed' text={s.listProblem?.message || t('address.loadFailed')} retryLabel={t('common.retry')} onRetry={() => void s.loadList()} />
  if (s.listState !== 'ready') return <StateView kind='loading' text={t('shell.loading')} />
  const full = s.rows.length >= MAX_ADDRESSES
  return (
    <View className='so-addr-list' data-testid='address-list'>
      {props.choose && s.rows.length > 0 && <Text className='so-addr-list__hint'>{t('address.chooseHint')}</Text>}
      {s.rows.length === 0 && <StateView kind='empty' text={t('address.empty')} />}
      <View role='list'>
        {s.rows.map((a) => {
          const line = `${a.Contact} ${addressLine(a)}`
          const busy = s.busyId === a.AddressID
          const problem = s.rowProblem[a.AddressID]
          const chosen = props.choose && a.AddressID === props.chosenId
          return (
            <View key={a.AddressID} className={`so-addr${chosen ? ' so-addr--chosen' : ''}`} role='listitem' data-testid='address-row' data-address={a.AddressID}>
              {props.choose ? (
                <View className='so-addr__pick' role='button' tabIndex={0} aria-pressed={chosen} data-testid='address-choose' onClick={() => props.onChoose(a)}>
                  <AddressSummary address={a} t={t} />
                  {chosen && <Text className='so-addr__chosen'>{t('address.chosen')}</Text>}
                </View>
              ) : (
                <AddressSummary address={a} t={t} />
              )}
              {problem && (
                <Text className='so-addr__problem' role='alert'>
                  {problem.message || t('network.error')}
                </Text>
              )}
              <View className='so-addr__actions'>
                {a.IsDefault !== 1 && (
                  <View
                    className={`so-addr__action${busy ? ' so-addr__action--off' : ''}`}
                    role='button'
                    tabIndex={0}
                    aria-disabled={busy}
                    aria-label={t('address.makeDefaultOf', { address: line })}
                    data-testid='address-make-default'
                    onClick={() => void s.makeDefault(a.AddressID)}
                  >
                    {t('address.makeDefault')}
                  </View>
                )}
                <View className='so-addr__action' role='button' tabIndex={0} aria-label={t('address.editOf', { address: line })} data-testid='address-edit' onClick={() => props.onEdit(a)}>
                  {t('address.edit')}
                </View>
                <View
                  className={`so-addr__action so-addr__action--danger${busy ? ' so-addr__action--off' : ''}`}
                  role='button'
                  tabIndex={0}
                  aria-disabled={busy}
                  aria-label={t('address.deleteOf', { address: line })}
                  data-testid='address-delete'
                  onClick={() =>
                    void s.remove(a.AddressID).then((ok) => {
                      if (ok) host.toast(t('address.deleted'))
                    })
                  }
                >
                  {t('address.delete')}
                </View>
              </View>
            </View>
          )
        })}
      </View>
      <View className='so-addr-list__room' />
      <View className='so-addr-bar'>
        {full && <Text className='so-addr-bar__note'>{t('address.limit')}</Text>}
        <View
          className={`so-addr-btn so-addr-btn--primary${full ? ' so-addr-btn--off' : ''}`}
          role='button'
          tabIndex={0}
          aria-disabled={full}
          data-testid='address-add'
          onClick={() => !full && props.onAdd()}
        >
          {t('address.add')}
        </View>
      </View>
    </View>
  )
})

/** A labelled field of the form with its finding under it. */
function Field(props: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <View className={`so-addr-field${props.error ? ' so-addr-field--bad' : ''}`}>
      <Text className='so-addr-field__label' id={`${props.id}-label`}>
        {props.label}
      </Text>
      {props.children}
      {props.error && (
        <Text className='so-addr-field__error' id={`${props.id}-error`} data-testid={`${props.id}-error`}>
          {props.error}
        </Text>
      )}
    </View>
  )
}

/**
 * addressEdit: contact, area code and phone, the region (the picker), street, building, floor and
 * flat, a tag, a pin on the map, the default switch; save and delete. The form's own checks run
 * first and focus the first field that needs the diner; the server's refusal shows above Save.
 */
export const AddressEditForm = observer(function AddressEditForm(props: { onChooseArea(): void; onPin(): void; onSaved(a: VipAddressRow): void; onDeleted(): void }) {
  const { addresses: s, i18n } = useStores()
  const t = i18n.t
  const f = s.form
  const regionButton = useRef<unknown>(null)
  const [focusOn, setFocusOn] = useState<AddressField | ''>('')
  const [ownTag, setOwnTag] = useState(f.ownTag)
  useEffect(() => setOwnTag(f.ownTag), [f.addressId])
  useLayoutEffect(() => {
    if (focusOn === 'region') focusNode(regionButton.current)
  }, [focusOn])

  if (s.formState === 'loading') return <StateView kind='loading' text={t('shell.loading')} />
  if (s.formState === 'failed') return <StateView kind='failed' text={s.saveProblem?.message || t('resultcode.20061')} />

  const err = (field: AddressField) => (s.errors[field] ? t(s.errors[field]!) : '')
  const described = (field: AddressField) => (s.errors[field] ? { 'aria-invalid': true, 'aria-describedby': `addr-${field}-error` } : {})
  const save = async () => {
    setFocusOn('')
    const saved = await s.save()
    if (saved) props.onSaved(saved)
    else if (s.firstError) setFocusOn(s.firstError)
  }
  const tags = [...ADDRESS_TAGS, 'own'] as const
  const tagOn = (tag: (typeof tags)[number]) => (tag === 'own' ? ownTag : !ownTag && f.tag === tag)
  const tagStops = radioStops(tags.map((tag) => ({ on: tagOn(tag) })))
  const hasErrors = Object.keys(s.errors).length > 0

  return (
    <View className='so-addr-form' data-testid='address-form'>
      <View className='so-addr-section'>
        <Field id='addr-contact' label={t('address.contact')} error={err('contact')}>
          <Input
            className='so-addr-input'
            value={f.contact}
            maxlength={ADDRESS_LIMITS.Contact}
            placeholder={t('address.contactHint')}
            focus={focusOn === 'contact'}
            nativeProps={{ 'aria-label': t('address.contact'), autoComplete: 'name', ...described('contact') }}
            data-testid='address-contact-input'
            onInput={(e) => {
              f.setContact(e.detail.value)
              s.clearError('contact')
            }}
          />
        </Field>
        <Field id='addr-phone' label={t('address.phone')} error={err('phone')}>
          <View className='so-addr-phone'>
            <View className='so-addr-area' role='button' tabIndex={0} aria-label={t('member.areaCodeChoose', { no: f.areaNo })} data-testid='address-area' onClick={props.onChooseArea}>
              <Text>+{f.areaNo}</Text>
            </View>
            <Input
              className='so-addr-input so-addr-input--phone'
              type='number'
              value={f.phone}
              placeholder={t('address.phoneHint')}
              focus={focusOn === 'phone'}
              // A phone number is no quantity: a tel field on H5.
              nativeProps={{ 'aria-label': t('address.phone'), autoComplete: 'tel-national', type: 'tel', inputMode: 'tel', ...described('phone') }}
              data-testid='address-phone-input'
              onInput={(e) => {
                f.setPhone(e.detail.value)
                s.clearError('phone')
              }}
            />
          </View>
        </Field>
      </View>

      <View className='so-addr-section'>
        <Field id='addr-region' label={t('address.region')} error={err('region')}>
          <View
            ref={regionButton as never}
            className={`so-addr-picker${f.regionCode ? '' : ' so-addr-picker--none'}`}
            role='button'
            tabIndex={0}
            aria-haspopup='dialog'
            aria-expanded={s.pickerOpen}
            aria-label={t('address.regionButton', { region: f.regionText || t('address.regionNone') })}
            {...described('region')}
            data-testid='address-region'
            onClick={() => s.openPicker()}
          >
            <Text>{f.regionText || t('address.regionNone')}</Text>
            <View className='so-addr-chev' aria-hidden />
          </View>
          {s.locating && <Text className='so-addr-field__note'>{t('address.locating')}</Text>}
        </Field>
        <Field id='addr-street' label={t('address.street')} error={err('street')}>
          <Input
            className='so-addr-input'
            value={f.street}
            maxlength={ADDRESS_LIMITS.Street}
            placeholder={t('address.streetHint')}
            focus={focusOn === 'street'}
            nativeProps={{ 'aria-label': t('address.street'), autoComplete: 'address-line1', ...described('street') }}
            data-testid='address-street-input'
            onInput={(e) => {
              f.setStreet(e.detail.value)
              s.clearError('street')
            }}
          />
        </Field>
        <Field id='addr-detail' label={t('address.detail')}>
          <Input
            className='so-addr-input'
            value={f.detail}
            maxlength={ADDRESS_LIMITS.Detail}
            placeholder={t('address.detailHint')}
            nativeProps={{ 'aria-label': t('address.detail'), autoComplete: 'address-line2' }}
            data-testid='address-detail-input'
            onInput={(e) => f.setDetail(e.detail.value)}
          />
        </Field>
        <Field id='addr-house' label={t('address.houseNo')}>
          <Input
            className='so-addr-input'
            value={f.houseNo}
            maxlength={ADDRESS_LIMITS.HouseNo}
            placeholder={t('address.houseNoHint')}
            nativeProps={{ 'aria-label': t('address.houseNo'), autoComplete: 'address-line3' }}
            data-testid='address-house-input'
            onInput={(e) => f.setHouseNo(e.detail.value)}
          />
        </Field>
        <View className='so-addr-pin'>
          <Text className='so-addr-pin__state' data-testid='address-located'>
            {f.located ? (f.placeText ? t('address.locatedAt', { place: f.placeText }) : t('address.located')) : t('address.notLocated')}
          </Text>
          <View className='so-addr-btn so-addr-btn--secondary so-addr-btn--small' role='button' tabIndex={0} data-testid='address-pin' onClick={props.onPin}>
            {f.located ? t('address.pinAgain') : t('address.pin')}
          </View>
        </View>
      </View>

      <View className='so-addr-section'>
        <Text className='so-addr-field__label' id='addr-tag-label'>
          {t('address.tag')}
        </Text>
        <View className='so-addr-tags' role='radiogroup' aria-labelledby='addr-tag-label' {...radioKeys}>
          {tags.map((tag, i) => (
            <View
              key={tag}
              className={`so-addr-chip${tagOn(tag) ? ' so-addr-chip--on' : ''}`}
              role='radio'
              tabIndex={tagStops(i)}
              aria-checked={tagOn(tag)}
              data-testid={`address-tag-${tag}`}
              onClick={() => {
                if (tag === 'own') {
                  setOwnTag(true)
                  if (!f.ownTag) f.setTag('')
                } else {
                  setOwnTag(false)
                  f.setTag(f.tag === tag ? '' : tag)
                }
              }}
            >
              {t(`address.tag.${tag}` as MessageKey)}
            </View>
          ))}
        </View>
        {ownTag && (
          <Input
            className='so-addr-input so-addr-input--boxed'
            value={f.ownTag ? f.tag : ''}
            maxlength={ADDRESS_LIMITS.Tag}
            placeholder={t('address.tagOwn')}
            nativeProps={{ 'aria-label': t('address.tagOwn') }}
            data-testid='address-tag-input'
            onInput={(e) => f.setTag(e.detail.value)}
          />
        )}
        <View
          className='so-addr-switch'
          role='switch'
          tabIndex={0}
          aria-checked={f.isDefault}
          data-testid='address-default-switch'
          onClick={() => f.setDefault(!f.isDefault)}
        >
          <Text className='so-addr-switch__label'>{t('address.isDefault')}</Text>
          <View className={`so-addr-switch__track${f.isDefault ? ' so-addr-switch__track--on' : ''}`} aria-hidden>
            <View className='so-addr-switch__knob' />
          </View>
        </View>
      </View>

      {f.addressId && (
        <View
          className='so-addr-delete'
          role='button'
          tabIndex={0}
          data-testid='address-delete-this'
          onClick={() =>
            void s.deleteEdited().then((ok) => {
              if (ok) props.onDeleted()
            })
          }
        >
          {t('address.deleteThis')}
        </View>
      )}

      <View className='so-addr-list__room' />
      <View className='so-addr-bar'>
        {(hasErrors || s.saveProblem) && (
          <Text className='so-addr-bar__problem' role='alert' data-testid='address-save-problem'>
            {s.saveProblem ? s.saveProblem.message || t('network.error') : t('address.incomplete')}
          </Text>
        )}
        <View
          className={`so-addr-btn so-addr-btn--primary${s.saving ? ' so-addr-btn--off' : ''}`}
          role='button'
          tabIndex={0}
          aria-disabled={s.saving}
          data-testid='address-save'
          onClick={() => void save()}
        >
          {s.saving ? t('address.saving') : t('address.save')}
        </View>
      </View>
      <RegionPicker store={s} opener={regionButton} />
    </View>
  )
})
