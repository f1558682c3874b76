/**
 * The 'local' object store's HTTP side (STORAGE_PROVIDER=local; issue 17, spec §7):
 *   - POST /storage/upload: a multipart form as an S3 POST upload sends it (fields first, then the
 *     file as 'file'; fields after the file are ignored, as S3 does). Checked exactly as S3 checks
 *     a POST policy: the signature over the base64 Policy (HMAC-SHA256 with the deployment's own
 *     secret), the expiry, every condition (key, Content-Type, success_action_status, algorithm,
 *     credential: equal; content-length-range: the file's size within it) and no form field the
 *     policy does not name. Success answers 200 with no body (success_action_status=200, all the
 *     signed forms ask for); anything else is 4xx with an S3-style XML error, and nothing stored.
 *   - GET /storage/images/…: checked pictures only (decoded and re-encoded by the server), with
 *     their picture type, nosniff and a year's cache (their keys never change). Uploads that are not
 *     checked yet ('uploads/…') are never served, to anyone.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import { UPLOAD_MAX_BYTES } from '../../../src/gateway/after-rows'
import { LOCAL_ACCESS_ID, LOCAL_ALGORITHM, LOCAL_UPLOAD_PATH, SAFE_KEY, type LocalObjectStorage, type PolicyDocument } from '../providers/storage/local.storage'

export interface StorageRouteDeps {
  storage: LocalObjectStorage
  /**
   * Origins besides our own whose pages may upload (ALLOWED_ORIGINS: an H5 build served
   * elsewhere); they get Access-Control-Allow-Origin so their page can read the status.
   */
  allowedOrigins?: readonly string[]
}

/** The form's other fields (key, policy, signature …) are small; the file is at most UPLOAD_MAX_BYTES. */
const FORM_BODY_LIMIT = UPLOAD_MAX_BYTES + 64 * 1024

/** Fields the policy need not name (as S3: the policy and signature themselves, the file). */
const UNSIGNED_FIELDS = new Set(['policy', 'x-amz-signature', 'file'])

const CHECKED_KEY = /^images\/[A-Za-z0-9_-]+\/(review|aftersale|avatar)\/[0-9a-f]{32}(\.thumb)?\.(jpg|png|webp)$/
const TYPE_OF_EXT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

export async function storageRoutes(app: FastifyInstance, deps: StorageRouteDeps): Promise<void> {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => done(null, body))
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 }, (_request, body, done) => done(null, body))

  app.post(LOCAL_UPLOAD_PATH, { bodyLimit: FORM_BODY_LIMIT }, async (request, reply) => {
    const origin = request.headers.origin
    if (origin && deps.allowedOrigins?.includes(origin)) reply.header('access-control-allow-origin', origin).header('vary', 'Origin')
    const contentType = request.headers['content-type'] ?? ''
    if (!/^multipart\/form-data\s*;/i.test(contentType) || !Buffer.isBuffer(request.body)) {
      return s3Error(reply, 412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data')
    }
    let form: FormData
    try {
      form = await new Response(new Uint8Array(request.body), { headers: { 'content-type': contentType } }).formData()
    } catch {
      return s3Error(reply, 400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.')
    }
    const fields = new Map<string, string>()
    let file: Blob | null = null
    for (const [name, value] of form.entries()) {
      if (name === 'file') {
        if (typeof value === 'string') return s3Error(reply, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.')
        file = value
        break
      }
      if (typeof value !== 'string') continue
      // Field names are case-insensitive in S3's checks.
      fields.set(name.toLowerCase(), value)
    }
    if (!file) return s3Error(reply, 400, 'InvalidArgument', 'POST requires exactly one file upload per request.')
    const policy = fields.get('policy')
    const signature = fields.get('x-amz-signature')
    if (!policy || !signature) return s3Error(reply, 403, 'AccessDenied', 'Bucket POST must contain a policy and a signature.')
    if (!deps.storage.verifySignature(policy, signature)) {
      return s3Error(reply, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.')
    }
    const document = parsePolicy(policy)
    if (!document) return s3Error(reply, 400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.')
    const expiration = Date.parse(document.expiration)
    if (!Number.isFinite(expiration) || expiration <= Date.now()) return s3Error(reply, 403, 'AccessDenied', 'Invalid according to Policy: Policy expired.')

    const named = new Set<string>()
    let range: [number, number] | null = null
    for (const condition of document.conditions) {
      if (Array.isArray(condition) && condition[0] === 'content-length-range') {
        range = [Number(condition[1]), Number(condition[2])]
        continue
      }
      if (!condition || typeof condition !== 'object' || Array.isArray(condition)) return s3Error(reply, 400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid condition.')
      for (const [name, expected] of Object.entries(condition as Record<string, unknown>)) {
        named.add(name.toLowerCase())
        if (name.toLowerCase() === 'bucket') continue
        if (fields.get(name.toLowerCase()) !== expected) {
          return s3Error(reply, 403, 'AccessDenied', `Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", ${JSON.stringify(expected)}]`)
        }
      }
    }
    for (const name of fields.keys()) {
      if (!named.has(name) && !UNSIGNED_FIELDS.has(name) && !name.startsWith('x-ignore-')) {
        return s3Error(reply, 403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`)
      }
    }
    // Our signed policies always carry these; a policy without them is not one of ours.
    if (fields.get('x-amz-algorithm') !== LOCAL_ALGORITHM || fields.get('x-amz-credential') !== LOCAL_ACCESS_ID || !range) {
      return s3Error(reply, 400, 'InvalidPolicyDocument', 'Invalid Policy: missing conditions.')
    }
    if (file.size > Math.min(range[1], UPLOAD_MAX_BYTES)) return s3Error(reply, 400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size')
    if (file.size < range[0]) return s3Error(reply, 400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size')
    const key = fields.get('key') ?? ''
    if (!SAFE_KEY.test(key) || !key.startsWith('uploads/')) return s3Error(reply, 400, 'InvalidArgument', 'Invalid key.')

    await deps.storage.write(key, Buffer.from(await file.arrayBuffer()), fields.get('content-type') ?? 'application/octet-stream')
    const status = fields.get('success_action_status') === '200' ? 200 : 204
    return reply.code(status).header('cache-control', 'no-store').send()
  })

  app.get<{ Params: { '*': string } }>('/storage/*', async (request, reply) => {
    const key = request.params['*']
    const match = CHECKED_KEY.exec(key)
    if (!match) return notFound(reply)
    const body = await deps.storage.read(key)
    if (!body) return notFound(reply)
    return reply
      .header('content-type', TYPE_OF_EXT[match[3]])
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      // Shown by an H5 build on another origin too (ALLOWED_ORIGINS), as /files/ pictures are.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(body)
  })
}

function parsePolicy(encoded: string): PolicyDocument | null {
  try {
    const document = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as PolicyDocument
    if (typeof document?.expiration !== 'string' || !Array.isArray(document.conditions)) return null
    return document
  } catch {
    return null
  }
}

const xmlText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function s3Error(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/xml')
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlText(message)}</Message></Error>`)
}

function notFound(reply: FastifyReply): FastifyReply {
  return s3Error(reply, 404, 'NoSuchKey', 'The specified key does not exist.')
}
