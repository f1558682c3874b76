/** Mine and the login form as a diner sees them (jsdom over Taro's React components). */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { RootStore } from '../../src/stores/root-store'
import { StoreContext } from '../../src/stores/context'
import { LoginView, MineView, ProfileForm } from '../../src/features/member/components/MemberViews'
import { maskedPhone } from '../../src/core/phone-mask'
import { MEMBER_TOKEN_STORAGE } from '../../src/gateway/member-token'
import type { VipRow } from '../../src/gateway/member-rows'
import { createFakeHost, fail, ok } from '../unit/support/fake-host'
import { demoServer, type Script } from '../unit/support/fake-gateway-server'
import type { ReactNode } from 'react'

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
