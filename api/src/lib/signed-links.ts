import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed links (ARCHITECTURE.md §4): a file opened in a new tab carries no bearer
 * token, so the link itself is the credential. The signature is HMAC-SHA256 over the path and
 * the expiry with the API's secret key; only a signed-in user allowed to read the file is handed
 * one, and it stops working after `ttlSeconds`.
 */

export const LINK_TTL_SECONDS = 60 * 60;

/** Keeps these signatures apart from anything else the same key may ever sign. */
const PURPOSE = 'vot-signed-link-v1';

/** A key of its own for links, derived from the API's key (which also encrypts initial passwords). */
const linkKeys = new WeakMap<Buffer, Buffer>();
function linkKey(key: Buffer): Buffer {
  let derived = linkKeys.get(key);
  if (!derived) linkKeys.set(key, (derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), PURPOSE, 32))));
  return derived;
}

function signature(key: Buffer, path: string, expires: string): string {
  return createHmac('sha256', linkKey(key)).update(`${PURPOSE}\n${path}\n${expires}`).digest('hex');
}

/** `path?expires=<unix seconds>&signature=<hex>`. */
export function signPath(
  key: Buffer,
  path: string,
  ttlSeconds: number = LINK_TTL_SECONDS,
  now: number = Date.now(),
): string {
  const expires = String(Math.floor(now / 1000) + ttlSeconds);
  return `${path}?expires=${expires}&signature=${signature(key, path, expires)}`;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** A link's `expires` (unix seconds) and `signature` (hex), as signPath writes them. */
export const LINK_EXPIRES = /^[1-9]\d{0,11}$/;
export const LINK_SIGNATURE = /^[0-9a-f]{64}$/;

/**
 * Checks the `expires` and `signature` query values of a request for `path`. The signature is
 * compared in constant time; an expiry is only reported once the signature is known to be ours,
 * so a forged link learns nothing.
 */
export function checkSignedPath(
  key: Buffer,
  path: string,
  expires: unknown,
  given: unknown,
  now: number = Date.now(),
): LinkCheck {
  if (typeof expires !== 'string' || !LINK_EXPIRES.test(expires)) return 'invalid';
  if (typeof given !== 'string' || !LINK_SIGNATURE.test(given)) return 'invalid';
  const expected = Buffer.from(signature(key, path, expires), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'invalid';
  return Number(expires) * 1000 < now ? 'expired' : 'valid';
}
