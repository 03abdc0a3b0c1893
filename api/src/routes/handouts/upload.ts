import type { FastifyRequest } from 'fastify';
import { HANDOUT_FILE_REQUIRED, HANDOUT_PDF_ONLY, HANDOUT_TOO_LARGE } from '@vot/shared/schemas';
import { HANDOUT_MAX_BYTES } from '@vot/shared/domain';
import { PDF, UploadRefused, type FileStore, type StoredFile, type UploadRules } from '../../files/store';
import { fieldError } from '../../lib/http-errors';

export const UPLOAD_INCOMPLETE = 'The file upload was incomplete. Please try again!';

/** The form field that carries the file (SPEC.md §7: a multipart form with `file`). */
const FIELD = 'file';
const RULES: UploadRules = { maxBytes: HANDOUT_MAX_BYTES, types: [PDF] };
const REFUSAL: Record<UploadRefused['reason'], string> = {
  empty: HANDOUT_FILE_REQUIRED,
  'too-large': HANDOUT_TOO_LARGE,
  'wrong-type': HANDOUT_PDF_ONLY,
  incomplete: UPLOAD_INCOMPLETE,
};

export interface PdfUpload {
  /** Already in the store: the caller points a handout at it, or deletes it. */
  file: StoredFile;
  /** The name the user's file had, for the list and the download; never used as a path. */
  originalName: string;
}

/** A client's file name made safe to show and to put in a header: no folders, no control characters, not too long. */
export function displayName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  return (
    base
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(-200)
  );
}

/**
 * Stores the handout PDF of a multipart request in the handouts' file store, checked by its
 * content (the %PDF- magic bytes, while it arrives) and its name (.pdf); the size limit
 * (HANDOUT_MAX_BYTES) is the multipart plugin's, which cuts the file short and marks it truncated.
 * Anything a client can get wrong (no multipart at all, a JSON body, no file, an empty file, a
 * malformed or cut-off upload, a wrong type, too large) is a 400 on `file` and leaves nothing
 * stored; only a failure of the store itself is a server error.
 */
export async function receivePdf(request: FastifyRequest, store: FileStore): Promise<PdfUpload> {
  if (!request.isMultipart()) throw fieldError(FIELD, HANDOUT_FILE_REQUIRED);
  // A malformed multipart body (no boundary, cut short) is a missing file, not a server error.
  const part = await request.file().catch(() => undefined);
  if (!part) throw fieldError(FIELD, HANDOUT_FILE_REQUIRED);
  if (part.fieldname !== FIELD) {
    part.file.resume();
    throw fieldError(FIELD, HANDOUT_FILE_REQUIRED);
  }
  let file: StoredFile;
  try {
    file = await store.put(part.file, RULES);
  } catch (error) {
    part.file.resume();
    if (error instanceof UploadRefused) {
      // A file cut at the multipart limit is too large, whatever else is wrong with it.
      throw fieldError(FIELD, part.file.truncated ? HANDOUT_TOO_LARGE : REFUSAL[error.reason]);
    }
    throw error;
  }
  const originalName = displayName(part.filename ?? '');
  const refusal =
    originalName === ''
      ? HANDOUT_FILE_REQUIRED
      : part.file.truncated
        ? HANDOUT_TOO_LARGE
        : !originalName.toLowerCase().endsWith('.pdf')
          ? HANDOUT_PDF_ONLY
          : null;
  if (refusal) {
    await store.delete(file.key);
    throw fieldError(FIELD, refusal);
  }
  return { file, originalName };
}
