/**
 * Starts the real server process with an environment of the test's, on SQLite in `dataDir`, and answers how it ended: the start-up checks
 * (run modes, providers' settings) are tested this way, as a deployment would meet them. A process
 * still running after 40 s is stopped (exit code null); with stopWhenListening, as soon as it says it
 * listens. The process is the server's main as bundled for the test run (tests/support/server-build.js,
 * about 1 s of CPU less per start), or with viaTsx `tsx server/src/main.ts` exactly as `npm run serve`.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { serverCommand } from '../../support/server-commands'

export interface ProcessEnd {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * `env` is laid over this process's own; a value undefined leaves the name out, and so does every
 * name of this process's own starting with one of `dropPrefixes` (a provider's settings the runner
 * may have; the test's own `env` is kept whole).
 */
export async function runServerProcess(
  env: Record<string, string | undefined>,
  dataDir: string,
  dropPrefixes: string[] = [],
  options: { stopWhenListening?: boolean; viaTsx?: boolean } = {}
): Promise<ProcessEnd> {
  const root = path.resolve(__dirname, '..', '..', '..')
  // The runner's own settings of those prefixes are left out; the test's are kept.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !dropPrefixes.some((prefix) => name.startsWith(prefix))))
  const full: Record<string, string | undefined> = {
    ...inherited,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: '',
    DATA_DIR: path.join(dataDir, 'spawned'),
    STATIC_DIR: path.join(dataDir, 'none'),
    ...env
  }
  for (const name of Object.keys(full)) {
    if (full[name] === undefined) delete full[name]
  }
  const [command, args] = options.viaTsx ? [path.join(root, 'node_modules', '.bin', 'tsx'), ['server/src/main.ts']] : [process.execPath, serverCommand('main')]
  const child = spawn(command, args, { cwd: root, env: full as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString()
    // A start that succeeded needs no 40 s wait: stop it once it says it listens (SIGTERM ends it cleanly).
    if (options.stopWhenListening && /listening on /.test(stdout)) child.kill('SIGTERM')
  })
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGTERM'), 40_000)
    child.on('exit', (exitCode) => {
      clearTimeout(timer)
      resolve(exitCode)
    })
  })
  return { code, stdout, stderr }
}
