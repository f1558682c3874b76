/**
 * What object storage is to us (issue 17; spec §7 Files: a form upload to an object-storage
 * endpoint with key, signed policy, access id and signature, success status 200). Two
 * implementations behind one setting (STORAGE_PROVIDER): 'local', the server's own endpoint on
 * local disk that checks the signed policy exactly as an S3-compatible store would, and 's3', any
 * S3-compatible bucket (AWS S3, Aliyun OSS, MinIO) through the AWS SDK's presigned POST.
 * Providers never touch the database; the uploads service decides who may upload what and
 * checks every file (decoded, metadata stripped, sized, thumbnailed) before anything uses it.
 */

export interface UploadPolicy {
  /** The exact object key the form may write. */
  key: string
  contentType: string
  /** content-length-range upper bound, bytes. */
  maxBytes: number
  expiresAt: Date
}

export interface SignedUploadForm {
  url: string
  /** Form fields to send before the file (key, policy, access id, signature, success status …). */
  fields: Record<string, string>
}

export interface ObjectStorage {
  /** 'local', or 's3'. */
  readonly name: string
  /** Another origin the H5 app posts uploads to (the bucket's), for the page's connect-src; absent: our own. */
  readonly uploadOrigin?: string
  /** A signed POST form for one object. */
  signUpload(policy: UploadPolicy): Promise<SignedUploadForm>
  /** The object's bytes, or null when absent. */
  read(key: string): Promise<Buffer | null>
  /** Writes an object the server made itself (a checked picture, a thumbnail, a copied avatar). */
  write(key: string, body: Buffer, contentType: string): Promise<void>
  remove(key: string): Promise<void>
  /** The public URL the app shows for a key (absolute; `origin` is the request's, for the local store). */
  publicUrl(key: string, origin: string): string
}
