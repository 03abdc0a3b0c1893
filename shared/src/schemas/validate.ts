import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';

export type FieldErrors = Record<string, string[]>;

export type Validation<S extends AnyObjectSchema> =
  | { ok: true; value: InferType<S> }
  | { ok: false; message: string; errors: FieldErrors };

/**
 * Validates a request body with the same schema the form uses, collecting every field's messages.
 * Unknown keys are dropped so a client cannot smuggle columns into an update.
 */
export async function validate<S extends AnyObjectSchema>(schema: S, body: unknown): Promise<Validation<S>> {
  try {
    const value = await schema.validate(body ?? {}, { abortEarly: false, stripUnknown: true });
    return { ok: true, value };
  } catch (e) {
    if (!(e instanceof ValidationError)) throw e;
    const errors: FieldErrors = {};
    for (const inner of e.inner.length ? e.inner : [e]) {
      const field = inner.path ?? '_';
      (errors[field] ??= []).push(inner.message);
    }
    const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
    return { ok: false, message: first, errors };
  }
}
