import { resolve } from 'node:path';
import {
  FOLLOW_UP_THRESHOLD,
  VIDEO_REVIEW_ESCALATION_HOURS,
  VIDEO_REVIEW_ESCALATION_MAX_HOURS,
} from '@vot/shared/domain';
import { OWASP_SCRYPT, type ScryptParams } from './lib/passwords';
import type { Timeouts } from './http/timeouts';

/** Everything the API reads from its environment, parsed once (docs/api.md lists the variables). */
export interface Config {
  port: number;
  host: string;
  /** PGlite data, the lock file and the generated secret key live here. */
  dataDir: string;
  /** Uploaded files (handout PDFs); VOT_FILES_DIR, default DATA_DIR/files. */
  filesDir: string;
  /** PostgreSQL when set; embedded PGlite in dataDir otherwise. */
  databaseUrl: string | null;
  adminEmail: string;
  adminPassword: string | null;
  demo: boolean;
  /** VOT_DEMO_PASSWORD: one password for every demo account (tests); generated per account otherwise. */
  demoPassword: string | null;
  /** VOT_SECRET_KEY; when null a key file in dataDir is used (created on first start). */
  secretKey: string | null;
  /**
   * Staff sessions and the app's access tokens: idle and absolute expiry. `deviceMs`: how long an
   * app refresh token stays usable (VOT_APP_REFRESH_DAYS; each use starts it again), so the phone's
   * device session survives that long offline (docs/decisions/0144).
   */
  session: { idleMs: number; maxMs: number; deviceMs: number };
  /** How long a generated initial password of a staff account signs in (VOT_INITIAL_PASSWORD_DAYS); then an administrator issues a new one. */
  initialPasswordMs: number;
  login: {
    maxFailures: number;
    windowMs: number;
    /** Sign-ins a minute from one client address, and from all together (VOT_SIGNIN_PER_MINUTE…). */
    perAddressPerMinute: number;
    overallPerMinute: number;
    /** Password hashes at once, and how many may wait before a sign-in is answered 503. */
    hashConcurrency: number;
    hashQueue: number;
    /** Password resets a minute by one staff account, of staff, volunteer and patient passwords together (VOT_RESETS_PER_MINUTE). */
    resetsPerMinute: number;
  };
  /**
   * Fastify's trustProxy: which proxies may set X-Forwarded-For (VOT_TRUST_PROXY; addresses, CIDR
   * ranges or proxy-addr's names, comma-separated; default loopback: the console's own proxy).
   * Any other peer's header is ignored, so a client reaching the API directly cannot forge its address.
   */
  trustProxy: string | false;
  /** How long a request may take to arrive (http/timeouts.ts): VOT_UPLOAD_IDLE_SECONDS for uploads. */
  timeouts: Timeouts;
  /** What one app account may upload a day (VOT_UPLOAD_MB_PER_DAY, default 512: eight videos at their largest); more is a 429. */
  uploadBytesPerDay: number;
  /** Hash parameters for new passwords; stored hashes describe their own, so this can change. */
  scrypt: ScryptParams;
  logLevel: string;
  /** The missed days in a row that put a patient on the follow-up worklist (VOT_FOLLOW_UP_THRESHOLD_DAYS, default FOLLOW_UP_THRESHOLD). */
  followUpThresholdDays: number;
  /**
   * Hours a patient's video waits for its volunteer's verdict in the app before it goes to the
   * staff's queue (VOT_VIDEO_REVIEW_ESCALATION_HOURS, default VIDEO_REVIEW_ESCALATION_HOURS).
   */
  videoReviewEscalationHours: number;
}

type Env = Record<string, string | undefined>;

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function wholeDays(env: Env, name: string, fallback: number): number {
  const value = positiveNumber(env, name, fallback);
  if (!Number.isInteger(value) || value > 366)
    throw new Error(`${name} must be a whole number of days, got "${env[name]}"`);
  return value;
}

/** Whole hours up to `max` (0: no wait at all). */
function wholeHours(env: Env, name: string, fallback: number, max: number): number {
  const raw = env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max)
    throw new Error(`${name} must be a whole number of hours from 0 to ${max}, got "${raw}"`);
  return value;
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const port = positiveNumber(env, 'PORT', 4000);
  if (!Number.isInteger(port) || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(cwd, env.DATA_DIR || './data'),
    filesDir: resolve(cwd, env.VOT_FILES_DIR || resolve(env.DATA_DIR || './data', 'files')),
    databaseUrl: env.DATABASE_URL || null,
    adminEmail: (env.VOT_ADMIN_EMAIL || 'admin@vot.local').trim().toLowerCase(),
    adminPassword: env.VOT_ADMIN_PASSWORD || null,
    demo: env.VOT_DEMO === '1' || env.VOT_DEMO === 'true',
    demoPassword: env.VOT_DEMO_PASSWORD || null,
    secretKey: env.VOT_SECRET_KEY || null,
    session: {
      // Fractions are allowed so end-to-end tests can use an idle time of a few seconds.
      idleMs: positiveNumber(env, 'VOT_SESSION_IDLE_MINUTES', 120) * 60_000,
      maxMs: positiveNumber(env, 'VOT_SESSION_MAX_HOURS', 12) * 3_600_000,
      deviceMs: positiveNumber(env, 'VOT_APP_REFRESH_DAYS', 14) * 86_400_000,
    },
    initialPasswordMs: positiveNumber(env, 'VOT_INITIAL_PASSWORD_DAYS', 7) * 86_400_000,
    login: {
      maxFailures: 5,
      windowMs: 15 * 60_000,
      perAddressPerMinute: positiveNumber(env, 'VOT_SIGNIN_PER_MINUTE', 20),
      overallPerMinute: positiveNumber(env, 'VOT_SIGNIN_OVERALL_PER_MINUTE', 300),
      hashConcurrency: positiveNumber(env, 'VOT_HASH_CONCURRENCY', 2),
      hashQueue: positiveNumber(env, 'VOT_HASH_QUEUE', 50),
      resetsPerMinute: positiveNumber(env, 'VOT_RESETS_PER_MINUTE', 10),
    },
    trustProxy: env.VOT_TRUST_PROXY === 'none' ? false : env.VOT_TRUST_PROXY?.trim() || 'loopback',
    timeouts: {
      idleMs: 60_000,
      uploadIdleMs: positiveNumber(env, 'VOT_UPLOAD_IDLE_SECONDS', 90) * 1000,
      bodyMs: 30_000,
    },
    uploadBytesPerDay: positiveNumber(env, 'VOT_UPLOAD_MB_PER_DAY', 512) * 1024 * 1024,
    scrypt: OWASP_SCRYPT,
    logLevel: env.LOG_LEVEL || 'info',
    followUpThresholdDays: wholeDays(env, 'VOT_FOLLOW_UP_THRESHOLD_DAYS', FOLLOW_UP_THRESHOLD),
    videoReviewEscalationHours: wholeHours(
      env,
      'VOT_VIDEO_REVIEW_ESCALATION_HOURS',
      VIDEO_REVIEW_ESCALATION_HOURS,
      VIDEO_REVIEW_ESCALATION_MAX_HOURS,
    ),
  };
}
