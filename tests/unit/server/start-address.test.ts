/**
 * issue 28 item 7: the start lines say where the server really listens, and print entry URLs a phone
 * on the same network can open (PUBLIC_URL, else this machine's LAN IPv4 address, else localhost with a note).
 */
import type { NetworkInterfaceInfo } from 'node:os'
import { entryBase, lanAddresses, listenDescription, type Interfaces } from '../../../server/src/start-address'

const v4 = (address: string, internal = false): NetworkInterfaceInfo => ({ address, family: 'IPv4', internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: `${address}/24` })
const v6 = (address: string): NetworkInterfaceInfo => ({ address, family: 'IPv6', internal: false, netmask: 'ffff:ffff:ffff:ffff::', mac: '00:00:00:00:00:00', cidr: `${address}/64`, scopeid: 0 })

const laptop: Interfaces = {
  lo: [v4('127.0.0.1', true)],
  docker0: [v4('172.17.0.1')],
  wlan0: [v6('fe80::1'), v4('192.168.1.23')],
  eth1: [v4('169.254.10.2')]
}

describe('where the server listens', () => {
  it('says every address for 0.0.0.0 and ::, and only the one address otherwise', () => {
    expect(listenDescription('0.0.0.0', 8080)).toBe('every address of this machine (0.0.0.0), port 8080')
    expect(listenDescription('::', 8080)).toBe('every address of this machine (::), port 8080')
    expect(listenDescription('127.0.0.1', 9000)).toBe('127.0.0.1 only, port 9000')
    expect(listenDescription('::1', 9000)).toBe('[::1] only, port 9000')
  })
})

describe('the LAN addresses a phone may reach', () => {
  it('puts a private address of a real interface first; leaves out loopback, link-local and IPv6', () => {
    expect(lanAddresses(laptop)).toEqual(['192.168.1.23', '172.17.0.1'])
  })
  it('finds none on a machine with only loopback', () => {
    expect(lanAddresses({ lo: [v4('127.0.0.1', true)] })).toEqual([])
  })
  it('takes a public address of a real interface before a virtual one', () => {
    expect(lanAddresses({ virbr0: [v4('192.168.122.1')], ens3: [v4('203.0.113.7')] })).toEqual(['203.0.113.7', '192.168.122.1'])
  })
})

describe('the origin of the printed entry URLs', () => {
  it('is PUBLIC_URL when set, whatever HOST is', () => {
    expect(entryBase({ publicUrl: 'https://order.shop.example/', host: '127.0.0.1', port: 8080, interfaces: laptop })).toEqual({ base: 'https://order.shop.example', note: null })
  })
  it("is this machine's LAN address when listening on every address", () => {
    expect(entryBase({ publicUrl: null, host: '0.0.0.0', port: 8080, interfaces: laptop })).toEqual({ base: 'http://192.168.1.23:8080', note: null })
  })
  it('is localhost with a note when there is no LAN address', () => {
    const r = entryBase({ publicUrl: null, host: '0.0.0.0', port: 8080, interfaces: { lo: [v4('127.0.0.1', true)] } })
    expect(r.base).toBe('http://localhost:8080')
    expect(r.note).toMatch(/only this machine.*PUBLIC_URL/)
  })
  it('is localhost with a note saying how to let phones in when HOST is loopback', () => {
    const r = entryBase({ publicUrl: null, host: '127.0.0.1', port: 8081, interfaces: laptop })
    expect(r.base).toBe('http://localhost:8081')
    expect(r.note).toMatch(/HOST=127\.0\.0\.1.*HOST=0\.0\.0\.0/)
  })
  it('is the one address HOST names', () => {
    expect(entryBase({ publicUrl: null, host: '192.168.1.23', port: 8080, interfaces: laptop }).base).toBe('http://192.168.1.23:8080')
  })
})
