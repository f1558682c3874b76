/**
 * STORAGE_PROVIDER=s3: any S3-compatible bucket (AWS S3, Aliyun OSS, MinIO) through the AWS SDK.
 * Uploads are the SDK's presigned POST (createPresignedPost) with conditions on the exact key, the
 * Content-Type, content-length-range and success_action_status 200, so the bucket itself refuses
 * anything else. Settings: S3_BUCKET, S3_REGION, S3_ENDPOINT (MinIO/OSS; path-style addressing),
 * S3_PUBLIC_URL (where the bucket's objects are read, e.g. a CDN); credentials from the SDK's usual
 * chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3'
import { createPresignedPost } from '@aws-sdk/s3-presigned-post'
import type { ObjectStorage, SignedUploadForm, UploadPolicy } from './object-storage'

export interface S3StorageSettings {
  bucket: string
  region: string
  /** An S3-compatible endpoint (MinIO, OSS); null for AWS. */
  endpoint: string | null
  /** Where objects are read from (no trailing '/'); null: the bucket's own URL. */
  publicUrl: string | null
}

export class S3ObjectStorage implements ObjectStorage {
  readonly name = 's3'
  readonly client: S3Client
  /** Where presigned POSTs go: the endpoint's origin, else the bucket's AWS origin. */
  readonly uploadOrigin: string

  constructor(
    readonly settings: S3StorageSettings,
    clientConfig: S3ClientConfig = {}
  ) {
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...clientConfig
    })
    this.uploadOrigin = settings.endpoint ? new URL(settings.endpoint).origin : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`
  }

  async signUpload(policy: UploadPolicy): Promise<SignedUploadForm> {
    const seconds = Math.max(1, Math.floor((policy.expiresAt.getTime() - Date.now()) / 1000))
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.settings.bucket,
      Key: policy.key,
      Conditions: [
        ['content-length-range', 1, policy.maxBytes],
        ['eq', '$Content-Type', policy.contentType],
        { success_action_status: '200' }
      ],
      Fields: { 'Content-Type': policy.contentType, success_action_status: '200' },
      Expires: seconds
    })
    return { url, fields }
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }))
      if (!answer.Body) return null
      return Buffer.from(await answer.Body.transformToByteArray())
    } catch (error) {
      const name = (error as { name?: string }).name
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
      if (name === 'NoSuchKey' || name === 'NotFound' || status === 404) return null
      throw error
    }
  }

  async write(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        // Checked pictures never change under their key.
        CacheControl: 'public, max-age=31536000, immutable'
      })
    )
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }))
  }

  publicUrl(key: string, _origin: string): string {
    const path = key.split('/').map(encodeURIComponent).join('/')
    if (this.settings.publicUrl) return `${this.settings.publicUrl}/${path}`
    if (this.settings.endpoint) return `${this.settings.endpoint.replace(/\/+$/, '')}/${this.settings.bucket}/${path}`
    return `https://${this.settings.bucket}.s3.${this.settings.region}.amazonaws.com/${path}`
  }
}
