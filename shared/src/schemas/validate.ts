import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import type { TextContext } from './fields';

export type FieldErrors = Record<string, string[]>;

/** What the API answers when it refuses a call (4xx, 5xx): the message, and on bad input every field's messages. */
export interface ErrorResponse {
  message: string;
  errors?: FieldErrors;
}

const INVALID = 'The given data was invalid.';

export type Validation<S extends AnyObjectSchema> =
  { ok: true; value: InferType<S> } | { ok: false; message: string; errors: FieldErrors };

/**
 * Validates a request body with the same schema the form uses, collecting every field's messages.
 * Unknown keys are dropped so a client cannot smuggle columns into an update. `context`: the API's
 * TextContext (Zawgyi stored as Unicode).
 */
export async function validate<S extends AnyObjectSchema>(
  schema: S,
  body: unknown,
  context?: TextContext,
): Promise<Validation<S>> {
  try {
    const value = await schema.validate(body ?? {}, { abortEarly: false, stripUnknown: true, context });
    return { ok: true, value };
  } catch (e) {
    // A rule that trips over the shape of what a client sent (an object where text belongs) is
    // still the client's bad input: a 400, never a 500.
    if (!(e instanceof ValidationError)) return { ok: false, message: INVALID, errors: {} };
    const errors: FieldErrors = {};
    for (const inner of e.inner.length ? e.inner : [e]) {
      const field = inner.path ?? '_';
      (errors[field] ??= []).push(inner.message);
    }
    const first = Object.values(errors)[0]?.[0] ?? INVALID;
    return { ok: false, message: first, errors };
  }
}
