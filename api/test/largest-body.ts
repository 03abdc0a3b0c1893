/**
 * The largest body a client may legitimately send a route, made from the route's request schema in
 * the OpenAPI document (docs/openapi.json): every field given, every text at its longest in
 * Burmese (3 bytes a character in UTF-8, as the forms send it), every list at its most items.
 * A test measures the API's JSON body limit against it.
 */
type Schema = Record<string, unknown>;

const BURMESE = 'က';

function largest(schema: Schema | undefined): unknown {
  if (!schema) return null;
  if (Array.isArray(schema.anyOf)) return biggest((schema.anyOf as Schema[]).map(largest));
  const type = [schema.type].flat().find((t) => t !== 'null');
  if (Array.isArray(schema.enum)) return biggest(schema.enum as unknown[]);
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, Schema>).map(([k, v]) => [k, largest(v)]),
      );
    case 'array': {
      if (typeof schema.maxItems !== 'number') throw new Error('a list without maxItems has no largest size');
      return Array.from({ length: schema.maxItems }, () => largest(schema.items as Schema));
    }
    case 'string':
      // A pattern (a day, a phone number, a UUID) allows short text only.
      if (schema.pattern) return 'x'.repeat(40);
      if (schema.format === 'email') return `${'a'.repeat(Number(schema.maxLength ?? 255) - 6)}@a.com`;
      return BURMESE.repeat(Number(schema.maxLength ?? 1000));
    case 'integer':
    case 'number':
      return -2147483647.5;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

const size = (v: unknown) => Buffer.byteLength(JSON.stringify(v));
const biggest = (values: unknown[]) => values.reduce((a, b) => (size(b) > size(a) ? b : a), values[0]);

export interface LargestBody {
  route: string;
  /** As UTF-8 (how browsers and most JSON libraries send Burmese). */
  bytes: number;
  /** With every Burmese character escaped (\u1000), as a client that sends ASCII-only JSON does. */
  escaped: number;
}

/** Each JSON body of the document's operations (and a multipart upload's `data` record), at its largest. */
export function largestBodies(document: { paths: Record<string, Record<string, Schema>> }): LargestBody[] {
  const found: LargestBody[] = [];
  for (const [path, operations] of Object.entries(document.paths))
    for (const [method, operation] of Object.entries(operations)) {
      const content = ((operation.requestBody as Schema | undefined)?.content ?? {}) as Record<string, Schema>;
      const json = (content['application/json']?.schema as Schema | undefined) ?? undefined;
      const data = ((
        (content['multipart/form-data']?.schema as Schema | undefined)?.properties as Record<string, Schema>
      )?.data?.contentSchema ?? undefined) as Schema | undefined;
      for (const schema of [json, data]) {
        if (!schema) continue;
        const body = largest(schema);
        const escaped = Buffer.byteLength(JSON.stringify(body).replaceAll(BURMESE, '\\u1000'));
        found.push({ route: `${method.toUpperCase()} ${path}`, bytes: size(body), escaped });
      }
    }
  return found.sort((a, b) => b.bytes - a.bytes);
}
