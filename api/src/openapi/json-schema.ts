import * as yup from 'yup';
import { ValidationError, type AnyObjectSchema, type AnySchema, type SchemaDescription } from 'yup';

/**
 * The JSON Schema of a shared yup schema, for the OpenAPI document only: what a client may send
 * (types, null where it is taken, required fields and those a choice requires, choices, lengths,
 * patterns, bounds; docs/decisions/0152-openapi-document-tells-the-truth.md). The API validates with the yup
 * schema itself (its messages are SPEC.md §5's); this is its description, never a second check.
 */
export type JsonSchema = Record<string, unknown>;

type ResolveOptions = Parameters<AnySchema['resolve']>[0];

/** Where a shared type's schema is in the document (components made by types.ts). */
export const schemaRef = (name: string) => `#/components/schemas/${name}`;

/** Every shared type a value (a route's schema, the document's paths) refers to by `schemaRef`. */
export function referencedTypes(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) referencedTypes(v, into);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && v.startsWith(schemaRef('')))
        into.add(v.slice(schemaRef('').length));
      else referencedTypes(v, into);
    }
  }
  return into;
}

export function jsonSchemaOf(schema: AnySchema): JsonSchema {
  return fromSchema(schema, {});
}

type Described = SchemaDescription & {
  label?: string;
  meta?: { description?: string };
  optional?: boolean;
  nullable?: boolean;
};

/** yup's own parts the conversion reads (not in its public types): an object's fields, an array's items, a field's `when` references. */
interface Walkable {
  fields?: Record<string, AnySchema>;
  innerType?: AnySchema;
  conditions?: { refs: { key: string; isSibling: boolean }[] }[];
}

/** A `yup.ref(…)` among a field's choices, as describe() gives it. */
const isReference = (v: unknown): v is { key: string } =>
  typeof v === 'object' && v !== null && (v as { type?: unknown }).type === 'ref';

function fromSchema(schema: AnySchema, options: ResolveOptions): JsonSchema {
  const resolved = schema.resolve(options);
  const d = resolved.describe() as Described;
  const parts = resolved as unknown as Walkable;
  let out: JsonSchema = {};
  switch (d.type) {
    case 'object':
      out = objectOf(parts.fields ?? {});
      break;
    case 'array':
      out.type = 'array';
      out.items = parts.innerType ? fromSchema(parts.innerType, {}) : {};
      break;
    case 'number':
      out.type = d.tests.some((t) => t.name === 'integer') ? 'integer' : 'number';
      break;
    case 'string':
    case 'boolean':
      out.type = d.type;
      break;
    case 'date':
      out.type = 'string';
      out.format = 'date';
      break;
    default:
      break;
  }
  const bound = out.type === 'string' ? 'Length' : out.type === 'array' ? 'Items' : '';
  for (const test of d.tests) {
    const p = (test.params ?? {}) as Record<string, unknown>;
    if (test.name === 'max' && typeof p.max === 'number') out[bound ? `max${bound}` : 'maximum'] = p.max;
    if (test.name === 'min' && typeof p.min === 'number') out[bound ? `min${bound}` : 'minimum'] = p.min;
    if (test.name === 'length' && typeof p.length === 'number' && bound)
      out[`max${bound}`] = out[`min${bound}`] = p.length;
    if (test.name === 'min' && typeof p.more === 'number') out.exclusiveMinimum = p.more;
    if (test.name === 'matches' && p.regex instanceof RegExp) out.pattern = p.regex.source;
    if (test.name === 'email') out.format = 'email';
  }
  // `oneOf([ref('x')])` is a check against another field (a confirmation), not a list of choices.
  const refs = d.oneOf.filter(isReference);
  const choices = d.oneOf.filter((v) => v !== null && v !== undefined && !isReference(v));
  if (choices.length) out.enum = choices;
  const equal = refs.map((r) => `Must equal \`${r.key}\`.`);
  const description = [d.meta?.description, ...equal].filter(Boolean).join(' ');
  if (d.label) out.title = d.label;
  if (description) out.description = description;
  return out;
}

/**
 * An object's fields. A field is nullable when the API accepts null for it (a field's own
 * `.nullable()`, or a transform that reads null as missing): found by validating null, so the
 * document says what the schema does. A field whose rules depend on a sibling with a list of
 * choices (`when('work', …)`) is described as the choices make it: its type from the first
 * choice that gives it one, its requirement for the choices that require it (`if`/`then`).
 */
function objectOf(fields: Record<string, AnySchema>): JsonSchema {
  const object = yup.object(fields);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const requiredWhen = new Map<string, { sibling: string; choices: unknown[]; fields: string[] }>();
  for (const [name, field] of Object.entries(fields)) {
    const sibling = siblingWithChoices(field, fields);
    const cases = sibling
      ? choicesOf(fields[sibling]!).map((choice) => ({ choice, parent: { [sibling]: choice } }))
      : [{ choice: undefined, parent: {} }];
    const typed = cases.find((c) => field.resolve({ parent: c.parent }).type !== 'mixed') ?? cases[0]!;
    properties[name] = withNull(fromSchema(field, { parent: typed.parent }), acceptsNull(object, name, typed.parent));
    const requiring = cases.filter((c) => field.resolve({ parent: c.parent }).describe().optional === false);
    if (requiring.length === cases.length) required.push(name);
    else if (requiring.length && sibling) {
      const choices = requiring.map((c) => c.choice);
      const key = `${sibling}:${JSON.stringify(choices)}`;
      const group = requiredWhen.get(key) ?? { sibling, choices, fields: [] };
      group.fields.push(name);
      requiredWhen.set(key, group);
    }
  }
  return {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(requiredWhen.size
      ? {
          allOf: [...requiredWhen.values()].map((g) => ({
            if: { properties: { [g.sibling]: { enum: g.choices } }, required: [g.sibling] },
            then: { properties: Object.fromEntries(g.fields.map((f) => [f, properties[f]])), required: g.fields },
          })),
        }
      : {}),
  };
}

/** The one sibling a field's `when` reads, if that sibling is a list of choices. */
function siblingWithChoices(field: AnySchema, fields: Record<string, AnySchema>): string | undefined {
  const refs = ((field as unknown as Walkable).conditions ?? []).flatMap((c) => c.refs);
  const keys = [...new Set(refs.filter((r) => r.isSibling).map((r) => r.key))];
  return keys.length === 1 && fields[keys[0]!] && choicesOf(fields[keys[0]!]!).length ? keys[0] : undefined;
}

function choicesOf(field: AnySchema): unknown[] {
  return field.describe().oneOf.filter((v) => v !== null && v !== undefined && !isReference(v));
}

/** Whether the object's validation takes null for the field (with `parent`'s siblings). */
function acceptsNull(object: AnyObjectSchema, name: string, parent: Record<string, unknown>): boolean {
  try {
    object.validateSyncAt(name, { ...parent, [name]: null });
    return true;
  } catch (error) {
    if (error instanceof ValidationError) return false;
    // An asynchronous rule: only the field's own `.nullable()` can tell.
    return (object.fields[name]?.describe() as Described | undefined)?.nullable === true;
  }
}

function withNull(schema: JsonSchema, nullable: boolean): JsonSchema {
  if (!nullable || !schema.type) return schema;
  return {
    ...schema,
    type: [schema.type, 'null'],
    ...(schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {}),
  };
}
