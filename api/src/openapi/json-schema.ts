import type { AnySchema, SchemaDescription, SchemaFieldDescription } from 'yup';

/**
 * The JSON Schema of a shared yup schema, for the OpenAPI document only: what a client may send
 * (types, required fields, choices, lengths, patterns, bounds). The API validates with the yup
 * schema itself (its messages are SPEC.md §5's); this is its description, never a second check.
 */
export type JsonSchema = Record<string, unknown>;

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
  return fromDescription(schema.describe());
}

type Described = SchemaDescription & {
  fields?: Record<string, SchemaFieldDescription>;
  innerType?: SchemaFieldDescription;
  label?: string;
  meta?: { description?: string };
  optional?: boolean;
  nullable?: boolean;
};

function fromDescription(field: SchemaFieldDescription): JsonSchema {
  const d = field as Described;
  const out: JsonSchema = {};
  switch (d.type) {
    case 'object': {
      const fields = d.fields ?? {};
      out.type = 'object';
      out.properties = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, fromDescription(f)]));
      const required = Object.entries(fields)
        .filter(([, f]) => (f as Described).optional === false)
        .map(([name]) => name);
      if (required.length) out.required = required;
      break;
    }
    case 'array':
      out.type = 'array';
      out.items = d.innerType ? fromDescription(d.innerType) : {};
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
  for (const test of d.tests) {
    const p = (test.params ?? {}) as Record<string, unknown>;
    const string = out.type === 'string';
    if (test.name === 'max' && typeof p.max === 'number') out[string ? 'maxLength' : 'maximum'] = p.max;
    if (test.name === 'min' && typeof p.min === 'number') out[string ? 'minLength' : 'minimum'] = p.min;
    if (test.name === 'min' && typeof p.more === 'number') out.exclusiveMinimum = p.more;
    if (test.name === 'matches' && p.regex instanceof RegExp) out.pattern = p.regex.source;
    if (test.name === 'email') out.format = 'email';
  }
  const choices = d.oneOf.filter((v) => v !== null && v !== undefined);
  if (choices.length) out.enum = choices;
  if (d.label) out.title = d.label;
  if (d.meta?.description) out.description = d.meta.description;
  if (d.nullable && out.type) out.type = [out.type, 'null'];
  return out;
}
