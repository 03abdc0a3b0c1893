import type { VisitRecord } from '@vot/shared/schemas';

/**
 * Signed links to a visit's video and signature. The phone-app API (branch app-api) owns the file
 * store and its links; until it is merged a record has no files to link to.
 */
export function visitLinks(_key: Buffer, _visit: Pick<VisitRecord, 'video' | 'sign'>): { video_url: string | null; sign_url: string | null } {
  return { video_url: null, sign_url: null };
}
