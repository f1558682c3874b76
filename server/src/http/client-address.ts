/**
 * The client address that rate limits count by (SMS sends and tries, feedback). An IPv4 address
 * as it is; an IPv4-mapped IPv6 address ('::ffff:10.0.0.1') as its IPv4 address; any other IPv6
 * address as its /64 network ('2001:db8:66:1::/64'): one machine on IPv6 holds a whole /64 (its
 * privacy addresses change on their own), so counting full IPv6 addresses apart would give one
 * stranger any number of addresses. A dining room on one IPv6 network is one address, as it is
 * behind one IPv4 NAT.
 */
import { isIPv4, isIPv6 } from 'node:net'

export function clientAddress(ip: string): string {
  const text = ip.trim().toLowerCase()
  if (!isIPv6(text)) return text
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text) ?? /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (mapped && isIPv4(mapped[1])) return mapped[1]
  const [head, tail = ''] = text.split('::')
  const left = head ? head.split(':') : []
  const right = text.includes('::') && tail ? tail.split(':') : []
  // An embedded IPv4 tail counts as two groups; it only ever falls in the host half.
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length - (right.some((g) => g.includes('.')) ? 1 : 0))).fill('0'), ...right]
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`
}
