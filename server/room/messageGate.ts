import { z } from 'zod';
import { MAX_MESSAGE_BYTES, type ErrorCode, type Reply } from '../../shared/protocol';
import type { TokenBucket } from './rateLimit';

/**
 * The checks every client message passes before anything looks at its content, and the guarantee that each
 * message gets exactly one answer: through its Socket.IO acknowledgement when it has one, else as a `problem`.
 */

export type Answer = (reply: Reply) => void;

export interface Incoming {
  payload: unknown;
  answer: Answer;
}

/**
 * Splits Socket.IO listener arguments into the message and its acknowledgement. Anything after the first
 * argument that is not a trailing function makes the message malformed (`payload` is then the whole list).
 */
export function incoming(args: unknown[], problem: (code: ErrorCode, message: string) => void): Incoming {
  const last = args.at(-1);
  const ack = typeof last === 'function' ? (last as (reply: Reply) => void) : null;
  const rest = ack ? args.slice(0, -1) : args;
  let answered = false;
  const answer: Answer = (reply) => {
    if (answered) return;
    answered = true;
    if (ack) ack(reply);
    else if (reply.status === 'error') problem(reply.code, reply.message);
    else problem('BAD_MESSAGE', 'Messages need an acknowledgement callback; the answer could not be delivered.');
  };
  return { payload: rest.length === 1 ? rest[0] : rest, answer };
}

/** Rate, size and acknowledgement checks; null when the message may be looked at. */
export function admit(bucket: TokenBucket, args: unknown[], payload: unknown): Reply | null {
  if (!bucket.take()) return error('RATE_LIMITED', 'Too many messages; slow down and try again in a moment.');
  if (typeof args.at(-1) !== 'function') {
    return error('BAD_MESSAGE', 'Messages need an acknowledgement callback.');
  }
  if (jsonBytes(payload) > MAX_MESSAGE_BYTES) {
    return error('TOO_LARGE', `Message larger than ${MAX_MESSAGE_BYTES} bytes.`);
  }
  return null;
}

export function error(code: ErrorCode, message: string): Reply {
  return { status: 'error', code, message };
}

/** A zod failure as a short message a developer can act on (never echoes the whole input back). */
export function badMessage(what: string, err: z.ZodError): Reply {
  return error('BAD_MESSAGE', `${what}: ${z.prettifyError(err).slice(0, 500)}`);
}

/** Size of the message as JSON. Socket.IO's maxHttpBufferSize already capped the frame, so this is cheap. */
function jsonBytes(value: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
