import type { FastifySchema } from 'fastify';
import type { AnyObjectSchema } from 'yup';
import { alreadyStoredMessage, successMessage } from '@vot/shared/domain';
import { UUID_PATTERN } from '@vot/shared/schemas';
import { STORED_NAME } from '../lib/files';
import { LINK_EXPIRES, LINK_SESSION, LINK_SIGNATURE } from '../lib/signed-links';
import type { ErrorStatus } from './document';
import { jsonSchemaOf, schemaRef, type JsonSchema } from './json-schema';

/**
 * A route's `schema`, from one source each: bodies and queries from the shared yup schemas the
 * handler validates with, answers from the shared TypeScript types the repositories `satisfies`
 * (by name: `$ref`s into the document's components, which types.ts makes from the declarations),
 * path parameters from the path (`paramsOf`). The OpenAPI document reads it. Fastify neither
 * validates nor serialises with it (app.ts sets no-op compilers): bodies and queries are still
 * checked by `bodyOf` / `queryOf` with the yup schema and its §5 messages, and answers go out as the
 * handler returns them, every field.
 */
export interface RouteDoc {
  summary: string;
  /** The query string's shared filter schema. */
  querystring?: AnyObjectSchema;
  /** `true`: a paged list (`?page`). */
  paged?: boolean;
  /** `true`: the export's cursor (`?after`, the previous answer's `next`). */
  cursor?: boolean;
  /** `true`: a signed link's `?expires&signature` (lib/signed-links.ts) instead of a bearer token. */
  signed?: boolean;
  /** The JSON body's schema; several: one of them, as the handler chooses (see the summary). */
  body?: AnyObjectSchema | AnyObjectSchema[];
  /**
   * A multipart upload: its file fields (those required first), a `data` field holding the record as
   * JSON, and with `uuid` an optional first field holding the record's uuid alone.
   */
  upload?: { files: string[]; required: string[]; data?: AnyObjectSchema; uuid?: boolean };
  /** A body that is bytes of this media type (a resumable upload's PATCH). */
  binary?: string;
  /** The answers, by status (`answers`). */
  response: Record<number, JsonSchema>;
  /**
   * Error answers beyond those the route's shape implies (document.ts impliedErrors: 400 with a body
   * or query, 401/403 with a token, 404 with a path parameter, 405, 413, 415, 500): a 409 the
   * handler gives, a sign-in's 401, 429 and 503, a 400 or 404 without a body or parameter.
   */
  refusals?: ErrorStatus[];
}

const PAGE = {
  type: 'integer',
  minimum: 1,
  description:
    "The page (1-based); without it the whole list (the forms' dropdowns), or for the longest lists the first page.",
};
const AFTER = {
  type: 'integer',
  minimum: 1,
  description: "The previous answer's `next`: the rows below that id (none: the first rows).",
};
const SIGNED = {
  expires: {
    type: 'string',
    pattern: LINK_EXPIRES.source,
    description: "The link's expiry (unix seconds), as the API signed it.",
  },
  session: {
    type: 'string',
    pattern: LINK_SESSION.source,
    description: 'The session the link was handed to: the link ends with it (sign-out, expiry, password change).',
  },
  signature: {
    type: 'string',
    pattern: LINK_SIGNATURE.source,
    description: "The link's signature, as the API signed it.",
  },
};
const FILE = { type: 'string', format: 'binary' };

const alternatives = (schemas: JsonSchema[]) => (schemas.length === 1 ? schemas[0]! : { anyOf: schemas });

export function routeSchema(doc: RouteDoc): FastifySchema {
  const schema: FastifySchema & { summary: string } = { summary: doc.summary };
  const query = doc.querystring ? jsonSchemaOf(doc.querystring) : undefined;
  const properties = {
    ...((query?.properties as JsonSchema | undefined) ?? {}),
    ...(doc.paged ? { page: PAGE } : {}),
    ...(doc.cursor ? { after: AFTER } : {}),
    ...(doc.signed ? SIGNED : {}),
  };
  if (Object.keys(properties).length)
    schema.querystring = { type: 'object', properties, ...(doc.signed ? { required: Object.keys(SIGNED) } : {}) };
  const json = doc.body ? alternatives([doc.body].flat().map(jsonSchemaOf)) : undefined;
  if (doc.upload) {
    const { files, required, data, uuid } = doc.upload;
    const parts = {
      // Read in this order: the record first, so nothing of a file is stored before the record is checked.
      ...(uuid
        ? {
            uuid: {
              type: 'string',
              format: 'uuid',
              description:
                "The record's uuid, first of all the fields: a record already stored is answered (200) before anything else is read",
            },
          }
        : {}),
      ...(data
        ? {
            data: {
              type: 'string',
              contentMediaType: 'application/json',
              contentSchema: jsonSchemaOf(data),
              description: 'The record as JSON, before the files',
            },
          }
        : {}),
      ...Object.fromEntries(files.map((f) => [f, FILE])),
    };
    const multipart = { type: 'object', properties: parts, required: [...(data ? ['data'] : []), ...required] };
    schema.body = {
      content: {
        ...(json ? { 'application/json': { schema: json } } : {}),
        'multipart/form-data': { schema: multipart },
      },
    };
  } else if (doc.binary) schema.body = { content: { [doc.binary]: { schema: FILE } } };
  else if (json) schema.body = json;
  schema.response = doc.response;
  if (doc.refusals?.length) Object.assign(schema, { refusals: doc.refusals });
  return schema;
}

/** The POST form of an update (SPEC.md §7 `?_method=PUT`): its schema with the override in the query. */
export function withMethodOverride(schema: FastifySchema | undefined): FastifySchema | undefined {
  if (!schema) return schema;
  const query = (schema.querystring ?? { type: 'object', properties: {} }) as {
    properties?: JsonSchema;
    required?: string[];
  };
  const override = {
    type: 'string',
    enum: ['PUT'],
    description: 'This POST is an update (a plain PUT is the same call)',
  };
  return {
    ...schema,
    querystring: {
      ...query,
      type: 'object',
      properties: { _method: override, ...query.properties },
      required: ['_method', ...(query.required ?? [])],
    },
  };
}

/** The path parameters every route may have, described once: their names say what they hold. */
const PARAMS: Record<string, JsonSchema> = {
  id: {
    type: 'integer',
    minimum: 1,
    maximum: 999_999_999,
    description: "The record's id (on a patient's records, the patient's); anything else is a 404",
  },
  township_id: { type: 'integer', minimum: 1, maximum: 999_999_999, description: "The township's id" },
  uuid: {
    type: 'string',
    pattern: UUID_PATTERN.source,
    description: "The visit record's uuid (upper case is read as lower case)",
  },
  upload: {
    type: 'string',
    pattern: '^[0-9a-f-]{36}-(video|sign)$',
    description: "The resumable upload, as its `Location` names it (the record's uuid and the file kind)",
  },
  name: {
    type: 'string',
    pattern: STORED_NAME.source,
    description: "The stored file's name, as its signed link gives it",
  },
};

/** The `params` schema of a path (`/patients/:id`), or undefined without parameters; an unknown name is an error, so a new one gets described. */
export function paramsOf(url: string): JsonSchema | undefined {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (!names.length) return undefined;
  for (const name of names)
    if (!PARAMS[name]) throw new Error(`${url}: describe the path parameter :${name} in openapi/routes.ts PARAMS`);
  return { type: 'object', properties: Object.fromEntries(names.map((n) => [n, PARAMS[n]])), required: names };
}

const ref = (type: string) => ({ $ref: schemaRef(type) });
const many = (type: string) => ({ type: 'array', items: ref(type) });

/**
 * One of the shared client's envelopes (SPEC.md §7: ListResponse `{ data, status, total }`,
 * ItemResponse `{ data, status[, message] }`, @vot/shared/api) with its `data` as the given type.
 */
const envelope = (name: 'ListResponse' | 'ItemResponse', description: string, data: JsonSchema) => ({
  description,
  allOf: [ref(name), { properties: { data } }],
});

/** The answers of a route, by status, each naming the shared type of its records. */
export const answers = {
  /** A list: a page of records and the total. */
  list: (type: string) => ({ 200: envelope('ListResponse', `A page of ${type} records and the total`, many(type)) }),
  /** Rows without a total (an export's), or the records a call made (201). */
  rows: (type: string, status = 200) => ({
    [status]: envelope('ItemResponse', status === 201 ? `The ${type} records made` : `The ${type} rows`, many(type)),
  }),
  /** One record; 201 when it was created (with the notice's message, as updates). */
  item: (type: string, status = 200) => ({
    [status]: envelope('ItemResponse', status === 201 ? `The ${type} created` : `The ${type}`, ref(type)),
  }),
  /** One record, or null when there is none (a patient not on VOT has no dose ledger). */
  itemOrNull: (type: string) => ({
    200: envelope('ItemResponse', `The ${type}, or null`, { anyOf: [ref(type), { type: 'null' }] }),
  }),
  /**
   * An upload idempotent by the app's uuid: 201 with the record stored now, 200 with the record
   * stored before (a retry; nothing changed), each with its message.
   */
  upload: (type: string, entity: string) => {
    const stored = (description: string, message: string) => ({
      description,
      allOf: [
        ref('ItemResponse'),
        { properties: { data: ref(type), message: { const: message } }, required: ['message'] },
      ],
    });
    return {
      201: stored(`Stored: the ${type} as stored now`, successMessage(entity, 'created')),
      200: stored(
        `Already stored (the same uuid again): the ${type} as stored before; nothing changed`,
        alreadyStoredMessage(entity),
      ),
    };
  },
  /** A deletion answered `{ data: null, status, message }`. */
  removed: (message: string) => ({ 200: envelope('ItemResponse', message, { type: 'null' }) }),
  /** `{ message }` alone. */
  message: (message: string) => ({ 200: { description: message, ...ref('MessageResponse') } }),
  /** An answer that is the shared type itself (a page with more than the envelope, a sign-in). */
  whole: (type: string, status = 200) => ({ [status]: { description: `A ${type}`, ...ref(type) } }),
  /** A file, inline; `ranges`: a byte range is answered 206 (a video's player seeks). */
  file: (description: string, mediaTypes: string[], ranges = false): Record<number, JsonSchema> => {
    const content = Object.fromEntries(mediaTypes.map((t) => [t, { schema: FILE }]));
    const answered: Record<number, JsonSchema> = { 200: { description, content } };
    if (ranges)
      Object.assign(answered, {
        206: { description: 'The requested range (Content-Range)', content },
        416: { description: 'The range is not in the file', ...ref('MessageResponse') },
      });
    return answered;
  },
};
