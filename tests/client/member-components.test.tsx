/** Mine and the login form as a diner sees them (jsdom over Taro's React components). */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { AreaList, LoginView, MineView, ProfileForm } from '../../src/features/member/components/MemberViews'
import { BirthdayPicker } from '../../src/features/member/components/BirthdayPicker'
import { maskedPhone } from '../../src/core/phone-mask'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import type { VipRow } from '../../src/gateway/member-rows'
import { createFakeHost, fail, ok } from '../unit/support/fake-host'
import { demoServer, type Script } from '../unit/support/fake-gateway-server'
import { useState, type ReactNode } from 'react'

const vip = (over: Partial<VipRow> = {}): VipRow => ({
  VipID: 'V1', VipName: 'Ada', Sex: '', Birthy: '', HeadImg: '', AreaNo: '853', Phone: '66123456', IsGuest: 0,
  Balance: '12.5', Score: 130, CouponCount: 2, CreatedDate: '2026-11-22 12:00:00', ...over
})

async function renderWith(node: (root: RootStore) => ReactNode, script: Script = {}, token = '') {
  const server = demoServer(script)
  const host = createFakeHost(server.respond, { deviceLanguage: () => 'en' })
  if (token) host.store.set(MEMBER_TOKEN_STORAGE, token)
  const root = new RootStore(host, { authCode: 'c', liveUrl: '', testUrl: '', appVersion: '2.0.3' })
  await root.session.initialise({ QRCode: 'QR-A03' })
  await root.member.loadDetail()
  render(<StoreContext.Provider value={root}>{node(root)}</StoreContext.Provider>)
  return { root, host, server }
}

const mine = (onOpen = jest.fn(), onLogin = jest.fn()) => <MineView onLogin={onLogin} onOpen={onOpen} onLogout={jest.fn()} onRetry={jest.fn()} />

describe('mine', () => {
  it('signed out: a call to log in, no figures, no log out; an entry asks for its page', async () => {
    const onOpen = jest.fn()
    const onLogin = jest.fn()
    await renderWith(() => mine(onOpen, onLogin))
    expect(screen.getByText('Log in / Register')).toBeTruthy()
    expect(screen.getByText('Log in to see your balance, points and coupons')).toBeTruthy()
    expect(screen.getByTestId('member-balance').textContent).toBe('—')
    expect(screen.queryByTestId('logout')).toBeNull()
    await act(async () => fireEvent.click(screen.getByTestId('login-cta')))
    expect(onLogin).toHaveBeenCalled()
    await act(async () => fireEvent.click(screen.getByText('Member code')))
    expect(onOpen).toHaveBeenCalledWith('qrCode')
  })

  it('signed in: name, masked phone, balance, points, coupons and log out', async () => {
    await renderWith(() => mine(), { VipDetailGet: () => ok({ table1: [vip()] }) }, 'tok')
    expect(screen.getByTestId('member-name').textContent).toBe('Ada')
    expect(screen.getByTestId('member-phone').textContent).toBe('+853 66****56')
    expect(screen.getByTestId('member-balance').textContent).toBe('MOP$12.50')
    expect(screen.getByTestId('member-points').textContent).toBe('130')
    expect(screen.getByTestId('member-coupons').textContent).toBe('2')
    expect(screen.getByText('Change phone number')).toBeTruthy()
    expect(screen.getByText('Log out')).toBeTruthy()
    expect(screen.queryByText('Log in / Register')).toBeNull()
  })

  it('a guest: the walk-in label, no phone, and binding a phone offered', async () => {
    await renderWith(() => mine(), { VipDetailGet: () => ok({ table1: [vip({ VipName: '', IsGuest: 1, Phone: '', AreaNo: '' })] }) }, 'g')
    expect(screen.getByTestId('member-name').textContent).toBe('Walk-in customer')
    expect(screen.getByText('Guest')).toBeTruthy()
    expect(screen.getByTestId('member-phone').textContent).toBe('No mobile number')
    expect(screen.getByText('Bind mobile number')).toBeTruthy()
    expect(screen.queryByText('Change phone number')).toBeNull()
  })

  it('the avatar shows the member\'s own initial, never that of a placeholder label', async () => {
    await renderWith(() => mine(), { VipDetailGet: () => ok({ table1: [vip({ VipName: '', IsGuest: 1, Phone: '', AreaNo: '' })] }) }, 'g')
    // 'Walk-in customer' is a label in the diner's language, not a name: no 'W' in the avatar.
    expect(screen.getByTestId('member-avatar').textContent).toBe('☺')
  })

  it('the avatar of a named member is the first character of the name', async () => {
    await renderWith(() => mine(), { VipDetailGet: () => ok({ table1: [vip({ VipName: '陳大文' })] }) }, 'tok')
    expect(screen.getByTestId('member-avatar').textContent).toBe('陳')
  })

  it('a session that ended elsewhere shows the call to log in again', async () => {
    const { host } = await renderWith(() => mine(), { VipDetailGet: () => fail('10010', '0', 'Operation not allowed without logging-in.', 401) }, 'old')
    expect(screen.getByText('Log in / Register')).toBeTruthy()
    expect(host.store.has(MEMBER_TOKEN_STORAGE)).toBe(false)
  })

  it('masks the middle of a number', () => {
    expect(maskedPhone('86', '13800138000')).toBe('+86 138****8000')
  })
})

describe('loginByCode', () => {
  const login = (onDone = jest.fn()) => <LoginView mode='login' onDone={onDone} onChooseArea={jest.fn()} onTerms={jest.fn()} />

  it('asks for the number, the code and the privacy agreement, in the diner\'s language', async () => {
    const { server } = await renderWith(() => login())
    await act(async () => fireEvent.click(screen.getByTestId('send-code')))
    expect(screen.getByTestId('form-error').textContent).toBe('Please enter your mobile number')
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')))
    expect(screen.getByTestId('form-error').textContent).toBe('Please read and agree to the privacy policy')
    await act(async () => fireEvent.click(screen.getByRole('checkbox')))
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')))
    expect(screen.getByTestId('form-error').textContent).toBe('Please enter your mobile number')
    expect(server.calls).not.toContain('VipLoginGet')
  })

  it('sends the code, counts down, and shows the server\'s refusal of a wrong code', async () => {
    const onDone = jest.fn()
    const { root } = await renderWith(() => login(onDone), {
      SmsVerifySend: () => ok({ table1: [{ AreaNo: '853', MaskedPhone: '66***456', ExpiresIn: 300, ResendIn: 60 }] }),
      VipLoginGet: () => fail('0', '20034', 'The verification code is wrong')
    })
    act(() => root.member.loginForm.setPhone('66123456'))
    await act(async () => fireEvent.click(screen.getByTestId('send-code')))
    expect(screen.getByTestId('send-code').textContent).toBe('Resend in 60 s')
    expect(screen.getByText('Code sent to +853 66123456')).toBeTruthy()
    act(() => root.member.loginForm.setCode('000000'))
    await act(async () => fireEvent.click(screen.getByRole('checkbox')))
    await act(async () => fireEvent.click(screen.getByTestId('login-submit')))
    expect(screen.getByTestId('form-error').textContent).toBe('The verification code is wrong')
    expect(onDone).not.toHaveBeenCalled()
    root.member.loginForm.stop()
  })

  it('a plain browser offers the guest way in; it signs in and is done', async () => {
    const onDone = jest.fn()
    await renderWith(() => login(onDone), {
      GuestLogin: () => ok({ table1: [{ Token: 'g', ExpiresDate: '', VipID: 'G1', IsNew: 0 }], table2: [vip({ IsGuest: 1, Phone: '' })] })
    })
    expect(screen.getByText('Continue as a guest')).toBeTruthy()
    expect(screen.queryByText('Log in with this app')).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('checkbox')))
    await act(async () => fireEvent.click(screen.getByTestId('guest-login')))
    expect(onDone).toHaveBeenCalledWith('login')
  })
})

describe('profile', () => {
  it("'Name contains invalid characters' under the name; nothing sent", async () => {
    const { server, root } = await renderWith(
      () => <ProfileForm today='2026-11-22' onSaved={jest.fn()} />,
      { VipDetailGet: () => ok({ table1: [vip({ VipName: 'Ada!' })] }) },
      'tok'
    )
    await act(async () => fireEvent.click(screen.getByText('Female')))
    await act(async () => fireEvent.click(screen.getByTestId('profile-save')))
    expect(screen.getByTestId('profile-error').textContent).toBe('Name contains invalid characters')
    expect(server.calls).not.toContain('VipProfileUpdate')
    expect(root.member.vip?.VipName).toBe('Ada!')
  })
})

describe('what a screen reader and a keyboard find (issue 13)', () => {
  const login = () => <LoginView mode='login' onDone={jest.fn()} onChooseArea={jest.fn()} onTerms={jest.fn()} />

  it('login: a named, focusable agreement checkbox that toggles; a focusable policy link; the area code a named button', async () => {
    await renderWith(() => login())
    const agree = screen.getByRole('checkbox', { name: 'I have read and agree to the privacy policy and terms of use' })
    expect(agree.getAttribute('tabindex')).toBe('0')
    expect(agree.getAttribute('aria-checked')).toBe('false')
    await act(async () => fireEvent.click(agree))
    expect(agree.getAttribute('aria-checked')).toBe('true')
    // The link is beside the checkbox, not inside it (no control within a control).
    const link = screen.getByRole('link', { name: 'privacy policy and terms of use' })
    expect(agree.contains(link)).toBe(false)
    expect(link.getAttribute('tabindex')).toBe('0')
    expect(screen.getByRole('button', { name: 'Area code +853, change' }).getAttribute('tabindex')).toBe('0')
    expect(screen.getByRole('heading', { level: 1, name: 'Phone login' })).toBeTruthy()
    for (const name of ['Get code', 'Log in', 'Continue as a guest']) expect(screen.getByRole('button', { name }).getAttribute('tabindex')).toBe('0')
  })

  it('the code countdown is announced once when it starts and once when it ends, not every second', async () => {
    const { root } = await renderWith(() => login(), {
      SmsVerifySend: () => ok({ table1: [{ AreaNo: '853', MaskedPhone: '66***456', ExpiresIn: 300, ResendIn: 1 }] })
    })
    const status = screen.getByRole('status')
    expect(status.textContent).toBe('')
    act(() => root.member.loginForm.setPhone('66123456'))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })))
    expect(status.textContent).toBe('Code sent to +853 66123456. You can ask for another in 1 second.')
    expect(screen.getByTestId('send-code').getAttribute('aria-disabled')).toBe('true')
    await act(async () => new Promise((r) => setTimeout(r, 1300)))
    expect(status.textContent).toBe('You can ask for a new code now')
    expect(screen.getByRole('button', { name: 'Get code' }).getAttribute('aria-disabled')).toBe('false')
  })

  it('area codes: a named listbox of focusable options, the chosen one selected', async () => {
    const onChoose = jest.fn()
    const { root } = await renderWith(() => <AreaList selected='853' onChoose={onChoose} />, {
      SmsAreaList: () =>
        ok({
          table1: [
            { AreaNo: '853', AreaName: 'Macau', MinLength: 8, MaxLength: 8, SortNo: 1 },
            { AreaNo: '852', AreaName: 'Hong Kong', MinLength: 8, MaxLength: 8, SortNo: 2 }
          ]
        })
    })
    await act(async () => root.member.loadAreas())
    const list = screen.getByRole('listbox', { name: 'Choose area code' })
    const options = screen.getAllByRole('option')
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['true', 'false'])
    expect(options.every((o) => o.getAttribute('tabindex') === '0' && list.contains(o))).toBe(true)
    await act(async () => fireEvent.click(screen.getByRole('option', { name: /Hong Kong/ })))
    expect(onChoose).toHaveBeenCalledWith('852')
  })

  it('mine: every entry a focusable button with its name; the stats that open a page too', async () => {
    await renderWith(() => mine(), { VipDetailGet: () => ok({ table1: [vip()] }) }, 'tok')
    for (const name of ['My account', 'Balance recharge', 'Points records', 'Member code', 'Edit profile', 'Change phone number', 'Log out']) {
      expect(screen.getByRole('button', { name }).getAttribute('tabindex')).toBe('0')
    }
    expect(screen.getByRole('button', { name: 'MOP$12.50 Balance' }).getAttribute('tabindex')).toBe('0')
    expect(screen.getByRole('button', { name: '130 Points' }).getAttribute('tabindex')).toBe('0')
  })

  it('profile: sex is a named radio group; the chosen radio is its Tab stop; a tap or the arrow keys choose', async () => {
    await renderWith(() => <ProfileForm today='2026-11-22' onSaved={jest.fn()} />, { VipDetailGet: () => ok({ table1: [vip({ Sex: '2' })] }) }, 'tok')
    const group = screen.getByRole('radiogroup', { name: 'Sex' })
    const state = () => screen.getAllByRole('radio').map((r) => `${r.textContent}:${r.getAttribute('aria-checked')}:${r.getAttribute('tabindex')}`)
    expect(screen.getAllByRole('radio').every((r) => group.contains(r))).toBe(true)
    expect(state()).toEqual(['Male:false:-1', 'Female:true:0', 'Prefer not to say:false:-1'])
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Male' })))
    expect(state()).toEqual(['Male:true:0', 'Female:false:-1', 'Prefer not to say:false:-1'])
    await act(async () => fireEvent.keyDown(screen.getByRole('radio', { name: 'Male' }), { key: 'ArrowRight' }))
    expect(state()).toEqual(['Male:false:-1', 'Female:true:0', 'Prefer not to say:false:-1'])
    await act(async () => fireEvent.keyDown(screen.getByRole('radio', { name: 'Female' }), { key: 'ArrowUp' }))
    await act(async () => fireEvent.keyDown(screen.getByRole('radio', { name: 'Male' }), { key: 'ArrowUp' }))
    // From the first, Up wraps to the last.
    expect(state()).toEqual(['Male:false:-1', 'Female:false:-1', 'Prefer not to say:true:0'])
  })
})

describe('birthday picker (issue 13)', () => {
  function Field(props: { initial: string; onChange(date: string): void }) {
    const [value, setValue] = useState(props.initial)
    return (
      <BirthdayPicker
        value={value}
        today='2026-11-22'
        label='Birthday'
        onChange={(d) => {
          setValue(d)
          props.onChange(d)
        }}
      />
    )
  }

  // Where the picker sends the focus (jsdom over Taro's web components can lose it again when they render; the
  // browser test checks document.activeElement itself).
  const focused = () => {
    const spy = jest.spyOn(HTMLElement.prototype, 'focus')
    return { last: () => spy.mock.contexts[spy.mock.contexts.length - 1], restore: () => spy.mockRestore() }
  }

  it('opens a named dialog with the focus in its year column; the arrow keys choose; Done gives the date and the focus back', async () => {
    const onChange = jest.fn()
    const focus = focused()
    await renderWith(() => <Field initial='1990-01-31' onChange={onChange} />)
    const opener = screen.getByRole('button', { name: 'Birthday: 31 Jan 1990' })
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog')
    expect(opener.getAttribute('aria-expanded')).toBe('false')
    await act(async () => fireEvent.click(opener))
    const dialog = screen.getByRole('dialog', { name: 'Birthday' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(opener.getAttribute('aria-expanded')).toBe('true')
    const year = screen.getByRole('listbox', { name: 'Year' })
    const month = screen.getByRole('listbox', { name: 'Month' })
    const day = screen.getByRole('listbox', { name: 'Day' })
    expect(focus.last()).toBe(year)
    expect([year, month, day].every((list) => dialog.contains(list) && list.getAttribute('tabindex') === '0')).toBe(true)
    // The chosen row of each column is its active descendant.
    const selected = (list: HTMLElement) => list.querySelector('[aria-selected="true"]')!
    expect(selected(year).textContent).toBe('1990')
    expect(year.getAttribute('aria-activedescendant')).toBe(selected(year).getAttribute('id'))
    await act(async () => fireEvent.keyDown(year, { key: 'ArrowDown' }))
    expect(selected(year).textContent).toBe('1991')
    expect(year.getAttribute('aria-activedescendant')).toBe(selected(year).getAttribute('id'))
    await act(async () => fireEvent.keyDown(month, { key: 'ArrowDown' }))
    // 31 January → February: the day becomes February's last.
    expect(selected(month).textContent).toBe('Feb')
    expect(selected(day).textContent).toBe('28')
    await act(async () => fireEvent.keyDown(month, { key: 'End' }))
    expect(selected(month).textContent).toBe('Dec')
    expect(onChange).not.toHaveBeenCalled()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })))
    expect(onChange).toHaveBeenCalledWith('1991-12-28')
    expect(screen.queryByRole('dialog')).toBeNull()
    const back = screen.getByRole('button', { name: 'Birthday: 28 Dec 1991' })
    expect(back.getAttribute('aria-expanded')).toBe('false')
    expect(focus.last()).toBe(back)
    focus.restore()
  })

  it('Escape (or Cancel) closes it unchanged, the focus back on the field; no day after today is offered', async () => {
    const onChange = jest.fn()
    const focus = focused()
    await renderWith(() => <Field initial='' onChange={onChange} />)
    const opener = screen.getByRole('button', { name: 'Birthday: Not set' })
    await act(async () => fireEvent.click(opener))
    const year = screen.getByRole('listbox', { name: 'Year' })
    await act(async () => fireEvent.keyDown(year, { key: 'End' }))
    expect(year.querySelector('[aria-selected="true"]')!.textContent).toBe('2026')
    const months = screen.getAllByRole('option').filter((o) => screen.getByRole('listbox', { name: 'Month' }).contains(o))
    expect(months.map((o) => o.textContent).pop()).toBe('Nov')
    await act(async () => fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onChange).not.toHaveBeenCalled()
    expect(focus.last()).toBe(opener)
    await act(async () => fireEvent.click(opener))
    expect(screen.getByRole('listbox', { name: 'Year' }).querySelector('[aria-selected="true"]')!.textContent).toBe('1990')
    expect(focus.last()).toBe(screen.getByRole('listbox', { name: 'Year' }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(focus.last()).toBe(opener)
    focus.restore()
  })
})
