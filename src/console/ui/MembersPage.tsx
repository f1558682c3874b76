/**
 * Members at the counter: the member code a diner shows, typed or scanned with the tablet's camera
 * (the browser's BarcodeDetector, else jsQR), and a member looked up by phone. The typed field works
 * whatever the camera does (refused, missing, not a secure page).
 */
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, type FormEvent } from 'react'
import type { StaffMemberRow } from '../../gateway/staff-contract'
import type { ConsoleKey } from '../i18n'
import { AREAS, type AreaCode } from '../stores/forms'
import type { CameraState, MembersStore } from '../stores/members-store'
import { useConsole } from './console-context'
import { Field, PageHeading, SelectField, Status } from './controls'
import { formatDateTime } from './format'
import { startScan, windowCameraEnv } from '../qr-camera'

const CAMERA_TEXT: Partial<Record<CameraState, ConsoleKey>> = {
  starting: 'members.cameraStarting',
  scanning: 'members.cameraScanning',
  denied: 'members.cameraDenied',
  unavailable: 'members.cameraUnavailable',
  insecure: 'members.cameraInsecure',
  failed: 'members.cameraFailed'
}

export const MembersPage = observer(function MembersPage() {
  const store = useConsole()
  const members = store.members
  const { t } = store
  useEffect(() => () => members.cameraOff(), [members])
  const verify = (e: FormEvent) => {
    e.preventDefault()
    void members.verify()
  }
  const lookUp = (e: FormEvent) => {
    e.preventDefault()
    void members.lookUp()
  }
  const cameraText = CAMERA_TEXT[members.camera]
  const cameraProblem = members.camera === 'denied' || members.camera === 'unavailable' || members.camera === 'insecure' || members.camera === 'failed'
  return (
    <>
      <div className='page-head'>
        <PageHeading>{t('members.title')}</PageHeading>
      </div>
      <Status message={members.notice} />
      <div className='two-columns'>
        <section aria-labelledby='member-code'>
          <h2 id='member-code'>{t('members.codeTitle')}</h2>
          <p className='hint'>{t('members.codeIntro')}</p>
          <form className='form' onSubmit={verify} noValidate>
            <Field label={t('members.code')} hint={t('members.codeHint')} value={members.code} onValue={(v) => members.setCode(v)} error={members.codeError} autoComplete='off' autoCapitalize='off' spellCheck={false} />
            <div className='actions'>
              <button type='submit' className='button button-primary' disabled={members.verifying}>
                {members.verifying ? t('common.working') : t('members.verify')}
              </button>
              {members.cameraOn ? (
                <button type='button' className='button' onClick={() => members.cameraOff()}>
                  {t('members.stopCamera')}
                </button>
              ) : (
                <button type='button' className='button' onClick={() => members.cameraStarting()}>
                  {t('members.scan')}
                </button>
              )}
            </div>
          </form>
          {members.cameraOn ? <Camera members={members} /> : null}
          {cameraText && cameraProblem ? (
            <div role='alert' className='alert'>
              <p>{t(cameraText)}</p>
            </div>
          ) : cameraText ? (
            <p role='status' className='hint'>
              {t(cameraText)}
            </p>
          ) : null}
          {members.verified ? <MemberCard member={members.verified} expiresAt={members.verified.ExpiresAt} /> : null}
        </section>
        <section aria-labelledby='member-phone'>
          <h2 id='member-phone'>{t('members.phoneTitle')}</h2>
          <form className='form' onSubmit={lookUp} noValidate>
            <SelectField label={t('field.areaCode')} value={members.areaCode} onValue={(v) => members.setArea(v as AreaCode)} options={AREAS.map((a) => ({ value: a.code, label: t(a.label) }))} />
            <Field label={t('field.phone')} type='tel' inputMode='tel' value={members.phone} onValue={(v) => members.setPhone(v)} error={members.phoneError} autoComplete='off' />
            <div className='actions'>
              <button type='submit' className='button button-primary' disabled={members.searching}>
                {members.searching ? t('common.working') : t('members.lookUp')}
              </button>
            </div>
          </form>
          {members.found !== null ? (
            <div role='status'>
              {members.found.length === 0 ? <p>{t('members.noneFound')}</p> : members.found.map((m) => <MemberCard key={m.VipID} member={m} />)}
            </div>
          ) : null}
        </section>
      </div>
    </>
  )
})

/** The camera view: starts when shown, stops when hidden or when a code is read. */
const Camera = observer(function Camera({ members }: { members: MembersStore }) {
  const { t } = useConsole()
  const video = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    let stop: (() => void) | null = null
    let gone = false
    const element = video.current
    if (!element) return
    void startScan(element, members.cameraEnv ?? windowCameraEnv(window), {
      onScanning: () => members.cameraScanning(),
      onCode: (code) => void members.scanned(code),
      onProblem: (problem) => members.cameraFailed(problem)
    }).then((s) => {
      if (gone) s()
      else stop = s
    })
    return () => {
      gone = true
      stop?.()
    }
  }, [members])
  return (
    <div className='camera'>
      <video ref={video} aria-label={t('members.cameraLabel')} muted playsInline />
    </div>
  )
})

const MemberCard = observer(function MemberCard({ member, expiresAt }: { member: StaffMemberRow; expiresAt?: string }) {
  const store = useConsole()
  const { t } = store
  return (
    <article className='section' aria-label={t('members.cardLabel', { name: member.Name || t('members.noName') })}>
      <dl className='facts'>
        <div>
          <dt>{t('col.name')}</dt>
          <dd>
            {member.Name || t('members.noName')}
            {member.IsGuest && String(member.IsGuest) !== 'false' ? ` (${t('members.guest')})` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('col.phone')}</dt>
          <dd>{member.MaskedPhone || '—'}</dd>
        </div>
        <div>
          <dt>{t('members.balance')}</dt>
          <dd>{member.Balance}</dd>
        </div>
        <div>
          <dt>{t('members.points')}</dt>
          <dd>{member.Points}</dd>
        </div>
        <div>
          <dt>{t('members.coupons')}</dt>
          <dd>{member.UsableCoupons}</dd>
        </div>
        {expiresAt ? (
          <div>
            <dt>{t('members.codeValidUntil')}</dt>
            <dd>{formatDateTime(expiresAt, store.locale)}</dd>
          </div>
        ) : null}
      </dl>
    </article>
  )
})
