import type { AxiosError } from 'axios';
import { UI_MESSAGES } from '../domain/constants';
import type { FieldErrors } from '../schemas/validate';

// The field errors' shape is the server's (schemas/validate.ts): one declaration for both ends.
export type { FieldErrors };

/** What every failed call rejects with: the message a person should read, and field errors if any. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorBody {
  message?: unknown;
  errors?: unknown;
}

/**
 * SPEC.md §8: a 400 shows its first field message; a 401 shows the server's message (and signs out);
 * 403/404/409/429 show the server's message when it sends one, because "not allowed" or "still in
 * use" helps a person more than a generic line; anything else reads 'Something was wrong!'.
 */
export function toApiError(error: AxiosError<ErrorBody>): ApiError {
  const status = error.response?.status ?? 0;
  const body = error.response?.data ?? {};
  const serverMessage = typeof body.message === 'string' ? body.message : undefined;
  if (status === 400) {
    const errors = (body.errors && typeof body.errors === 'object' ? body.errors : {}) as FieldErrors;
    const first = Object.values(errors).find((msgs) => Array.isArray(msgs) && msgs.length)?.[0];
    return new ApiError(first ?? serverMessage ?? UI_MESSAGES.somethingWrong, status, errors);
  }
  if ([401, 403, 404, 409, 429].includes(status) && serverMessage) return new ApiError(serverMessage, status);
  return new ApiError(UI_MESSAGES.somethingWrong, status);
}
