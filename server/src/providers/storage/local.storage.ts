/**
 * STORAGE_PROVIDER=local (the default): objects are files under one directory of the server's
 * (STORAGE_DIR, default <DATA_DIR>/storage), uploaded through the server's own endpoint
 * (POST /storage/upload, server/src/http/storage.route.ts) with a signed POST policy checked the
 * way an S3-compatible store checks it: an HMAC-SHA256 of the base64 policy with a secret of the
 * deployment's own (server_secrets 'storage-upload'), the expiry, the exact key, the Content-Type and
 * the content-length-range; every other form field must be named by the policy. This is a real
 * store (files on the server's disk, kept across restarts), not a development stand-in; a deployment
 * with several server machines or none with a persistent disk uses 's3'.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { ObjectStorage, SignedUploadForm, UploadPolicy } from './object-storage'

/** The path of the upload endpoint; the ticket's UploadUrl is it on the caller's origin. */
export const LOCAL_UPLOAD_PATH = '/storage/upload'
/** Stored objects are served under this path (only checked pictures: see storage.route.ts). */
export const LOCAL_OBJECT_PATH = '/storage/'
/** The form's access id (spec §7 'access id'; S3's X-Amz-Credential). */
export const LOCAL_ACCESS_ID = 'scanorder-local'
export const LOCAL_ALGORITHM = 'SCANORDER-HMAC-SHA256'

/** A key we store: path segments of safe characters, no '..', no leading '/'. */
export const SAFE_KEY = /^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9_./-]{0,400}$/

/** The policy document, as S3's POST policy (expiration + conditions). */
export interface PolicyDocument {
  expiration: string
  conditions: unknown[]
}

export class LocalObjectStorage implements ObjectStorage {
  readonly name = 'local'
  constructor(
    readonly rootDir: string,
    private readonly secret: string
  ) {}

  async signUpload(policy: UploadPolicy): Promise<SignedUploadForm> {
    const document: PolicyDocument = {
      expiration: policy.expiresAt.toISOString(),
      conditions: [
        { key: policy.key },
        { 'Content-Type': policy.contentType },
        ['content-length-range', 1, policy.maxBytes],
        { success_action_status: '200' },
        { 'x-amz-algorithm': LOCAL_ALGORITHM },
        { 'x-amz-credential': LOCAL_ACCESS_ID }
      ]
    }
    const encoded = Buffer.from(JSON.stringify(document), 'utf8').toString('base64')
    return {
      url: LOCAL_UPLOAD_PATH,
      fields: {
        key: policy.key,
        'Content-Type': policy.contentType,
        success_action_status: '200',
        'X-Amz-Algorithm': LOCAL_ALGORITHM,
        'X-Amz-Credential': LOCAL_ACCESS_ID,
        Policy: encoded,
        'X-Amz-Signature': this.sign(encoded)
      }
    }
  }

  /** The signature of a base64 policy (hex). */
  sign(encodedPolicy: string): string {
    return createHmac('sha256', this.secret).update(encodedPolicy, 'utf8').digest('hex')
  }

  /** Whether `signature` is ours for `encodedPolicy` (constant time). */
  verifySignature(encodedPolicy: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(encodedPolicy), 'hex')
    const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.fileOf(key))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async write(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.fileOf(key)
    await fs.mkdir(path.dirname(file), { recursive: true })
    // Written whole or not at all: a reader never sees half a picture.
    // Unique per write: two checks of one upload at the same moment (a double tap, six avatar
    // updates at once) once shared a name made of process and millisecond, and one rename failed.
    const temp = `${file}.${randomUUID()}.part`
    await fs.writeFile(temp, body)
    await fs.rename(temp, file)
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true })
  }

  publicUrl(key: string, origin: string): string {
    return `${origin}${LOCAL_OBJECT_PATH}${key}`
  }

  /** The file of a key; throws on a key that could leave the directory. */
  fileOf(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key '${key}'`)
    const file = path.resolve(this.rootDir, key)
    if (!file.startsWith(path.resolve(this.rootDir) + path.sep)) throw new Error(`unsafe storage key '${key}'`)
    return file
  }
}
