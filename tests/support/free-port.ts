/** A port nobody listens on now on 127.0.0.1 (a server that must know its PUBLIC_URL before it starts takes it). */
import net from 'node:net'

export async function freePort(): Promise<number> {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = (probe.address() as net.AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
