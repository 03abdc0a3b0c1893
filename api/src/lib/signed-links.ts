import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed links (ARCHITECTURE.md §4): a file opened in a new tab carries no bearer
 * token, so the link itself is the credential. The signature is HMAC-SHA256 over the path, the
 * expiry and the session the link was handed to, with the API's secret key; only a signed-in user
 * allowed to read the file is handed one, and it stops working after `ttlSeconds` or with that
 * session (sign-out, expiry, a password change or reset: lib/link-sessions.ts), whichever is first.
 */

export const LINK_TTL_SECONDS = 60 * 60;

/** Keeps these signatures apart from anything else the same key may ever sign. */
const PURPOSE = 'vot-signed-link-v2';

/** A key of its own for links, derived from the API's key (which also encrypts initial passwords). */
const linkKeys = new WeakMap<Buffer, Buffer>();
function linkKey(key: Buffer): Buffer {
  let derived = linkKeys.get(key);
  if (!derived) linkKeys.set(key, (derived = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), PURPOSE, 32))));
  return derived;
}

function signature(key: Buffer, path: string, expires: string, session: string): string {
  return createHmac('sha256', linkKey(key)).update(`${PURPOSE}\n${path}\n${expires}\n${session}`).digest('hex');
}

/** What signs a link: the API's key, and the session it is handed to (`s<id>` staff, `a<id>` app). */
export interface LinkSigner {
  key: Buffer;
  session: string;
}

/** `path?expires=<unix seconds>&session=<s|a><id>&signature=<hex>`. */
export function signPath(
  signer: LinkSigner,
  path: string,
  ttlSeconds: number = LINK_TTL_SECONDS,
  now: number = Date.now(),
): string {
  const expires = String(Math.floor(now / 1000) + ttlSeconds);
  const { key, session } = signer;
  return `${path}?expires=${expires}&session=${session}&signature=${signature(key, path, expires, session)}`;
}

export type LinkCheck = 'valid' | 'expired' | 'invalid';

/** A link's `expires` (unix seconds) and `signature` (hex), as signPath writes them. */
export const LINK_EXPIRES = /^[1-9]\d{0,11}$/;
export const LINK_SIGNATURE = /^[0-9a-f]{64}$/;
/** A link's `session`: `s` and a staff session's id, or `a` and an app session's. */
export const LINK_SESSION = /^[sa][1-9]\d{0,18}$/;

/** The signed query values of a link's request. */
export interface LinkQuery {
  expires?: unknown;
  session?: unknown;
  signature?: unknown;
}

/**
 * Checks the `expires`, `session` and `signature` query values of a request for `path`. The
 * signature is compared in constant time; an expiry is only reported once the signature is known
 * to be ours, so a forged link learns nothing. Whether the session still lives is the caller's
 * next question (lib/link-sessions.ts).
 */
export function checkSignedPath(
  key: Buffer,
  path: string,
  { expires, session, signature: given }: LinkQuery,
  now: number = Date.now(),
): LinkCheck {
  if (typeof expires !== 'string' || !LINK_EXPIRES.test(expires)) return 'invalid';
  if (typeof session !== 'string' || !LINK_SESSION.test(session)) return 'invalid';
  if (typeof given !== 'string' || !LINK_SIGNATURE.test(given)) return 'invalid';
  const expected = Buffer.from(signature(key, path, expires, session), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'invalid';
  return Number(expires) * 1000 < now ? 'expired' : 'valid';
}
