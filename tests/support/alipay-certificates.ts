/**
 * Certificates for Alipay's certificate mode (公钥证书), made by the test with openssl in the shape the
 * open platform hands out: a root chain file with two RSA roots and an ECDSA one between them (the
 * real alipayRootCert.crt also carries a non-RSA root, which the serial-number rule leaves out), a
 * class-2 CA under the first root, and under it the app's certificate (of the app key the test made)
 * and "Alipay's" (of the fake's key). The serial numbers are computed here from the published rule
 * with node:crypto, not by alipay-sdk: app_cert_sn = MD5 of the issuer's DN (RFC 2253 order, CN first,
 * `k=v` joined by ',') followed by the serial number in decimal; alipay_root_cert_sn = the same for
 * each RSA-signed certificate of the root file, joined by '_'.
 */
import { createHash, X509Certificate, type KeyObject } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

export interface AlipayCertFiles {
  appCertPath: string
  alipayPublicCertPath: string
  rootCertPath: string
  appCertSn: string
  alipayCertSn: string
  rootCertSn: string
}

/** MD5(issuer DN in RFC 2253 order + decimal serial), as Alipay's SDKs compute a certificate's SN. */
export function certSn(pem: string): string {
  const cert = new X509Certificate(pem)
  // Node writes the issuer C first, one attribute a line; Java's getName() (Alipay's reference) writes CN first, joined by ','.
  const dn = cert.issuer.split('\n').reverse().join(',')
  const serial = BigInt(`0x${cert.serialNumber}`).toString(10)
  return createHash('md5').update(dn + serial, 'utf8').digest('hex')
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] })
}

/** Writes the chain and the two leaf certificates into `dir`; `appKey` / `alipayKey` are the key pairs' private halves. */
export function makeAlipayCertificates(dir: string, appId: string, appKey: KeyObject, alipayKey: KeyObject, opts: { days?: number; appSerial?: string } = {}): AlipayCertFiles {
  fs.mkdirSync(dir, { recursive: true })
  const days = String(opts.days ?? 365)
  fs.writeFileSync(path.join(dir, 'app.key'), appKey.export({ type: 'pkcs8', format: 'pem' }))
  fs.writeFileSync(path.join(dir, 'alipay.key'), alipayKey.export({ type: 'pkcs8', format: 'pem' }))
  const root = (name: string, keyArgs: string[], serial: string) =>
    openssl(['req', '-x509', '-new', ...keyArgs, '-nodes', '-keyout', `${name}.key`, '-out', `${name}.crt`, '-days', '3650', '-set_serial', serial, '-subj', `/C=CN/O=Fake Ant Financial/OU=Certification Authority/CN=Fake Ant Financial Certification Authority ${name}`], dir)
  root('R1', ['-newkey', 'rsa:2048', '-sha256'], '0x623dcc4a2ed6b52f')
  root('E1', ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-sha384'], '0x4c2e2aa1b0bd0e57')
  root('R2', ['-newkey', 'rsa:2048', '-sha256'], '0x2b2e8b8a7c4f3eab')
  // The class-2 CA that issues the app's and Alipay's certificates, under R1.
  fs.writeFileSync(path.join(dir, 'ca.ext'), 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n')
  openssl(['req', '-new', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'class2.key', '-out', 'class2.csr', '-subj', '/C=CN/O=Fake Ant Financial/OU=Certification Authority/CN=Fake Ant Financial Certification Authority Class 2 R1'], dir)
  openssl(['x509', '-req', '-in', 'class2.csr', '-CA', 'R1.crt', '-CAkey', 'R1.key', '-set_serial', '0x1a2b3c4d5e6f', '-days', '3650', '-sha256', '-extfile', 'ca.ext', '-out', 'class2.crt'], dir)
  const leaf = (name: string, keyFile: string, cn: string, serial: string) => {
    openssl(['req', '-new', '-key', keyFile, '-out', `${name}.csr`, '-subj', `/C=CN/O=Fake Merchant/OU=Alipay Open Platform/CN=${cn}`], dir)
    openssl(['x509', '-req', '-in', `${name}.csr`, '-CA', 'class2.crt', '-CAkey', 'class2.key', '-set_serial', serial, '-days', days, '-sha256', '-out', `${name}.crt`], dir)
  }
  leaf(`appCertPublicKey_${appId}`, 'app.key', appId, opts.appSerial ?? '0x2022031400a1b2c3d4e5f6')
  leaf('alipayCertPublicKey_RSA2', 'alipay.key', 'Alipay', '0x20220314ffeeddccbbaa99')
  // The root file: R1, E1 (ECDSA: not in the SN), R2, as one PEM text.
  const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8')
  fs.writeFileSync(path.join(dir, 'alipayRootCert.crt'), [read('R1.crt'), read('E1.crt'), read('R2.crt')].join(''))
  const appCertPath = path.join(dir, `appCertPublicKey_${appId}.crt`)
  const alipayPublicCertPath = path.join(dir, 'alipayCertPublicKey_RSA2.crt')
  return {
    appCertPath,
    alipayPublicCertPath,
    rootCertPath: path.join(dir, 'alipayRootCert.crt'),
    appCertSn: certSn(read(path.basename(appCertPath))),
    alipayCertSn: certSn(read(path.basename(alipayPublicCertPath))),
    rootCertSn: [certSn(read('R1.crt')), certSn(read('R2.crt'))].join('_')
  }
}
