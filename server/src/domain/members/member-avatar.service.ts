/**
 * The member's avatar (issue 17 item 4; spec §8). Only pictures in our own storage, checked as
 * every upload is (decoded, metadata stripped, sized, thumbnailed: domain/files/uploaded-images):
 *   - VipAvatarUpdate: one of the member's own 'avatar' uploads becomes the avatar; '' removes it;
 *   - a host login that brings the host's picture (VipRegister's HeadImg, from
 *     ThirdPartyUserInfoGet / the host browsers' user info): the picture is copied into our
 *     storage; a copy that fails leaves the avatar empty (spec §8). The host's URL is never kept.
 * members.head_img holds the absolute URL the app shows (VipRow.HeadImg), '' none.
 */
import type { Kysely } from 'kysely'
import type { ImageRow } from '../../../../src/gateway/after-rows'
import type { ObjectStorage } from '../../providers/storage/object-storage'
import type { Database } from '../../storage/schema'
import { copyRemoteImage, imageRows, useCheckedImages, type CheckedImage } from '../files/uploaded-images'

export interface AvatarRequest {
  db: Kysely<Database>
  storage: ObjectStorage
  entId: string
  vipId: string
  /** The request's origin (the local store's public URLs are on it). */
  origin: string
  now: Date
}

async function setHeadImg(req: AvatarRequest, url: string): Promise<void> {
  await req.db.updateTable('members').set({ head_img: url, updated_at: req.now.toISOString() }).where('ent_id', '=', req.entId).where('vip_id', '=', req.vipId).execute()
}

const urlOf = (req: AvatarRequest, image: CheckedImage): string => req.storage.publicUrl(image.key, req.origin)

/**
 * VipAvatarUpdate: the member's own checked 'avatar' upload becomes their avatar (another
 * member's, another purpose's or an unknown FileID → UPLOAD_NOT_FOUND; not the picture it claims
 * → UPLOAD_FILE_INVALID); FileID '' removes the avatar. Answers the picture ([] when removed).
 */
export async function updateAvatar(req: AvatarRequest, fileId: string): Promise<ImageRow[]> {
  if (!fileId) {
    await setHeadImg(req, '')
    return []
  }
  const [image] = await useCheckedImages(req.db, req.storage, { entId: req.entId, vipId: req.vipId, purpose: 'avatar', fileIds: [fileId] })
  await setHeadImg(req, urlOf(req, image))
  return imageRows(req.storage, [image], req.origin)
}

export interface HostAvatarOptions {
  /** Tests only: a picture served by a local test server. */
  allowPrivateAddresses?: boolean
  fetchImpl?: typeof fetch
  timeoutMs?: number
}

/**
 * Copies the host's picture into our storage and makes it the member's avatar; any failure (not
 * a picture, too big, too slow, a redirect, a private address, not http(s)) leaves it empty
 * (spec §8). Answers the URL now kept ('' none). Never throws for the copy.
 */
export async function copyHostAvatar(req: AvatarRequest, url: string, options: HostAvatarOptions = {}): Promise<string> {
  const text = url.trim()
  const image = text ? await copyRemoteImage(req.db, req.storage, { entId: req.entId, vipId: req.vipId, purpose: 'avatar', url: text, now: req.now, ...options }) : null
  const kept = image ? urlOf(req, image) : ''
  await setHeadImg(req, kept)
  return kept
}
