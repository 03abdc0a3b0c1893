/** PostgreSQL error codes we turn into answers for the user (drizzle wraps the driver's error in `cause`). */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/** ON DELETE RESTRICT reports this instead of 23503. */
export const RESTRICT_VIOLATION = '23001';

export function pgErrorCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
