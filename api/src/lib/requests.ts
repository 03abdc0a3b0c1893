import type { FastifyInstance, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { AnyObjectSchema, InferType } from 'yup';
import { validate, type TextContext } from '@vot/shared/schemas';
import { toUnicode } from '@vot/shared/text/myanmar';
import { HttpError, MESSAGES, fieldError, notFound } from './http-errors';
import { withMethodOverride } from '../openapi/routes';

/**
 * Every free-text field (the schemas' `text()`) and every search is stored and compared in Unicode:
 * Burmese typed in Zawgyi is converted on its way in (docs/decisions/0162-zawgyi.md).
 */
const UNICODE_ONLY: TextContext = { toUnicode };

/** Validates a request's data (a JSON body, a multipart form's fields) with a shared schema: 400 `{ message, errors }` on failure. */
export async function checkedBy<S extends AnyObjectSchema>(schema: S, data: unknown): Promise<InferType<S>> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new HttpError(400, MESSAGES.notAnObject);
  const result = await validate(schema, data, UNICODE_ONLY);
  if (!result.ok) throw new HttpError(400, result.message, result.errors);
  return result.value;
}

/** Validates a JSON body with the shared schema the form uses: 400 `{ message, errors }` on failure. */
export const bodyOf = <S extends AnyObjectSchema>(schema: S, request: FastifyRequest): Promise<InferType<S>> =>
  checkedBy(schema, request.body ?? {});

/**
 * A request's query string as every reader sees it: the one parser of parameters, so a filter,
 * a page, a cursor and the permission a list needs are all decided from the same values. A
 * parameter is one value (`township_id=3`); several values are sent in the spec's bracket form
 * (`township_id[]=3&township_id[]=4`), which is folded into the plain name, so `status[]=0` is
 * `status=0` to everyone (a list filter reads both, a single filter refuses a list). A plain
 * parameter repeated (`township_id=3&township_id=4`) is refused: it is a client's mistake, and
 * taking the first or the last would filter by something nobody chose.
 */
export function queryParams(request: FastifyRequest): Record<string, unknown> {
  let query = parsedQueries.get(request);
  if (query) return query;
  query = {};
  for (const [key, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const bracket = key.endsWith('[]');
    if (!bracket && Array.isArray(value))
      throw fieldError(key, `${key} is given more than once: send several values as ${key}[].`);
    const name = bracket ? key.slice(0, -2) : key;
    query[name] = query[name] === undefined ? value : [query[name], value].flat();
  }
  parsedQueries.set(request, query);
  return query;
}
const parsedQueries = new WeakMap<FastifyRequest, Record<string, unknown>>();

/**
 * A list's query (queryParams) checked with its shared filter schema (`@vot/shared/schemas`
 * filters): 400 with the field's message on a bad value.
 */
export async function queryOf<S extends AnyObjectSchema>(schema: S, request: FastifyRequest): Promise<InferType<S>> {
  const result = await validate(schema, queryParams(request), UNICODE_ONLY);
  if (!result.ok) throw new HttpError(400, result.message, result.errors);
  return result.value;
}

/** A record's id in a path: 1 to 9 digits (a database integer), from 1. */
export const ID_PARAM = /^\d{1,9}$/;

/** A path parameter that is a record's id (`:id`, `:township_id`): a positive whole number, else 404 as if the record did not exist. */
export function idOf(request: FastifyRequest, notFoundMessage: string, param = 'id'): number {
  const raw = (request.params as Record<string, string | undefined>)[param] ?? '';
  const id = ID_PARAM.test(raw) ? Number(raw) : 0;
  if (id < 1) throw notFound(notFoundMessage);
  return id;
}

/**
 * Updates are `POST path?_method=PUT` (SPEC.md §7); a plain PUT is accepted too. A POST without
 * the override is refused rather than silently treated as an update.
 */
export function updateRoute(
  app: FastifyInstance,
  path: string,
  options: RouteShorthandOptions,
  handler: RouteHandlerMethod,
): void {
  app.put(path, options, handler);
  app.post(path, { ...options, schema: withMethodOverride(options.schema) }, function (request, reply) {
    const method = (request.query as { _method?: unknown })._method;
    if (typeof method !== 'string' || method.toUpperCase() !== 'PUT') {
      throw new HttpError(405, 'Use POST with ?_method=PUT to update.');
    }
    return handler.call(this, request, reply);
  });
}

/**
 * A GET that changes something: SPEC.md §7 fixes these as GETs (patients-delete, the no-app ticks,
 * logout, …). Fastify answers HEAD from every GET's handler, and HEAD is meant to be safe (a link
 * checker or a proxy may send it freely): here HEAD is refused, 405 with `Allow: GET`, and runs
 * nothing (docs/decisions/0115-head-refused-on-changing-gets.md).
 */
export function changingGet(
  app: FastifyInstance,
  path: string,
  options: RouteShorthandOptions,
  handler: RouteHandlerMethod,
): void {
  app.get(path, { ...options, exposeHeadRoute: false }, handler);
  app.head(path, { schema: options.schema }, async (_request, reply) =>
    reply.status(405).header('Allow', 'GET').send(),
  );
}
