// What the console's server trusts of a request and says in every answer: the security headers,
// the shell page's Content-Security-Policy, and the request-target it accepts (origin-form only).
import http from 'node:http';
import { readFileSync } from 'node:fs';

/** In the shell's index.html (src/index.html): replaced by this response's CSP nonce. */
export const NONCE_PLACEHOLDER = '__CSP_NONCE__';
/** A base no request can name: a target that resolves to another origin is not origin-form. */
export const BASE = 'http://request.invalid';

/** Headers on every answer: pages, assets and errors alike. */
export const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
/** Anything that is not the shell's page runs nothing of its own. */
export const ASSET_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * The shell's service worker fetches on the page's behalf (and its policy is this file's): only
 * what the page's own policy already let through reaches it, from the shell's or a remote's origin.
 */
export const WORKER_CSP = "default-src 'none'; connect-src *; frame-ancestors 'none'";

/**
 * The shell's page policy: scripts only from this origin and the enabled remotes' origins (no
 * inline script at all), styles from files or from <style> elements carrying this response's nonce
 * (style-loader and PrimeReact add them at run time), framing refused. A disabled remote's origin
 * may only be fetched from: the shell reads its module.json so deep links can explain themselves.
 * @param {string} nonce
 * @param {{ enabled: string[], all: string[] }} [remotes]
 */
export function pageCsp(nonce, remotes = { enabled: [], all: [] }) {
  const list = (origins) => (origins.length ? ` ${origins.join(' ')}` : '');
  const code = list(remotes.enabled);
  return [
    "default-src 'self'",
    `script-src 'self'${code}`,
    `style-src 'self' 'nonce-${nonce}'${code}`,
    `img-src 'self' data: blob:${code}`,
    `font-src 'self' data:${code}`,
    `connect-src 'self'${list(remotes.all)}`,
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The origins remotes.json points at, of enabled remotes and of all; a broken file gives none. */
export function remoteOriginsOf(remotesJson) {
  const enabled = new Set();
  const all = new Set();
  try {
    const { remotes } = JSON.parse(readFileSync(remotesJson, 'utf8'));
    for (const remote of Object.values(remotes ?? {})) {
      if (!remote || typeof remote.entry !== 'string') continue;
      const url = new URL(remote.entry, BASE);
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === BASE) continue;
      all.add(url.origin);
      if (remote.enabled !== false) enabled.add(url.origin);
    }
  } catch {
    return { enabled: [], all: [] };
  }
  return { enabled: [...enabled], all: [...all] };
}

/**
 * The request-target as a path and query, or null when it is not origin-form (`//host/…`,
 * `http://host/…`, `*`, backslashes), cannot be decoded, or holds a NUL byte.
 */
export function parseTarget(target) {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.includes('\\'))
    return null;
  let url;
  try {
    url = new URL(target, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  let pathname;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  return { url, pathname };
}

/** A short plain-text answer (an error), with the asset headers; a connection already answering is cut. */
export function plain(res, status, text, extra = {}) {
  if (res.headersSent) return void res.destroy();
  const body = text ?? http.STATUS_CODES[status] ?? '';
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Security-Policy': ASSET_CSP,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...extra,
  });
  res.end(body);
}
