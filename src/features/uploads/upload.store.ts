/**
 * Photos of a review, an after-sale request or the avatar (issue 17; spec §5 upload rules, §7
 * Files): the diner picks up to MAX_PHOTOS through the host, each shows with its state, and
 * upload() asks FileBatchNameGet for a signed form per photo not uploaded yet, sends each straight
 * to object storage through the host (H5 fetch, mini-programs uploadFile) and treats only HTTP 200
 * as success. A photo that failed keeps its place with why, and is sent again by retry() or the
 * next upload(); one that went through is never sent twice. Nothing is lost: the list only
 * changes when the diner adds or removes.
 *
 * The gateway and the host come through the constructor; the page's store (review, after-sale,
 * avatar) owns one of these per form and names its FileIDs to its own operation.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { MAX_PHOTOS, UPLOAD_MAX_BYTES, UPLOAD_SUCCESS_STATUS, UPLOAD_TYPES, type UploadPurpose, type UploadTicketRow } from '../../gateway/after-rows'
import { RESULTCODES } from '../../gateway/codes'
import { GatewayError, type RequestOptions } from '../../gateway/gateway-client'
import type { OperationTypes } from '../../gateway/operations'
import type { Host, HostPhoto } from '../../hosts/host'

/** The part of the gateway client this store uses. */
export interface UploadsGateway {
  request<K extends 'FileBatchNameGet'>(operation: K, records?: OperationTypes[K]['input'][], options?: RequestOptions): Promise<Partial<OperationTypes[K]['output']>>
}

/** The part of the host this store uses (optional: a host without them offers no photos). */
export type UploadsHost = Pick<Host, 'choosePhotos' | 'uploadPhoto'>

export type PhotoState = 'waiting' | 'uploading' | 'done' | 'failed'

/**
 * Why a photo failed: 'type' not a picture we take (20065), 'size' over 5 MB (20066), 'network'
 * not sent or no answer, 'refused' the storage answered another status than 200, 'server' the
 * gateway refused (its message in `message`).
 */
export type PhotoProblem = 'type' | 'size' | 'network' | 'refused' | 'server'

export interface PickedPhoto {
  /** This list's own id (stable while the photo is in it). */
  id: number
  photo: HostPhoto
  state: PhotoState
  /** The FileID once uploaded ('' before). */
  fileId: string
  problem: PhotoProblem | null
  /** The server's message for 'server' ('' otherwise). */
  message: string
}

let nextId = 0

export class PhotoUploads {
  photos: PickedPhoto[] = []
  /** An upload() is running. */
  busy = false

  constructor(
    private readonly gateway: UploadsGateway,
    private readonly host: UploadsHost,
    readonly purpose: UploadPurpose,
    readonly max: number = MAX_PHOTOS
  ) {
    makeAutoObservable<PhotoUploads, 'gateway' | 'host'>(this, { gateway: false, host: false }, { autoBind: true })
  }

  /** The host can pick and upload photos. */
  get available(): boolean {
    return typeof this.host.choosePhotos === 'function' && typeof this.host.uploadPhoto === 'function'
  }

  get room(): number {
    return Math.max(0, this.max - this.photos.length)
  }

  get canAdd(): boolean {
    return this.available && this.room > 0 && !this.busy
  }

  /** Every photo is uploaded (true for none). */
  get allDone(): boolean {
    return this.photos.every((p) => p.state === 'done')
  }

  get failed(): PickedPhoto[] {
    return this.photos.filter((p) => p.state === 'failed')
  }

  /** The FileIDs of the uploaded photos, in the order shown. */
  get fileIds(): string[] {
    return this.photos.filter((p) => p.state === 'done').map((p) => p.fileId)
  }

  /** Asks the host for up to `room` photos and adds them (checked for type and size at once). */
  async add(): Promise<void> {
    if (!this.canAdd || !this.host.choosePhotos) return
    const picked = await this.host.choosePhotos(this.room)
    runInAction(() => {
      for (const photo of picked.slice(0, this.room)) {
        const problem = precheck(photo)
        this.photos.push({ id: ++nextId, photo, state: problem ? 'failed' : 'waiting', fileId: '', problem, message: '' })
      }
    })
  }

  /** Takes a photo out (not while it is being sent). */
  remove(id: number): void {
    const i = this.photos.findIndex((p) => p.id === id && p.state !== 'uploading')
    if (i >= 0) this.photos.splice(i, 1)
  }

  /**
   * Uploads every photo not uploaded yet. Answers the FileIDs of all photos, in order, when every
   * one is uploaded; null when any failed (each failed one says why; the others keep their FileID).
   */
  async upload(): Promise<string[] | null> {
    if (this.busy) return null
    const todo = this.photos.filter((p) => p.state !== 'done' && precheck(p.photo) === null)
    if (todo.length === 0) return this.allDone ? this.fileIds : null
    this.busy = true
    for (const p of todo) this.setState(p, 'uploading', null)
    try {
      let tickets: UploadTicketRow[]
      try {
        const answer = await this.gateway.request(
          'FileBatchNameGet',
          [{ Purpose: this.purpose, Files: todo.map((p) => ({ FileName: p.photo.name || 'photo', FileSize: p.photo.size, FileType: declaredType(p.photo), ...(p.photo.width ? { Width: p.photo.width } : {}), ...(p.photo.height ? { Height: p.photo.height } : {}) })) }],
          { silent: true }
        )
        tickets = answer.table1 ?? []
        if (tickets.length !== todo.length) throw new GatewayError('business', '', 'FileBatchNameGet')
      } catch (error) {
        const [problem, message] = problemOf(error)
        runInAction(() => todo.forEach((p) => this.setState(p, 'failed', problem, message)))
        return null
      }
      // One at a time: a weak signal carries one photo better than six at once.
      for (let i = 0; i < todo.length; i++) {
        const status = await this.send(tickets[i], todo[i].photo)
        runInAction(() => {
          if (status === UPLOAD_SUCCESS_STATUS) {
            todo[i].fileId = tickets[i].FileID
            this.setState(todo[i], 'done', null)
          } else this.setState(todo[i], 'failed', status === 0 ? 'network' : status === 413 ? 'size' : 'refused')
        })
      }
      return this.allDone ? this.fileIds : null
    } finally {
      runInAction(() => {
        this.busy = false
      })
    }
  }

  /** Sends the failed photos again (the one tapped is among them). */
  retry(): Promise<string[] | null> {
    return this.upload()
  }

  private async send(ticket: UploadTicketRow, photo: HostPhoto): Promise<number> {
    try {
      return (await this.host.uploadPhoto?.({ url: ticket.UploadUrl, fields: ticket.FormFields }, photo)) ?? 0
    } catch {
      return 0
    }
  }

  private setState(p: PickedPhoto, state: PhotoState, problem: PhotoProblem | null, message = ''): void {
    p.state = state
    p.problem = problem
    p.message = message
  }
}

/** What the server would refuse anyway, said before sending anything. */
export function precheck(photo: HostPhoto): PhotoProblem | null {
  if (photo.type && !(UPLOAD_TYPES as readonly string[]).includes(photo.type.toLowerCase())) return 'type'
  if (photo.size > UPLOAD_MAX_BYTES) return 'size'
  if (!(photo.size > 0)) return 'type'
  return null
}

/** The type declared: the host's, else JPEG (what hosts' compressed pictures are; the server decodes it anyway). */
const declaredType = (photo: HostPhoto): string => (photo.type ? photo.type.toLowerCase() : 'image/jpeg')

function problemOf(error: unknown): [PhotoProblem, string] {
  if (error instanceof GatewayError) {
    if (error.resultcode === RESULTCODES.UPLOAD_FILE_INVALID) return ['type', error.message]
    if (error.resultcode === RESULTCODES.UPLOAD_TOO_LARGE) return ['size', error.message]
    if (error.kind === 'network' || error.kind === 'timeout') return ['network', error.message]
    return ['server', error.message]
  }
  return ['network', '']
}
