/**
 * Uploaded pictures (issue 17; spec §3 image upload record, §5 upload rules, §7 Files). A member
 * asks for upload tickets (signUploads, FileBatchNameGet), uploads each file straight to object
 * storage, then names the FileIDs to a review, an after-sale request or the avatar. Nothing uses a
 * file before useCheckedImages has checked it: the object is there, sharp decodes it as the type
 * declared (one of UPLOAD_TYPES), it is at most UPLOAD_MAX_BYTES, and it is re-encoded without
 * metadata (EXIF, GPS), its size recorded and a thumbnail made, under keys no upload form can
 * write (uploads go under 'uploads/', checked pictures under 'images/'). Never imports Fastify.
 */
import { randomBytes } from 'node:crypto'
import type { LookupAddress } from 'node:dns'
import dns from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import type { Kysely } from 'kysely'
import type { Sharp } from 'sharp'
import { loadSharp } from './picture-variants'
import {
  DEFAULT_UPLOAD_CLASS,
  MAX_PHOTOS,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  type ImageRow,
  type UploadFileInput,
  type UploadPurpose,
  type UploadType
} from '../../../../src/gateway/after-rows'
import type { ObjectStorage } from '../../providers/storage/object-storage'
import { isPostgres } from '../../storage/database'
import type { Database, UploadTable } from '../../storage/schema'
import { DomainError, EnvelopeError } from '../errors'

/** A picture checked and stored: what a review, a request or the avatar keeps. */
export interface CheckedImage {
  fileId: string
  key: string
  thumbKey: string
  width: number
  height: number
}

/** How long an upload ticket's policy is valid. */
export const UPLOAD_TICKET_SECONDS = 10 * 60
/** The thumbnail's longer side, pixels. */
export const THUMB_PIXELS = 320
/** The checked picture's longer side at most (a phone's 12 MP photo becomes 2560 px). */
export const IMAGE_MAX_PIXELS = 2560
/** Pictures larger than this many pixels are refused before decoding (a small file that decodes huge). */
const DECODE_PIXEL_LIMIT = 50_000_000

const FORMAT_TYPE: Record<string, UploadType> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }
const TYPE_EXT: Record<UploadType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }

export const isUploadType = (type: string): type is UploadType => (UPLOAD_TYPES as readonly string[]).includes(type)

/**
 * What an upload is for: a member's (FileBatchNameGet: review, aftersale, avatar) or the staff's
 * ('goods-picture': a menu picture from the console, MenuPictureUploadTicket). The purpose is part
 * of the key and of every lookup, so a file of one purpose is never used for another.
 */
export type StoredUploadPurpose = UploadPurpose | 'goods-picture'

/** The uploads row owner of a staff member's upload (the `vip_id` column names who may use the file). */
export const staffUploader = (staffId: string): string => `staff:${staffId}`
const newId = (): string => randomBytes(16).toString('hex')

/** One signed upload (FileBatchNameGet's row before the URL is made absolute). */
export interface SignedUpload {
  fileId: string
  fileName: string
  key: string
  url: string
  fields: Record<string, string>
  expiresAt: Date
}

export interface SignUploadsRequest {
  entId: string
  vipId: string
  userId: string
  userName: string
  purpose: StoredUploadPurpose
  files: UploadFileInput[]
  now: Date
  /** Files the member may ask for in any hour. */
  ratePerHour: number
  /**
   * Whose upload it is: a member ('member', the default: `vipId` is the member) or a staff member
   * ('staff': `vipId` is staffUploader(StaffID), `userId` the StaffID; their row is the lock).
   */
  uploader?: 'member' | 'staff'
}

/**
 * Records each file (spec §3) and signs one upload per file. Refuses before signing: no file or a
 * type not accepted (UPLOAD_FILE_INVALID, spec 'file error'), over UPLOAD_MAX_BYTES
 * (UPLOAD_TOO_LARGE), more than MAX_PHOTOS files (INVALID_INPUT), and more than `ratePerHour`
 * files in an hour (RATE_LIMITED).
 */
export async function signUploads(db: Kysely<Database>, storage: ObjectStorage, req: SignUploadsRequest): Promise<SignedUpload[]> {
  if (req.files.length === 0) throw new DomainError('UPLOAD_FILE_INVALID')
  if (req.files.length > MAX_PHOTOS) throw new EnvelopeError('INVALID_INPUT', { detail: `Files: at most ${MAX_PHOTOS}` })
  for (const file of req.files) {
    if (!isUploadType(file.FileType) || file.FileSize <= 0) throw new DomainError('UPLOAD_FILE_INVALID')
    if (file.FileSize > UPLOAD_MAX_BYTES) throw new DomainError('UPLOAD_TOO_LARGE')
  }
  const expiresAt = new Date(req.now.getTime() + UPLOAD_TICKET_SECONDS * 1000)
  const signed: SignedUpload[] = []
  const rows: UploadTable[] = []
  for (const file of req.files) {
    const type = file.FileType as UploadType
    const fileId = newId()
    // The prefix names the enterprise, the purpose and the member; the random part is the FileID.
    const key = `uploads/${safeSegment(req.entId)}/${req.purpose}/${safeSegment(req.vipId)}/${fileId}.${TYPE_EXT[type]}`
    const form = await storage.signUpload({ key, contentType: type, maxBytes: UPLOAD_MAX_BYTES, expiresAt })
    rows.push({
      file_id: fileId,
      ent_id: req.entId,
      vip_id: req.vipId,
      user_id: req.userId.slice(0, 64),
      user_name: req.userName.slice(0, 160),
      purpose: req.purpose,
      class_name: (file.ClassName?.trim() || DEFAULT_UPLOAD_CLASS).slice(0, 64),
      file_name: file.FileName.slice(0, 255),
      file_size: file.FileSize,
      file_type: type,
      width: file.Width ?? 0,
      height: file.Height ?? 0,
      upload_key: key,
      status: 'pending',
      image_key: '',
      thumb_key: '',
      image_width: 0,
      image_height: 0,
      expires_at: expiresAt.toISOString(),
      created_at: req.now.toISOString(),
      checked_at: ''
    })
    signed.push({ fileId, fileName: file.FileName, key, url: form.url, fields: form.fields, expiresAt })
  }
  // Red team issue 17: the hour's count and the insert are one step under the member row's lock
  // (PostgreSQL FOR UPDATE; SQLite's transactions run one at a time). Before, twenty requests at
  // once each counted the same past and signed 120 files against a limit of 12.
  const since = new Date(req.now.getTime() - 3600_000).toISOString()
  await db.transaction().execute(async (trx) => {
    if (req.uploader === 'staff') {
      let person = trx.selectFrom('staff_members').select('staff_id').where('ent_id', '=', req.entId).where('staff_id', '=', req.userId)
      if (isPostgres(trx)) person = person.forUpdate()
      await person.executeTakeFirst()
    } else {
      let member = trx.selectFrom('members').select('vip_id').where('ent_id', '=', req.entId).where('vip_id', '=', req.vipId)
      if (isPostgres(trx)) member = member.forUpdate()
      await member.executeTakeFirst()
    }
    const recent = await trx
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('ent_id', '=', req.entId)
      .where('vip_id', '=', req.vipId)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow()
    if (Number(recent.n) + req.files.length > req.ratePerHour) throw new EnvelopeError('RATE_LIMITED')
    await trx.insertInto('uploads').values(rows).execute()
  })
  await sweepStaleUploads(db, storage, req.now)
  return signed
}

/** Uploads signed but never used are let go this long after their form expired. */
export const STALE_UPLOAD_MS = 24 * 3600_000
/** At most this many stale uploads are let go per FileBatchNameGet (each call signs at most MAX_PHOTOS). */
const SWEEP_BATCH = 20

/**
 * Lets go of uploads nobody used: pending a day past their form's expiry, their object is removed
 * (objects under 'uploads/' are never served) and the record kept as 'expired' (spec §3 record).
 * Runs with each FileBatchNameGet, a bounded batch, so leftovers never pile up.
 */
export async function sweepStaleUploads(db: Kysely<Database>, storage: ObjectStorage, now: Date): Promise<number> {
  const stale = await db
    .selectFrom('uploads')
    .select(['file_id', 'upload_key'])
    .where('status', '=', 'pending')
    .where('expires_at', '<', new Date(now.getTime() - STALE_UPLOAD_MS).toISOString())
    .limit(SWEEP_BATCH)
    .execute()
  for (const row of stale) {
    await storage.remove(row.upload_key).catch(() => undefined)
    await db.updateTable('uploads').set({ status: 'expired' }).where('file_id', '=', row.file_id).where('status', '=', 'pending').execute()
  }
  return stale.length
}

/** An id as a key segment (ids are [A-Za-z0-9_-] already; anything else becomes '_'). */
const safeSegment = (id: string): string => id.replace(/[^A-Za-z0-9_-]/g, '_') || '_'

export interface UseImagesRequest {
  entId: string
  vipId: string
  purpose: StoredUploadPurpose
  fileIds: string[]
}

/**
 * The caller's uploads for `purpose`, checked (see the module comment), in the order named
 * (a FileID named twice counts once). UPLOAD_NOT_FOUND: not the caller's upload for that purpose,
 * or never uploaded; UPLOAD_FILE_INVALID: not the picture it claims; UPLOAD_TOO_LARGE: over the
 * limit; INVALID_INPUT: more than MAX_PHOTOS. Idempotent: a checked file answers the same again.
 */
export async function useCheckedImages(db: Kysely<Database>, storage: ObjectStorage, req: UseImagesRequest): Promise<CheckedImage[]> {
  const ids = [...new Set(req.fileIds)]
  if (ids.length === 0) return []
  if (ids.length > MAX_PHOTOS) throw new EnvelopeError('INVALID_INPUT', { detail: `FileIDs: at most ${MAX_PHOTOS}` })
  const rows = await db
    .selectFrom('uploads')
    .selectAll()
    .where('ent_id', '=', req.entId)
    .where('vip_id', '=', req.vipId)
    .where('purpose', '=', req.purpose)
    .where('file_id', 'in', ids)
    .execute()
  const byId = new Map(rows.map((r) => [r.file_id, r]))
  const images: CheckedImage[] = []
  for (const id of ids) {
    const row = byId.get(id)
    if (!row) throw new DomainError('UPLOAD_NOT_FOUND')
    images.push(await checkUpload(db, storage, row))
  }
  return images
}

/** A row's checked picture, checking it on first use. */
async function checkUpload(db: Kysely<Database>, storage: ObjectStorage, row: UploadTable): Promise<CheckedImage> {
  if (row.status === 'checked') return checkedOf(row)
  if (row.status === 'invalid') throw new DomainError('UPLOAD_FILE_INVALID')
  const body = await storage.read(row.upload_key)
  if (!body) throw new DomainError('UPLOAD_NOT_FOUND')
  let made: Made
  try {
    made = await makeImage(body, row.file_type as UploadType, row.file_id, row.ent_id, row.purpose)
  } catch (error) {
    if (error instanceof DomainError) {
      await db.updateTable('uploads').set({ status: 'invalid' }).where('file_id', '=', row.file_id).where('status', '=', 'pending').execute()
      await storage.remove(row.upload_key).catch(() => undefined)
    }
    throw error
  }
  await storage.write(made.key, made.image, made.type)
  await storage.write(made.thumbKey, made.thumb, made.type)
  const checked = { image_key: made.key, thumb_key: made.thumbKey, image_width: made.width, image_height: made.height }
  // Two uses at once both make the same keys from the same bytes; the first update wins, both answer it.
  await db.updateTable('uploads').set({ ...checked, status: 'checked', checked_at: new Date().toISOString() }).where('file_id', '=', row.file_id).where('status', '=', 'pending').execute()
  // The original (with its metadata) is no longer needed.
  await storage.remove(row.upload_key).catch(() => undefined)
  return checkedOf({ ...row, ...checked })
}

const checkedOf = (row: Pick<UploadTable, 'file_id' | 'image_key' | 'thumb_key' | 'image_width' | 'image_height'>): CheckedImage => ({
  fileId: row.file_id,
  key: row.image_key,
  thumbKey: row.thumb_key,
  width: row.image_width,
  height: row.image_height
})

interface Made {
  key: string
  thumbKey: string
  type: UploadType
  image: Buffer
  thumb: Buffer
  width: number
  height: number
}

/**
 * Decodes `body`, refuses it unless it is a picture of type `declared` (null: any of UPLOAD_TYPES)
 * within the size limit, and re-encodes it without metadata (turned upright first, as its EXIF
 * orientation said) plus a thumbnail.
 */
async function makeImage(body: Buffer, declared: UploadType | null, fileId: string, entId: string, purpose: string): Promise<Made> {
  if (body.length > UPLOAD_MAX_BYTES) throw new DomainError('UPLOAD_TOO_LARGE')
  const sharp = await loadSharp()
  let format: string | undefined
  let width = 0
  let height = 0
  try {
    const meta = await sharp(body, { limitInputPixels: DECODE_PIXEL_LIMIT }).metadata()
    format = meta.format
    width = meta.width ?? 0
    height = meta.height ?? 0
  } catch {
    throw new DomainError('UPLOAD_FILE_INVALID')
  }
  const type = format ? FORMAT_TYPE[format] : undefined
  if (!type || (declared && type !== declared) || width <= 0 || height <= 0) throw new DomainError('UPLOAD_FILE_INVALID')
  const encode = (s: Sharp): Sharp =>
    type === 'image/jpeg' ? s.jpeg({ quality: 85, mozjpeg: true }) : type === 'image/png' ? s.png({ compressionLevel: 9 }) : s.webp({ quality: 85 })
  try {
    // sharp writes no metadata unless asked (withMetadata): EXIF, GPS, XMP and comments are gone.
    const image = await encode(
      sharp(body, { limitInputPixels: DECODE_PIXEL_LIMIT }).rotate().resize({ width: IMAGE_MAX_PIXELS, height: IMAGE_MAX_PIXELS, fit: 'inside', withoutEnlargement: true })
    ).toBuffer({ resolveWithObject: true })
    const thumb = await encode(sharp(image.data).resize({ width: THUMB_PIXELS, height: THUMB_PIXELS, fit: 'inside', withoutEnlargement: true })).toBuffer()
    const base = `images/${safeSegment(entId)}/${purpose}/${fileId}`
    const ext = TYPE_EXT[type]
    return { key: `${base}.${ext}`, thumbKey: `${base}.thumb.${ext}`, type, image: image.data, thumb, width: image.info.width, height: image.info.height }
  } catch {
    // Truncated or corrupt past the header.
    throw new DomainError('UPLOAD_FILE_INVALID')
  }
}

/** The checked pictures of these FileIDs (any member's; for showing what a review or request keeps), in order. */
export async function loadCheckedImages(db: Kysely<Database>, entId: string, fileIds: string[]): Promise<CheckedImage[]> {
  if (fileIds.length === 0) return []
  const rows = await db
    .selectFrom('uploads')
    .select(['file_id', 'image_key', 'thumb_key', 'image_width', 'image_height'])
    .where('ent_id', '=', entId)
    .where('status', '=', 'checked')
    .where('file_id', 'in', [...new Set(fileIds)])
    .execute()
  const byId = new Map(rows.map((r) => [r.file_id, checkedOf(r)]))
  return fileIds.flatMap((id) => byId.get(id) ?? [])
}

/** The rows the app shows for checked pictures; `origin` is the request's (ctx.origin). */
export function imageRows(storage: ObjectStorage, images: readonly CheckedImage[], origin: string): ImageRow[] {
  return images.map((image) => ({
    FileID: image.fileId,
    Url: storage.publicUrl(image.key, origin),
    ThumbUrl: storage.publicUrl(image.thumbKey, origin),
    Width: image.width,
    Height: image.height
  }))
}

export interface CopyRemoteImageRequest {
  entId: string
  vipId: string
  purpose: UploadPurpose
  url: string
  now: Date
  /** Default 5 s. */
  timeoutMs?: number
  /** Tests only: allow a loopback/private address (a local test server). */
  allowPrivateAddresses?: boolean
  /** The fetch to use (tests); default the global one. */
  fetchImpl?: typeof fetch
}

/**
 * Copies a picture from an http(s) URL (a host's avatar) into our storage, checked as an upload
 * is: at most UPLOAD_MAX_BYTES, fetched within the timeout, decoded as one of UPLOAD_TYPES,
 * metadata stripped, thumbnailed. Refuses addresses of this machine or a private network (the
 * server must not be made to fetch inside its own network) and redirects. Answers null on any
 * failure (spec §8: the avatar is then empty); never throws.
 */
export async function copyRemoteImage(db: Kysely<Database>, storage: ObjectStorage, req: CopyRemoteImageRequest): Promise<CheckedImage | null> {
  try {
    const url = new URL(req.url)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    if (url.username || url.password) return null
    if (!req.allowPrivateAddresses && !(await isPublicHost(url.hostname))) return null
    const signal = AbortSignal.timeout(req.timeoutMs ?? 5000)
    const headers = { accept: 'image/jpeg, image/png, image/webp' }
    const answer: Fetched = req.fetchImpl || req.allowPrivateAddresses ? await (req.fetchImpl ?? fetch)(url, { redirect: 'manual', signal, headers }) : await getPinned(url, signal, headers)
    if (answer.status !== 200 || !answer.body) return null
    const declaredLength = Number(answer.headers.get('content-length') ?? '0')
    if (declaredLength > UPLOAD_MAX_BYTES) return null
    const chunks: Buffer[] = []
    let total = 0
    for await (const chunk of answer.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.length
      if (total > UPLOAD_MAX_BYTES) return null
      chunks.push(Buffer.from(chunk))
    }
    const fileId = newId()
    const made = await makeImage(Buffer.concat(chunks), null, fileId, req.entId, req.purpose)
    await storage.write(made.key, made.image, made.type)
    await storage.write(made.thumbKey, made.thumb, made.type)
    const now = req.now.toISOString()
    await db
      .insertInto('uploads')
      .values({
        file_id: fileId,
        ent_id: req.entId,
        vip_id: req.vipId,
        user_id: '',
        user_name: '',
        purpose: req.purpose,
        class_name: DEFAULT_UPLOAD_CLASS,
        file_name: (url.pathname.split('/').pop() || 'avatar').slice(0, 255),
        file_size: total,
        file_type: made.type,
        width: made.width,
        height: made.height,
        upload_key: '',
        status: 'checked',
        image_key: made.key,
        thumb_key: made.thumbKey,
        image_width: made.width,
        image_height: made.height,
        expires_at: now,
        created_at: now,
        checked_at: now
      })
      .execute()
    return { fileId, key: made.key, thumbKey: made.thumbKey, width: made.width, height: made.height }
  } catch {
    return null
  }
}

/** What copyRemoteImage reads of an answer (a fetch Response or getPinned's). */
interface Fetched {
  status: number
  headers: { get(name: string): string | null }
  body: unknown
}

/**
 * Red team issue 17 (DNS rebinding): isPublicHost resolved the name, then fetch resolved it again
 * and connected wherever that second answer said; a name server answering a public address first
 * and 127.0.0.1 next had us fetch from this machine. Now the connection's own lookup is the check:
 * every address it resolves must be public, and the socket connects to those (a GET, no redirects:
 * node:http follows none).
 */
function getPinned(url: URL, signal: AbortSignal, headers: Record<string, string>): Promise<Fetched> {
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.get(url, { signal, headers, lookup: publicLookup, agent: false }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: { get: (name) => [res.headers[name.toLowerCase()] ?? null].flat()[0] }, body: res })
    })
    request.on('error', reject)
  })
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/** net's lookup, answering only when every address of the name is public. */
function publicLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dns.lookup(hostname, { all: true }).then(
    (addresses) => {
      if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) {
        return callback(Object.assign(new Error(`${hostname} resolves to an address not on the public internet`), { code: 'EACCES' }), [])
      }
      if (options.all) callback(null, addresses)
      else callback(null, addresses[0].address, addresses[0].family)
    },
    (error: NodeJS.ErrnoException) => callback(error, [])
  )
}

/** Every address the name resolves to is a public one (not loopback, private, link-local …). */
async function isPublicHost(hostname: string): Promise<boolean> {
  const bare = hostname.replace(/^\[|\]$/g, '')
  const addresses = net.isIP(bare) ? [bare] : (await dns.lookup(bare, { all: true })).map((a) => a.address)
  return addresses.length > 0 && addresses.every(isPublicAddress)
}

export function isPublicAddress(address: string): boolean {
  if (net.isIPv4(address)) return isPublicV4(address.split('.').map(Number))
  const words = ipv6Words(address)
  if (!words) return false
  // Red team issue 17: IPv6 spellings of inner IPv4 addresses were public here, e.g. the URL
  // http://[::ffff:127.0.0.1]/ (the parser writes ::ffff:7f00:1) reached this machine's loopback.
  // Now an IPv6 address is public only in global unicast (2000::/3), with IPv4 carried inside it
  // judged as IPv4: mapped (::ffff:0:0/96) and 6to4 (2002::/16); Teredo, documentation, NAT64,
  // IPv4-compatible/SIIT, unique- and site-/link-local, multicast and the rest are not.
  const v4 = (hi: number, lo: number): number[] => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return isPublicV4(v4(words[6], words[7]))
  if ((words[0] & 0xe000) !== 0x2000) return false
  if (words[0] === 0x2001 && (words[1] === 0 || words[1] === 0xdb8)) return false
  if (words[0] === 0x2002) return isPublicV4(v4(words[1], words[2]))
  return true
}

function isPublicV4([a, b, c]: number[]): boolean {
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false
  if (a === 169 && b === 254) return false
  if (a === 172 && b >= 16 && b <= 31) return false
  if (a === 192 && b === 168) return false
  if (a === 100 && b >= 64 && b <= 127) return false
  // IETF protocol assignments (192.0.0.0/24) and benchmarking (198.18.0.0/15).
  if (a === 192 && b === 0 && c === 0) return false
  if (a === 198 && (b === 18 || b === 19)) return false
  return true
}

/** An IPv6 address as its eight 16-bit words (a trailing dotted IPv4 part allowed), or null. */
function ipv6Words(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '')
  if (!net.isIPv6(text)) return null
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number)
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null]
  const part = (s: string): number[] => (s ? s.split(':').map((w) => parseInt(w, 16)) : [])
  const left = part(head)
  const right = tail === null ? [] : part(tail)
  const words = tail === null ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
  return words.length === 8 && words.every((w) => Number.isInteger(w) && w >= 0 && w <= 0xffff) ? words : null
}
