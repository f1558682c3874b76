/** The address book's views as a member sees and hears them (jsdom over Taro's React components). */
import { act, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import type { AreaRow, VipAddressRow } from '../../src/gateway/address-rows'
import { AddressEditForm, AddressList } from '../../src/features/addresses/components/AddressViews'
import { createFakeHost, ok } from '../unit/support/fake-host'
import { demoServer } from '../unit/support/fake-gateway-server'

const area = (AreaCode: string, ParentCode: string, AreaName: string, Level: number, HasChildren: 0 | 1): AreaRow => ({ AreaCode, ParentCode, AreaName, Level, HasChildren })
const REGIONS = [
  area('820000', '', 'Macau', 1, 1),
  area('810000', '', 'Hong Kong', 1, 1),
  area('820200', '820000', 'Taipa', 2, 1),
  area('820006', '820200', 'Nossa Senhora do Carmo', 3, 0)
]

const address = (AddressID: string, over: Partial<VipAddressRow> = {}): VipAddressRow => ({
  AddressID,
  VipID: 'V1',
  Contact: 'Ana Lei',
  AreaNo: '853',
  Phone: '66123456',
  RegionCode: '820006',
  RegionName: 'Macau, Taipa, Nossa Senhora do Carmo',
  RegionPath: '820000/820200/820006',
  Street: 'Rua do Cunha 10',
  Detail: '',
  HouseNo: '2/F A',
  Tag: 'home',
  Lat: 0,
  Lng: 0,
  IsDefault: 0,
  UpdatedAt: '2026-11-22 12:00:00',
  ...over
})

async function renderWith(node: () => ReactNode, book: VipAddressRow[] = []) {
  const calls: string[] = []
  const server = demoServer(
    {
      VipAddressListByPage: () => ok({ table1: book, table2: [{ Total: book.length }] }),
      AreaBatchSelect: (r) => {
        calls.push(`AreaBatchSelect ${JSON.stringify(r[0].ParentCodes)}`)
        const parents = r[0].ParentCodes as string[]
        return ok({ table1: REGIONS.filter((x) => parents.includes(x.ParentCode)) })
      },
      VipAddressAdd: () => {
        calls.push('VipAddressAdd')
        return ok({ table1: [address('A9')] })
      },
      SmsAreaList: () => ok({ table1: [{ AreaNo: '853', AreaName: 'Macau', MinLength: 8, MaxLength: 8 }] })
    },
    '2026-11-22 12:00:00'
  )
  const host = createFakeHost(server.respond, { deviceLanguage: () => 'en' })
  host.store.set(MEMBER_TOKEN_STORAGE, 'token-1')
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  await root.loadFeatures()
  await root.i18n.loadAll()
  await root.member.loadAreas()
  await root.addresses.loadList()
  const view = render(<StoreContext.Provider value={root}>{node()}</StoreContext.Provider>)
  return { root, host, view, calls }
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 10)))

describe('address views', () => {
  it('the list: default badge, tag, contact and phone, the address on one line, named actions; choose mode takes one', async () => {
    const onChoose = jest.fn()
    await renderWith(() => <AddressList choose chosenId='A2' onChoose={onChoose} onEdit={() => undefined} onAdd={() => undefined} />, [
      address('A1', { IsDefault: 1 }),
      address('A2', { Contact: 'Bo Chan', Tag: 'work', HouseNo: '' })
    ])
    const rows = screen.getAllByTestId('address-row')
    expect(rows).toHaveLength(2)
    expect(rows[0].textContent).toContain('Default')
    expect(rows[0].textContent).toContain('Home')
    expect(rows[0].textContent).toContain('+853 66123456')
    expect(screen.getAllByTestId('address-line')[0].textContent).toBe('Macau, Taipa, Nossa Senhora do Carmo · Rua do Cunha 10 · 2/F A')
    // Each row's buttons say which address they act on.
    expect(screen.getAllByTestId('address-delete')[1].getAttribute('aria-label')).toBe('Delete: Bo Chan Macau, Taipa, Nossa Senhora do Carmo · Rua do Cunha 10')
    // Only the one that is not the default offers 'Make default'.
    expect(screen.getAllByTestId('address-make-default')).toHaveLength(1)
    const picks = screen.getAllByTestId('address-choose')
    expect(picks[1].getAttribute('aria-pressed')).toBe('true')
    await act(async () => fireEvent.click(picks[0]))
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ AddressID: 'A1' }))
  })

  it('the form says what is missing under each field, marks them invalid, and asks the server nothing', async () => {
    const { root, calls } = await renderWith(() => <AddressEditForm onChooseArea={() => undefined} onPin={() => undefined} onSaved={() => undefined} onDeleted={() => undefined} />)
    await act(() => root.addresses.startEdit(''))
    await act(async () => fireEvent.click(screen.getByTestId('address-save')))
    expect(calls).not.toContain('VipAddressAdd')
    expect(screen.getByTestId('address-save-problem').textContent).toBe('Please complete the shipping information')
    expect(screen.getByTestId('addr-contact-error').textContent).toBe('Please fill in the contact and phone')
    expect(screen.getByTestId('addr-region-error').textContent).toBe('Please select region')
    expect(screen.getByTestId('addr-street-error').textContent).toBe('Please fill in the street')
    expect(screen.getByTestId('address-region').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByTestId('address-region').getAttribute('aria-label')).toBe('Region: Please select region, choose')
  })

  it('the region picker: a dialog, a level at a time, breadcrumbs back, a leaf chosen closes it and names the region', async () => {
    const { root, calls } = await renderWith(() => <AddressEditForm onChooseArea={() => undefined} onPin={() => undefined} onSaved={() => undefined} onDeleted={() => undefined} />)
    await act(() => root.addresses.startEdit(''))
    await act(async () => fireEvent.click(screen.getByTestId('address-region')))
    await settle()
    const dialog = screen.getByRole('dialog')
    expect(dialog.getAttribute('aria-label')).toBe('Select region')
    expect(screen.getAllByTestId('region-option').map((o) => o.textContent)).toEqual(['Macau', 'Hong Kong'])
    await act(async () => fireEvent.click(screen.getAllByTestId('region-option')[0]))
    await settle()
    expect(screen.getAllByTestId('region-crumb').map((c) => c.textContent)).toEqual(['All', 'Macau'])
    expect(screen.getAllByTestId('region-crumb')[1].getAttribute('aria-current')).toBe('location')
    await act(async () => fireEvent.click(screen.getAllByTestId('region-option')[0]))
    await settle()
    // Back to the top by the breadcrumb: held already, not fetched again.
    await act(async () => fireEvent.click(screen.getAllByTestId('region-crumb')[0]))
    expect(screen.getAllByTestId('region-option').map((o) => o.textContent)).toEqual(['Macau', 'Hong Kong'])
    await act(async () => fireEvent.click(screen.getAllByTestId('region-option')[0]))
    await act(async () => fireEvent.click(screen.getAllByTestId('region-option')[0]))
    await settle()
    await act(async () => fireEvent.click(screen.getAllByTestId('region-option')[0]))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('address-region').textContent).toBe('Macau Taipa Nossa Senhora do Carmo')
    expect(calls).toEqual(['AreaBatchSelect [""]', 'AreaBatchSelect ["820000"]', 'AreaBatchSelect ["820200"]'])
  })

  it('Escape closes the picker without choosing', async () => {
    const { root } = await renderWith(() => <AddressEditForm onChooseArea={() => undefined} onPin={() => undefined} onSaved={() => undefined} onDeleted={() => undefined} />)
    await act(() => root.addresses.startEdit(''))
    await act(async () => fireEvent.click(screen.getByTestId('address-region')))
    await settle()
    await act(async () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(root.addresses.form.regionCode).toBe('')
  })
})
