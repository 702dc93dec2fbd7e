import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Structured logs (JSON lines). Secrets never reach a log line: captain tokens and the admin token travel only in
 * the socket handshake `auth` and the Authorization header, which are never logged, and the redact list below is a
 * second fence in case someone logs a request or handshake object whole. `destination`: stdout unless given (tests
 * read the lines).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    redact: {
      paths: ['token', '*.token', 'auth.token', 'headers.authorization', 'req.headers.authorization', 'handshake.auth'],
      censor: '[secret]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
