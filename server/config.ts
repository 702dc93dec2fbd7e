import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * Everything the server reads from the environment, parsed once at start-up. A bad value stops the process with
 * a message naming the variable, rather than surfacing as a strange failure in the middle of a league night.
 */

const port = z.coerce.number().int().min(0).max(65535);
const positive = z.coerce.number().positive();
const emptyAsUnset = (v: unknown) => (v === '' ? undefined : v);

const EnvSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Unset: the embedded store (one process, files under DATA_DIR). */
  REDIS_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^rediss?$/ }).optional()),
  /** Key prefix in Redis: lets several deployments (or test runs) share one Redis. */
  REDIS_PREFIX: z.string().min(1).max(100).regex(/^[A-Za-z0-9_.:-]+$/).default('ln:'),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The commissioner's secret. Unset: one is generated at start-up and printed once. */
  ADMIN_TOKEN: z.preprocess(emptyAsUnset, z.string().min(16, 'ADMIN_TOKEN must be at least 16 characters').optional()),
  /** Comma-separated origins allowed to open a socket (besides the page's own origin). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.url())),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Per-connection token bucket for client messages: steady rate per second and burst size. */
  MESSAGE_RATE: positive.default(10),
  MESSAGE_BURST: positive.default(30),
  /** Challenge report photo uploads per requester (captain link or admin token): burst, then so many a minute
   *  (http/uploadLimit.ts says why these). */
  PHOTO_UPLOAD_BURST: z.coerce.number().int().min(1).default(4),
  PHOTO_UPLOAD_PER_MINUTE: positive.default(4),
  /** Where the built client is (vite build output). */
  CLIENT_DIR: z.string().min(1).default('dist/client'),
  /** Seed the demo league and match on first start with an empty store. */
  SEED_DEMO: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Public base URL used in printed links (default http://localhost:PORT). */
  PUBLIC_URL: z.preprocess(emptyAsUnset, z.url().optional()),
});

export interface Config {
  port: number;
  host: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  dataDir: string;
  adminToken: string;
  /** True when ADMIN_TOKEN was generated: main prints it once. */
  adminTokenGenerated: boolean;
  allowedOrigins: string[];
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  messageRate: number;
  messageBurst: number;
  photoUploadBurst: number;
  photoUploadPerMinute: number;
  clientDir: string;
  seedDemo: boolean;
  publicUrl: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    dataDir: e.DATA_DIR,
    adminToken: e.ADMIN_TOKEN ?? randomBytes(24).toString('base64url'),
    adminTokenGenerated: e.ADMIN_TOKEN === undefined,
    allowedOrigins: e.ALLOWED_ORIGINS,
    logLevel: e.LOG_LEVEL,
    messageRate: e.MESSAGE_RATE,
    messageBurst: e.MESSAGE_BURST,
    photoUploadBurst: e.PHOTO_UPLOAD_BURST,
    photoUploadPerMinute: e.PHOTO_UPLOAD_PER_MINUTE,
    clientDir: e.CLIENT_DIR,
    seedDemo: e.SEED_DEMO,
    publicUrl: e.PUBLIC_URL,
  };
}
