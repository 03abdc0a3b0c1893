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
export const UUID_NOT_THE_RECORDS = "uuid must be the record's own uuid!";
export const NOT_JSON = 'data must be the record as JSON!';

/** A visit upload as received: the record, and the files already in the store (under new keys). */
export interface VisitUpload {
  data: unknown;
  stored: Partial<Record<VisitFileField, string>>;
}

/** What the route decides of an upload before any file part is read. */
export interface VisitUploadChecks {
  /** A uuid already stored: the upload is answered from the record at once, nothing more read. */
  isRepeat: (uuid: unknown) => Promise<boolean>;
  /** Validates and checks a new record: `store`, or `skip` when it turns out stored (a repeat). */
  beforeFiles: (data: unknown) => Promise<'store' | 'skip'>;
}

/**
 * Reads a multipart visit upload: first the optional `uuid` field (the record's uuid alone), then
 * the `data` field (the record as JSON), then the files `sign` and `video`, each streamed straight
 * into the store (never held in memory), size-limited and checked by its first bytes while it
 * arrives. A repeat (the uuid of a stored record, from `uuid` or from `data`) stops the reading at
 * once, before any file part: `skipped` is true and the rest of the body is never read. Any failure
 * removes what this request stored, so a refused or cut-short upload leaves nothing behind.
 */
export async function receiveVisitUpload(
  request: FastifyRequest,
  store: FileStore,
  checks: VisitUploadChecks,
): Promise<VisitUpload & { skipped: boolean }> {
  const upload: VisitUpload = { data: undefined, stored: {} };
  let decision: 'store' | 'skip' | null = null;
  let uuidField: string | undefined;
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
        if (part.fieldname === 'uuid' && decision === null && uuidField === undefined) {
          uuidField = String(part.value);
          if (await run(() => checks.isRepeat(uuidField))) return { ...upload, skipped: true };
          continue;
        }
        if (part.fieldname !== 'data' || decision !== null) continue;
        try {
          upload.data = JSON.parse(String(part.value));
        } catch {
          throw fieldError('data', NOT_JSON);
        }
        const own = (upload.data as { uuid?: unknown } | null)?.uuid;
        if (uuidField !== undefined && (typeof own !== 'string' || own.toLowerCase() !== uuidField.toLowerCase()))
          throw fieldError('uuid', UUID_NOT_THE_RECORDS);
        decision = await run(() => checks.beforeFiles(upload.data));
        if (decision === 'skip') return { ...upload, skipped: true };
        continue;
      }
      const field = part.fieldname as VisitFileField;
      if (decision === null || !(field in RULES) || upload.stored[field]) {
        part.file.resume();
        if (decision === null) throw fieldError('data', DATA_FIRST);
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
    return { ...upload, skipped: false };
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
