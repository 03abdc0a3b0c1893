import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { SIGN_MAX_BYTES, VIDEO_MAX_BYTES } from '@vot/shared/schemas';
import { JPEG, MP4, PNG, UploadRefused, WEBM, type FileStore, type UploadRules } from '../../files/store';
import { HttpError, fieldError } from '../../lib/http-errors';
import { UPLOAD_INCOMPLETE } from '../handouts/upload';

/** The two files a visit may carry, by their form field. */
export type VisitFileField = 'sign' | 'video';

export const RULES: Record<VisitFileField, UploadRules & { label: string; types_text: string }> = {
  sign: { maxBytes: SIGN_MAX_BYTES, types: [PNG, JPEG], label: 'Signature', types_text: 'a PNG or JPEG image' },
  video: { maxBytes: VIDEO_MAX_BYTES, types: [MP4, WEBM], label: 'Video', types_text: 'an MP4 or WebM video' },
};

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

export function refusalMessage(field: VisitFileField, error: UploadRefused): string {
  const rules = RULES[field];
  switch (error.reason) {
    case 'empty':
      return `${rules.label} is empty!`;
    case 'too-large':
      return `${rules.label} may be at most ${megabytes(rules.maxBytes)}!`;
    case 'wrong-type':
      return `${rules.label} must be ${rules.types_text}!`;
    default:
      return UPLOAD_INCOMPLETE;
  }
}

export const DATA_FIRST = 'Send the record (the data field) before its files.';
export const NOT_JSON = 'data must be the record as JSON!';

/** A visit upload as received: the record, and the files already in the store (under new keys). */
export interface VisitUpload {
  data: unknown;
  stored: Partial<Record<VisitFileField, string>>;
}

/**
 * Reads a multipart visit upload: first the `data` field (the record as JSON), then the files
 * `sign` and `video`, each streamed straight into the store (never held in memory), size-limited
 * and checked by its first bytes while it arrives. `beforeFiles` runs once the record is known and
 * before any file is read: it validates and checks the record, and may answer at once (a record
 * already stored: its files are then drained, not stored). Any failure removes what this request
 * stored, so a refused or cut-short upload leaves nothing behind.
 */
export async function receiveVisitUpload(
  request: FastifyRequest,
  store: FileStore,
  beforeFiles: (data: unknown) => Promise<'store' | 'skip'>,
): Promise<VisitUpload> {
  const upload: VisitUpload = { data: undefined, stored: {} };
  let decision: 'store' | 'skip' | null = null;
  // An error thrown while our own code runs (left `ours` set) passes on as it is; any other came from reading the body.
  let ours = false;
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    ours = true;
    const result = await work();
    ours = false;
    return result;
  };
  try {
    let parts: AsyncIterableIterator<Multipart>;
    try {
      parts = request.parts();
    } catch {
      throw fieldError('data', DATA_FIRST);
    }
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname !== 'data' || decision !== null) continue;
        try {
          upload.data = JSON.parse(String(part.value));
        } catch {
          throw fieldError('data', NOT_JSON);
        }
        decision = await run(() => beforeFiles(upload.data));
        continue;
      }
      const field = part.fieldname as VisitFileField;
      if (decision === null || !(field in RULES) || upload.stored[field] || decision === 'skip') {
        part.file.resume();
        if (decision === null) throw fieldError('data', DATA_FIRST);
        if (decision === 'skip') continue;
        throw fieldError(
          field in RULES ? field : 'data',
          field in RULES ? `Only one ${RULES[field].label} per visit!` : `Unknown file field ${part.fieldname}!`,
        );
      }
      try {
        upload.stored[field] = (await run(() => store.put(part.file, RULES[field]))).key;
      } catch (error) {
        part.file.resume();
        if (error instanceof UploadRefused) throw fieldError(field, refusalMessage(field, error));
        throw error;
      }
      // The multipart parser cuts a file at its own limit and marks it; the store's limit is lower, so this is a guard only.
      if (part.file.truncated) throw fieldError(field, refusalMessage(field, new UploadRefused('too-large')));
    }
    if (decision === null) throw fieldError('data', 'data is required!');
    return upload;
  } catch (error) {
    await discardStored(store, upload.stored);
    // A multipart body cut short, or malformed, is the client's: a 400, not a 500.
    if (!ours && !(error instanceof HttpError) && !isSystemError(error)) throw fieldError('data', UPLOAD_INCOMPLETE);
    throw error;
  }
}

function isSystemError(error: unknown): boolean {
  return typeof (error as { syscall?: unknown })?.syscall === 'string';
}

/** Removes the files a failed or duplicate upload stored; a removal that fails is only clutter (the stale sweep takes it). */
export async function discardStored(store: FileStore, stored: Partial<Record<VisitFileField, string>>): Promise<void> {
  await Promise.all(Object.values(stored).map((key) => store.delete(key).catch(() => undefined)));
}
