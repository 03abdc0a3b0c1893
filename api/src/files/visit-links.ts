import { API_PREFIX } from '../prefix';
import { signPath, type LinkSigner } from '../lib/signed-links';

/**
 * The signed links of a visit record's files (SPEC.md §3 video_url, sign_url; §7 "{host}/DOT-video/{uuid}").
 * A link names the visit by its uuid, not the stored file, and carries an expiry and an HMAC
 * (lib/signed-links.ts), so the browser's video player and an <img> can fetch it without the bearer
 * token; only a caller allowed to read the visit should be handed one. Served by
 * routes/app/file-routes.ts (range requests for the video).
 */

export type VisitFileKind = 'video' | 'sign';

/** Visit file links live this long: long enough to watch a video, short enough that a copied link dies soon. */
export const VISIT_LINK_TTL_SECONDS = 15 * 60;

/** URL path (under the API prefix) of a visit's video or signature. */
export const visitFilePath = (kind: VisitFileKind, uuid: string) =>
  `${API_PREFIX}/DOT-${kind}/${encodeURIComponent(uuid)}`;

/** What a visit row must carry for its links: the uuid, and the stored names (null when there is no file). */
export interface VisitFiles {
  uuid: string;
  video: string | null;
  sign: string | null;
}

/**
 * `{ video_url, sign_url }` of a dots row: signed paths under the API prefix (the console's proxy
 * serves the API on the console's host), null where the visit has no such file.
 */
export function visitFileLinks(
  signer: LinkSigner,
  row: VisitFiles,
  now: number = Date.now(),
): { video_url: string | null; sign_url: string | null } {
  const link = (kind: VisitFileKind, stored: string | null) =>
    stored ? signPath(signer, visitFilePath(kind, row.uuid), VISIT_LINK_TTL_SECONDS, now) : null;
  return { video_url: link('video', row.video), sign_url: link('sign', row.sign) };
}
