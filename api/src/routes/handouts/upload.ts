import type { FastifyRequest } from 'fastify';
import { HANDOUT_FILE_REQUIRED, HANDOUT_PDF_ONLY, HANDOUT_TOO_LARGE } from '@vot/shared/schemas';
import { receiveFile, type ReceivedFile } from '../../lib/files';
import { fieldError } from '../../lib/http-errors';

export const UPLOAD_INCOMPLETE = 'The file upload was incomplete. Please try again!';

/** The form field that carries the file (SPEC.md §7: a multipart form with `file`). */
const FIELD = 'file';
const PDF_MAGIC = Buffer.from('%PDF-');

export interface PdfUpload {
  file: ReceivedFile;
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

function isSystemError(error: unknown): boolean {
  return typeof (error as { syscall?: unknown })?.syscall === 'string';
}

/**
 * Receives the handout PDF of a multipart request into the file store's temp file, checked by
 * its content (the %PDF- magic bytes) and its name (.pdf); the size limit (HANDOUT_MAX_BYTES) is
 * the multipart plugin's, which cuts the file short and marks it truncated.
 * Anything a client can get wrong (no multipart at all, a JSON body, no file, an empty file, a
 * malformed or cut-off upload, a wrong type, too large) is a 400 on `file` and leaves nothing on
 * disk; only a failure of the disk itself is a server error.
 */
export async function receivePdf(request: FastifyRequest, dir: string): Promise<PdfUpload> {
  if (!request.isMultipart()) throw fieldError(FIELD, HANDOUT_FILE_REQUIRED);
  // A malformed multipart body (no boundary, cut short) is a missing file, not a server error.
  const part = await request.file().catch(() => undefined);
  if (!part) throw fieldError(FIELD, HANDOUT_FILE_REQUIRED);
  if (part.fieldname !== FIELD) {
    part.file.resume();
    throw fieldError(FIELD, HANDOUT_FILE_REQUIRED);
  }
  let file: ReceivedFile;
  try {
    file = await receiveFile(dir, part.file);
  } catch (error) {
    if (isSystemError(error)) throw error;
    throw fieldError(FIELD, UPLOAD_INCOMPLETE);
  }
  const originalName = displayName(part.filename ?? '');
  const refusal =
    file.size === 0 || originalName === ''
      ? HANDOUT_FILE_REQUIRED
      : part.file.truncated
        ? HANDOUT_TOO_LARGE
        : !file.head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC) || !originalName.toLowerCase().endsWith('.pdf')
          ? HANDOUT_PDF_ONLY
          : null;
  if (refusal) {
    await file.discard();
    throw fieldError(FIELD, refusal);
  }
  return { file, originalName };
}
