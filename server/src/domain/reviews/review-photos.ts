/**
 * A review's photos: the member's checked uploads for 'review' (../files/uploaded-images.ts), and
 * their ImageRows (checked picture and thumbnail URLs) for showing.
 */
import type { Kysely } from 'kysely'
import type { ImageRow } from '../../../../src/gateway/after-rows'
import type { ObjectStorage } from '../../providers/storage/object-storage'
import type { Database } from '../../storage/schema'
import { imageRows, loadCheckedImages, useCheckedImages } from '../files/uploaded-images'

interface PhotoCaller {
  db: Kysely<Database>
  storage: ObjectStorage
  entId: string
  vipId: string
  origin: string
}

/** Checks the FileIDs are the caller's uploads for reviews, each a picture (UPLOAD_NOT_FOUND / UPLOAD_FILE_INVALID otherwise). */
export async function checkReviewPhotos(caller: PhotoCaller, fileIds: string[]): Promise<void> {
  await useCheckedImages(caller.db, caller.storage, { entId: caller.entId, vipId: caller.vipId, purpose: 'review', fileIds })
}

/** The ImageRows of checked pictures by FileID (ones not checked are left out). */
export async function reviewPhotoRows(
  caller: { db: Kysely<Database>; storage: ObjectStorage; entId: string; origin: string },
  fileIds: string[]
): Promise<Map<string, ImageRow>> {
  if (fileIds.length === 0) return new Map()
  const images = await loadCheckedImages(caller.db, caller.entId, [...new Set(fileIds)])
  return new Map(imageRows(caller.storage, images, caller.origin).map((row) => [row.FileID, row]))
}
