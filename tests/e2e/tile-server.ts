/**
 * TEST DOUBLE of a map tile server for the browser tests (no internet here): answers
 * /tiles/{z}/{x}/{y}.png with a generated 256×256 PNG (a pale land colour that shifts with the
 * tile, grid lines at its edges), so the H5 map page draws real tiles through Leaflet. The
 * harness starts it and points the app server's MAP_TILE_URL (mapTileUrl) at it.
 */
import { createServer, type Server } from 'node:http'
import { deflateSync } from 'node:zlib'
import type { AddressInfo } from 'node:net'

export interface TileServer {
  /** The URL template to give the app server: http://127.0.0.1:<port>/tiles/{z}/{x}/{y}.png */
  readonly template: string
  /** Tiles served so far ('z/x/y'). */
  readonly served: string[]
  close(): Promise<void>
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/** A 256×256 RGB PNG for tile z/x/y. */
export function tilePng(z: number, x: number, y: number): Buffer {
  const size = 256
  const base = [226 - ((x * 7) % 20), 236 - ((y * 5) % 16), 214 + (z % 10)]
  const raw = Buffer.alloc((size * 3 + 1) * size)
  for (let row = 0; row < size; row++) {
    const o = row * (size * 3 + 1)
    raw[o] = 0 // no filter
    for (let col = 0; col < size; col++) {
      const line = row < 2 || col < 2 || row % 64 === 0 || col % 64 === 0
      const p = o + 1 + col * 3
      raw[p] = line ? 190 : base[0]
      raw[p + 1] = line ? 200 : base[1]
      raw[p + 2] = line ? 190 : base[2]
    }
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))])
}

export async function startTileServer(): Promise<TileServer> {
  const served: string[] = []
  const cache = new Map<string, Buffer>()
  const server: Server = createServer((req, res) => {
    const m = /^\/tiles\/(\d{1,2})\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '')
    if (!m) {
      res.writeHead(404).end()
      return
    }
    const key = `${m[1]}/${m[2]}/${m[3]}`
    served.push(key)
    let png = cache.get(key)
    if (!png) cache.set(key, (png = tilePng(Number(m[1]), Number(m[2]), Number(m[3]))))
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600', 'access-control-allow-origin': '*' }).end(png)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    template: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
