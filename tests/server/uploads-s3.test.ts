/**
 * STORAGE_PROVIDER=s3 without a network (issue 17): the presigned POST form the AWS SDK makes for
 * a ticket (its policy's conditions on the exact key, Content-Type, content-length-range and
 * success_action_status 200, and a SigV4 signature we recompute), public URLs, and read / write /
 * remove against a small local S3 stand-in (path-style, as MinIO) that the SDK talks to over HTTP.
 */
import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { S3ObjectStorage } from '../../server/src/providers/storage/s3.storage'
import { buildObjectStorage } from '../../server/src/providers/storage/registry'
import { loadConfig } from '../../server/src/config'

const credentials = { accessKeyId: 'AKIATESTKEY', secretAccessKey: 'test-secret-key' }

let fake: http.Server
let endpoint: string
const objects = new Map<string, { body: Buffer; type: string }>()

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const key = decodeURIComponent((req.url ?? '').split('?')[0])
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type'] ?? '') })
        return res.writeHead(200, { etag: '"1"' }).end()
      }
      if (req.method === 'GET') {
        const o = objects.get(key)
        if (!o) return res.writeHead(404, { 'content-type': 'application/xml' }).end('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>')
        return res.writeHead(200, { 'content-type': o.type, 'content-length': o.body.length }).end(o.body)
      }
      if (req.method === 'DELETE') {
        objects.delete(key)
        return res.writeHead(204).end()
      }
      res.writeHead(405).end()
    })
  })
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
  endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())))

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest()

test('the presigned POST allows exactly the key, the type, 1–5 MB and status 200, signed with SigV4', async () => {
  const storage = new S3ObjectStorage({ bucket: 'photos', region: 'ap-east-1', endpoint: null, publicUrl: null }, { credentials })
  const expiresAt = new Date(Date.now() + 600_000)
  const form = await storage.signUpload({ key: 'uploads/E1001/review/V1/abc.jpg', contentType: 'image/jpeg', maxBytes: 5242880, expiresAt })
  expect(form.url).toBe('https://photos.s3.ap-east-1.amazonaws.com/')
  expect(form.fields).toMatchObject({ key: 'uploads/E1001/review/V1/abc.jpg', 'Content-Type': 'image/jpeg', success_action_status: '200', bucket: 'photos', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' })
  expect(form.fields['X-Amz-Credential']).toMatch(/^AKIATESTKEY\/\d{8}\/ap-east-1\/s3\/aws4_request$/)
  const policy = JSON.parse(Buffer.from(form.fields.Policy, 'base64').toString())
  expect(Math.abs(Date.parse(policy.expiration) - expiresAt.getTime())).toBeLessThan(2000)
  expect(policy.conditions).toEqual(
    expect.arrayContaining([
      ['content-length-range', 1, 5242880],
      ['eq', '$Content-Type', 'image/jpeg'],
      { success_action_status: '200' },
      { key: 'uploads/E1001/review/V1/abc.jpg' },
      { bucket: 'photos' }
    ])
  )
  // SigV4 of the base64 policy with the secret, date, region and service of the credential.
  const [, date, region] = form.fields['X-Amz-Credential'].split('/')
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, date), region), 's3'), 'aws4_request')
  expect(form.fields['X-Amz-Signature']).toBe(createHmac('sha256', signingKey).update(form.fields.Policy).digest('hex'))
})

test('public URLs: S3_PUBLIC_URL, else the endpoint (path style), else the AWS bucket URL', () => {
  const key = 'images/E1001/review/abc.jpg'
  expect(new S3ObjectStorage({ bucket: 'b', region: 'r', endpoint: null, publicUrl: 'https://cdn.example' }).publicUrl(key, 'http://ignored')).toBe(`https://cdn.example/${key}`)
  expect(new S3ObjectStorage({ bucket: 'b', region: 'r', endpoint: 'https://minio.example', publicUrl: null }).publicUrl(key, '')).toBe(`https://minio.example/b/${key}`)
  expect(new S3ObjectStorage({ bucket: 'b', region: 'us-east-1', endpoint: null, publicUrl: null }).publicUrl(key, '')).toBe(`https://b.s3.us-east-1.amazonaws.com/${key}`)
})

test('write, read and remove through the SDK against an S3-compatible endpoint', async () => {
  const storage = new S3ObjectStorage({ bucket: 'photos', region: 'us-east-1', endpoint, publicUrl: null }, { credentials })
  const form = await storage.signUpload({ key: 'uploads/x.jpg', contentType: 'image/jpeg', maxBytes: 10, expiresAt: new Date(Date.now() + 60_000) })
  expect(form.url).toBe(`${endpoint}/photos`)
  await storage.write('images/E1001/review/a.jpg', Buffer.from('picture bytes'), 'image/jpeg')
  expect(objects.get('/photos/images/E1001/review/a.jpg')?.type).toBe('image/jpeg')
  expect((await storage.read('images/E1001/review/a.jpg'))?.toString()).toBe('picture bytes')
  await storage.remove('images/E1001/review/a.jpg')
  expect(await storage.read('images/E1001/review/a.jpg')).toBeNull()
})

test('STORAGE_PROVIDER chooses the store; s3 needs S3_BUCKET; an unknown name is refused', async () => {
  const db = {} as never
  const s3 = await buildObjectStorage(loadConfig({ STORAGE_PROVIDER: 's3', S3_BUCKET: 'photos', S3_ENDPOINT: 'http://localhost:9000' }), db)
  expect(s3.name).toBe('s3')
  await expect(buildObjectStorage(loadConfig({ STORAGE_PROVIDER: 's3' }), db)).rejects.toThrow(/S3_BUCKET/)
  await expect(buildObjectStorage(loadConfig({ STORAGE_PROVIDER: 'ftp' }), db)).rejects.toThrow(/STORAGE_PROVIDER 'ftp'/)
  expect(() => loadConfig({ S3_PUBLIC_URL: 'http://cdn.example' })).toThrow(/S3_PUBLIC_URL/)
})

test("with STORAGE_PROVIDER=s3 the app's pages may post to the bucket (CSP connect-src) and the local endpoint does not exist", async () => {
  const { createTestServer } = await import('./helpers/test-server')
  const server = await createTestServer({ storageProvider: 's3', s3Bucket: 'photos', s3Endpoint: 'https://minio.shop.example:9000' })
  try {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' })
    expect(String(res.headers['content-security-policy'])).toMatch(/connect-src 'self' https:\/\/minio\.shop\.example:9000/)
    expect((await server.app.inject({ method: 'POST', url: '/storage/upload', payload: '' })).statusCode).toBe(404)
  } finally {
    await server.close()
  }
})
