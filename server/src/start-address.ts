/**
 * What the start lines say about where the server is (issue 28 item 7): the address it really
 * listens on, and the origin of the entry URLs it prints, which a phone on the same network can
 * open. Pure: the caller passes os.networkInterfaces().
 */
import type { NetworkInterfaceInfo } from 'node:os'

export type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>

/** HOST values that mean every address of this machine. */
const EVERY_ADDRESS = ['0.0.0.0', '::', '']

/** HOST values that only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\./.test(host)
}

/** 'all addresses (0.0.0.0)', '127.0.0.1 only' or the one address: where HOST makes the server listen. */
export function listenDescription(host: string, port: number): string {
  if (EVERY_ADDRESS.includes(host)) return `every address of this machine (${host || '0.0.0.0'}), port ${port}`
  return `${host.includes(':') ? `[${host}]` : host} only, port ${port}`
}

/** Interfaces made by Docker, libvirt, VPNs and the like: a phone at the table cannot reach them. */
const VIRTUAL = /^(docker|br-|veth|virbr|vmnet|vboxnet|tun|tap|utun|wg|zt|tailscale|cni|flannel|cali|lxc|lxd)/i

function isPrivate(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number)
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
}

/**
 * This machine's IPv4 addresses that another device on the network may reach, best first: private
 * (home and shop Wi-Fi) addresses of real interfaces, then other addresses of real interfaces, then
 * those of virtual ones. Loopback and link-local (169.254.x.x) addresses are left out.
 */
export function lanAddresses(interfaces: Interfaces): string[] {
  const found: { ip: string; rank: number }[] = []
  for (const [name, list] of Object.entries(interfaces)) {
    for (const info of list ?? []) {
      // Node 18.0–18.3 said family 4 instead of 'IPv4'.
      const v4 = info.family === 'IPv4' || (info.family as unknown) === 4
      if (!v4 || info.internal || info.address.startsWith('169.254.') || info.address.startsWith('127.')) continue
      const rank = VIRTUAL.test(name) ? 2 : isPrivate(info.address) ? 0 : 1
      found.push({ ip: info.address, rank })
    }
  }
  return found.sort((x, y) => x.rank - y.rank).map((f) => f.ip)
}

export interface EntryBase {
  /** The origin the printed URLs start with: 'https://order.shop.example', 'http://192.168.1.20:8080'. */
  base: string
  /** Said under the URLs when a phone cannot open them; null when it can. */
  note: string | null
}

/**
 * Where the printed entry URLs point: PUBLIC_URL when set; else, when the server listens on every
 * address, this machine's LAN IPv4 address; else the one address HOST names; localhost (with a note
 * saying why and what to do) when nothing else would work.
 */
export function entryBase(options: { publicUrl: string | null; host: string; port: number; interfaces: Interfaces }): EntryBase {
  const { publicUrl, host, port, interfaces } = options
  if (publicUrl) return { base: publicUrl.replace(/\/+$/, ''), note: null }
  const local = `http://localhost:${port}`
  if (isLoopback(host)) {
    return { base: local, note: `only this machine can open these (HOST=${host}); HOST=0.0.0.0 lets phones on your network in` }
  }
  if (EVERY_ADDRESS.includes(host)) {
    const [lan] = lanAddresses(interfaces)
    if (lan) return { base: `http://${lan}:${port}`, note: null }
    return { base: local, note: 'no network address found: only this machine can open these; set PUBLIC_URL to the address phones use' }
  }
  return { base: `http://${host.includes(':') ? `[${host}]` : host}:${port}`, note: null }
}
