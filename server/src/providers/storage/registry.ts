/**
 * Builds the object storage STORAGE_PROVIDER names ('local' default, or 's3'); see object-storage.ts.
 */
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { ServerConfig } from '../../config'
import { getOrCreateSecret, SECRET_NAMES } from '../../domain/secrets/server-secret'
import type { Database } from '../../storage/schema'
import { ProviderChoiceError } from '../run-mode'
import { LocalObjectStorage } from './local.storage'
import type { ObjectStorage } from './object-storage'

export const STORAGE_PROVIDERS = ['local', 's3'] as const

export type StorageConfig = Pick<ServerConfig, 'storageProvider' | 'storageDir' | 'dataDir' | 's3Bucket' | 's3Region' | 's3Endpoint' | 's3PublicUrl'>

export async function buildObjectStorage(config: StorageConfig, db: Kysely<Database>): Promise<ObjectStorage> {
  switch (config.storageProvider) {
    case 'local':
      return new LocalObjectStorage(config.storageDir ?? path.join(config.dataDir, 'storage'), await getOrCreateSecret(db, SECRET_NAMES.storageUpload))
    case 's3':
      if (!config.s3Bucket) throw new Error('STORAGE_PROVIDER=s3 needs S3_BUCKET')
      // The AWS SDK is loaded only by a server that stores in S3.
      return new (await import('./s3.storage')).S3ObjectStorage({ bucket: config.s3Bucket, region: config.s3Region, endpoint: config.s3Endpoint, publicUrl: config.s3PublicUrl })
    default:
      throw new ProviderChoiceError('STORAGE_PROVIDER', config.storageProvider, STORAGE_PROVIDERS)
  }
}
