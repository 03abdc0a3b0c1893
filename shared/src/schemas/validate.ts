import {
  ArraySchema,
  ObjectSchema,
  ValidationError,
  isSchema,
  type AnyObjectSchema,
  type AnySchema,
  type InferType,
} from 'yup';
import type { TextContext } from './fields';

export type FieldErrors = Record<string, string[]>;

/** What the API answers when it refuses a call (4xx, 5xx): the message, and on bad input every field's messages. */
export interface ErrorResponse {
  message: string;
  errors?: FieldErrors;
}

const INVALID = 'The given data was invalid.';

/** A 400 names at most this many fields (more than the longest form has, 24), with at most this many messages each: never megabytes. */
export const ERROR_FIELDS = 30;
export const ERRORS_PER_FIELD = 3;

export type Validation<S extends AnyObjectSchema> =
  { ok: true; value: InferType<S> } | { ok: false; message: string; errors: FieldErrors };

/**
 * Validates a request body with the same schema the form uses, collecting the fields' messages
 * (at most ERROR_FIELDS fields, ERRORS_PER_FIELD messages each). Unknown keys are dropped so a
 * client cannot smuggle columns into an update. A list longer than its schema allows is refused
 * first, with its own message and nothing else: none of its items is cast or validated, so the
 * work of a request is bounded by its schema, not by what a client sends. `context`: the API's
 * TextContext (Zawgyi stored as Unicode).
 */
export async function validate<S extends AnyObjectSchema>(
  schema: S,
  body: unknown,
  context?: TextContext,
): Promise<Validation<S>> {
  const tooLong = overLongLists(schema, body ?? {});
  if (tooLong) return { ok: false, message: Object.values(tooLong)[0]![0]!, errors: tooLong };
  try {
    const value = await schema.validate(body ?? {}, { abortEarly: false, stripUnknown: true, context });
    return { ok: true, value };
  } catch (e) {
    // A rule that trips over the shape of what a client sent (an object where text belongs) is
    // still the client's bad input: a 400, never a 500.
    if (!(e instanceof ValidationError)) return { ok: false, message: INVALID, errors: {} };
    const errors: FieldErrors = {};
    let fields = 0;
    for (const inner of e.inner.length ? e.inner : [e]) {
      const field = inner.path ?? '_';
      if (!errors[field]) {
        if (fields === ERROR_FIELDS) continue;
        errors[field] = [];
        fields++;
      }
      if (errors[field].length < ERRORS_PER_FIELD) errors[field].push(inner.message);
    }
    const first = Object.values(errors)[0]?.[0] ?? INVALID;
    return { ok: false, message: first, errors };
  }
}

/** A list schema's most items (its `max`, or its `length`) and the message for more. */
function boundOf(schema: ArraySchema<unknown[] | undefined, object>): { most: number; message: string } | undefined {
  for (const test of schema.tests) {
    const { name, params, message } = test.OPTIONS ?? {};
    const most = name === 'max' ? params?.max : name === 'length' ? params?.length : undefined;
    if (typeof most === 'number') return { most, message: String(ValidationError.formatError(message, { max: most })) };
  }
  return undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The lists in `value` longer than `schema` allows, by path (as yup names them), or undefined.
 * Walks the schema with the value as sent (conditions resolved against it), into a list's items
 * only when the list is within its bound.
 */
function overLongLists(schema: unknown, value: unknown, parent?: unknown, path = ''): FieldErrors | undefined {
  if (!isSchema(schema)) return undefined;
  const resolved = (schema as AnySchema).resolve({ value, parent, context: undefined });
  if (resolved instanceof ObjectSchema && isRecord(value)) {
    let found: FieldErrors | undefined;
    for (const [key, field] of Object.entries(resolved.fields)) {
      const inner = overLongLists(field, value[key], value, path ? `${path}.${key}` : key);
      if (inner) found = { ...found, ...inner };
    }
    return found;
  }
  if (resolved instanceof ArraySchema && Array.isArray(value)) {
    const bound = boundOf(resolved);
    if (bound && value.length > bound.most) return { [path || '_']: [bound.message] };
    let found: FieldErrors | undefined;
    value.forEach((item, i) => {
      const inner = overLongLists(resolved.innerType, item, value, `${path}[${i}]`);
      if (inner) found = { ...found, ...inner };
    });
    return found;
  }
  return undefined;
}
