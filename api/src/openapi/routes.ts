import type { FastifySchema } from 'fastify';
import type { AnyObjectSchema } from 'yup';
import { jsonSchemaOf, type JsonSchema } from './json-schema';

/**
 * A route's `schema`, built from the shared yup schemas its handler validates with (one source):
 * the OpenAPI document reads it. Fastify neither validates nor serialises with it (app.ts sets
 * no-op compilers): bodies and queries are still checked by `bodyOf` / `queryOf` with the yup
 * schema and its §5 messages, and answers go out as the handler returns them.
 */
export interface RouteDoc {
  summary?: string;
  /** The query string's shared filter schema. */
  querystring?: AnyObjectSchema;
  /** `true`: a paged list (`?page`, 10 a page). */
  paged?: boolean;
  body?: AnyObjectSchema;
  /** A multipart upload instead of a JSON body: its one file field (a handout's PDF is `file`). */
  upload?: string;
  /** What a 2xx answers (see `answers`). */
  response?: Record<number, JsonSchema>;
}

const PAGE = { type: 'integer', minimum: 1, description: 'The page, 10 records a page; without it the whole list (the forms\' dropdowns), or for the longest lists the first page.' };

export function routeSchema(doc: RouteDoc): FastifySchema {
  const schema: FastifySchema & { summary?: string } = {};
  if (doc.summary) schema.summary = doc.summary;
  const query = doc.querystring ? jsonSchemaOf(doc.querystring) : undefined;
  if (query || doc.paged) {
    const properties = { ...((query?.properties as JsonSchema | undefined) ?? {}), ...(doc.paged ? { page: PAGE } : {}) };
    schema.querystring = { type: 'object', properties };
  }
  if (doc.body) schema.body = jsonSchemaOf(doc.body);
  if (doc.upload) {
    schema.body = { type: 'object', properties: { [doc.upload]: { type: 'string', format: 'binary' } }, required: [doc.upload] };
    (schema as { consumes?: string[] }).consumes = ['multipart/form-data'];
  }
  if (doc.response) schema.response = doc.response;
  return schema;
}

/** A record as the API answers it: the shared type's name, and its fields where a schema gives them. */
const record = (type: string, fields?: JsonSchema): JsonSchema => ({ type: 'object', description: `${type} (@vot/shared/schemas)`, ...(fields ? { properties: fields } : {}) });

/** The answers' envelopes (SPEC.md §7): `{ data, status, total }`, `{ data, status[, message] }`, `{ message }`. */
export const answers = {
  list: (type: string, fields?: JsonSchema) => ({
    200: {
      description: `A page of ${type} records and the total`,
      type: 'object',
      properties: { data: { type: 'array', items: record(type, fields) }, status: { const: 'success' }, total: { type: 'integer' } },
    },
  }),
  rows: (type: string, fields?: JsonSchema) => ({
    200: { description: `The ${type} rows`, type: 'object', properties: { data: { type: 'array', items: record(type, fields) }, status: { const: 'success' } } },
  }),
  item: (type: string, fields?: JsonSchema, status = 200) => ({
    [status]: {
      description: status === 201 ? `The ${type} created` : `The ${type}`,
      type: 'object',
      properties: { data: record(type, fields), status: { const: 'success' }, message: { type: 'string' } },
    },
  }),
  message: (description: string) => ({ 200: { description, type: 'object', properties: { message: { type: 'string' } } } }),
};

/** The fields of a record that is its form's input plus an id (the basic data). */
export const withId = (body: AnyObjectSchema): JsonSchema => ({ id: { type: 'integer' }, ...(jsonSchemaOf(body).properties as JsonSchema) });
