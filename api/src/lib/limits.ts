import { HttpError } from './http-errors';

/**
 * The largest JSON body the API reads. The largest a form or the app legitimately sends is about
 * 48 KB (a patient with 50 household contacts, or a visit with 50 medicines, every text at its
 * longest in Burmese), twice that if a client escapes every Burmese character (\u1000):
 * api/test/body-limits.test.ts measures it from the routes' schemas
 * (docs/decisions/0112-json-body-limit.md). Uploads (multipart) have limits of their own.
 */
export const JSON_BODY_LIMIT = 128 * 1024;
export const BODY_TOO_LARGE = `The request is too large: at most ${JSON_BODY_LIMIT / 1024} KB of JSON.`;

/**
 * Token buckets: `perMinute` requests a minute for each key, with bursts up to that many.
 * In memory, per API process: behind several API instances each holds its own (docs/decisions/0021).
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`: 0 when allowed, else the seconds until the next one. */
  take(key: string): number {
    const now = this.now();
    const rate = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * rate);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.forgetFull(now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / rate / 1000);
  }

  /** Full buckets are the default: dropping them keeps memory bounded under many addresses. */
  private forgetFull(now: number): void {
    for (const [key, b] of this.buckets)
      if (b.tokens + (now - b.at) * (this.perMinute / 60_000) >= this.perMinute) this.buckets.delete(key);
  }
}

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/**
 * At most `concurrency` password hashes at once (each scrypt at OWASP parameters takes ~128 MiB
 * and a thread of libuv's small pool, which file I/O needs too), and at most `queueLimit` waiting:
 * beyond that the request is answered 503 at once instead of piling up.
 */
export class HashingQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLimit) throw new HttpError(503, BUSY_MESSAGE);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
