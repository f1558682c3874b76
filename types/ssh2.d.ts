/**
 * The part of ssh2 (pure-JavaScript SSH2 client and server, a dependency for reading Antom's
 * reports from its SFTP server: server/src/providers/payment/alipayhk.bill.ts) this project uses.
 * ssh2 ships no types; @types/ssh2 pulls a second @types/node, so the few calls are declared here.
 */
declare module 'ssh2' {
  import type { EventEmitter } from 'node:events'
  import type { Server as NetServer } from 'node:net'

  export interface FileAttributes {
    mode: number
    uid: number
    gid: number
    size: number
    atime: number
    mtime: number
  }

  export interface FileEntry {
    filename: string
    longname: string
    attrs: FileAttributes
  }

  export interface SFTPWrapper {
    readdir(path: string, cb: (err: Error | undefined, list: FileEntry[]) => void): void
    readFile(path: string, cb: (err: Error | undefined, data: Buffer) => void): void
    end(): void
  }

  export interface ConnectConfig {
    host: string
    port?: number
    username: string
    password?: string
    privateKey?: Buffer | string
    passphrase?: string
    /** Called with the server's host key (the SSH public key blob); false ends the connection. */
    hostVerifier?: (key: Buffer) => boolean
    readyTimeout?: number
  }

  export class Client extends EventEmitter {
    connect(config: ConnectConfig): this
    sftp(cb: (err: Error | undefined, sftp: SFTPWrapper) => void): void
    end(): this
  }

  export interface ParsedKey {
    type: string
    getPublicSSH(): Buffer
    verify(data: Buffer, signature: Buffer, hashAlgo?: string): boolean | Error
  }

  export interface AuthContext {
    method: 'none' | 'password' | 'publickey' | 'hostbased' | 'keyboard-interactive'
    username: string
    password?: string
    key?: { algo: string; data: Buffer }
    signature?: Buffer
    blob?: Buffer
    hashAlgo?: string
    accept(): void
    reject(methods?: string[]): void
  }

  export interface ServerSftp extends EventEmitter {
    handle(reqid: number, handle: Buffer): boolean
    status(reqid: number, code: number, message?: string): boolean
    data(reqid: number, data: Buffer | string): boolean
    name(reqid: number, names: Array<Partial<FileEntry> & { filename: string }>): boolean
    attrs(reqid: number, attrs: Partial<FileAttributes>): boolean
  }

  export interface Session extends EventEmitter {
    on(event: 'sftp', listener: (accept: () => ServerSftp, reject: () => void) => void): this
  }

  export interface Connection extends EventEmitter {
    on(event: 'authentication', listener: (ctx: AuthContext) => void): this
    on(event: 'ready', listener: () => void): this
    on(event: 'session', listener: (accept: () => Session, reject: () => void) => void): this
    on(event: 'error' | 'close' | 'end', listener: (err?: Error) => void): this
    end(): this
  }

  export class Server extends NetServer {
    constructor(config: { hostKeys: Array<Buffer | string> }, connectionListener?: (client: Connection) => void)
  }

  export const utils: {
    parseKey(data: Buffer | string, passphrase?: string): ParsedKey | ParsedKey[] | Error
    sftp: { STATUS_CODE: Record<'OK' | 'EOF' | 'NO_SUCH_FILE' | 'PERMISSION_DENIED' | 'FAILURE' | 'OP_UNSUPPORTED', number> }
  }
}
