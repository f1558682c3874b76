/**
 * Logs (issue 11 item 9). A line per request at info is noise for a shop: requests are logged at
 * debug, one compact line each (LOG_LEVEL=debug shows them); what is left at info and above is the
 * start, warnings (the development SMS codes) and errors, each error with its request id. In
 * production (LOG_FORMAT json) every line is a JSON object for a log collector; in a terminal
 * (pretty, the default outside production) one short line: '14:05:09 WARN  [DEVELOPMENT SMS] …'.
 */
import { randomBytes } from 'node:crypto'
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import type { ServerConfig } from '../config'

/** Where log lines go (tests catch them); default stdout. */
export interface LogStream {
  write(line: string): void
}

/** Request ids unique across processes and restarts ('k3f9a2-17'), so a line names one request of the deployment. */
export function requestIds(): () => string {
  const prefix = randomBytes(3).toString('hex')
  let n = 0
  return () => `${prefix}-${(++n).toString(36)}`
}

/** Fastify's request lines, quieter: one compact line per request at debug instead of two at info. */
class QuietRequests extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ err: error, method: request.method, url: request.url, status: reply.statusCode }, 'request failed')
      return
    }
    reply.log.debug({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request')
  }

  // The request's own line says 404.
  override routeNotFound(): void {}
}

export function loggerOptions(config: ServerConfig, stream?: LogStream): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  const destination = stream ?? (config.logFormat === 'pretty' ? prettyStream(process.stdout) : undefined)
  return {
    logger: {
      level: config.logLevel,
      // The line stays short: no host name, pid and the like (one process per line is not news).
      base: undefined,
      ...(destination ? { stream: destination } : {})
    },
    logController: new QuietRequests(),
    genReqId: requestIds()
  }
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' }

/** JSON log lines → '14:05:09 INFO  message key=value (req k3f9a2-17)', errors with their stack. */
export function prettyStream(out: { write(text: string): unknown }): LogStream {
  return {
    write(line: string) {
      let entry: Record<string, unknown>
      try {
        entry = JSON.parse(line)
      } catch {
        out.write(line)
        return
      }
      const { level, time, msg, reqId, err, ...rest } = entry
      const clock = new Date(Number(time)).toTimeString().slice(0, 8)
      const fields = Object.entries(rest)
        .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
        .join(' ')
      const error = err as { stack?: string; message?: string } | undefined
      const tail = [fields, reqId ? `(req ${reqId})` : ''].filter(Boolean).join(' ')
      out.write(`${clock} ${LEVELS[Number(level)] ?? level} ${msg ?? ''}${tail ? ` ${tail}` : ''}\n${error ? `${error.stack ?? error.message}\n` : ''}`)
    }
  }
}
