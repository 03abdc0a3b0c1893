import type { ErrorResponse, FieldErrors } from '@vot/shared/schemas';

/** An error whose status and message are meant for the client; the error handler sends it as is. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toJSON(): ErrorResponse {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  badCredentials: 'These credentials do not match our records.',
  invalidJson: 'The request body is not valid JSON.',
  notAnObject: 'The request body must be a JSON object.',
  passwordChanged: 'Password has been changed successfully!',
  currentPasswordIncorrect: 'Current Password is incorrect!',
  loggedOut: 'You have been signed out.',
  mustChangePassword: 'Please change your initial password before you continue.',
  initialPasswordExpired: 'Your initial password has expired. Ask an administrator for a new one.',
  /** A staff account's, a volunteer's or a patient's reset: a new generated initial password. */
  passwordReset: 'Initial password reset.',
  /** POST app/refresh refused: unknown, expired, used before, or its device session ended. */
  refreshRefused: 'This device is signed out. Please sign in again.',
} as const;

/** Always "minutes", as the contract words it, even for 1. */
export function tooManyAttempts(minutes: number): string {
  return `Too many failed sign-in attempts. Please try again in ${minutes} minutes.`;
}

/** 400 with one field's message, shaped like a schema failure so the client shows it the same way. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, message, { [field]: [message] });
}

export const notFound = (message: string = MESSAGES.notFound) => new HttpError(404, message);
export const forbidden = () => new HttpError(403, MESSAGES.forbidden);
export const conflict = (message: string) => new HttpError(409, message);
