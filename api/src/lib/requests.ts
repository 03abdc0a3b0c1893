import type { FastifyInstance, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import type { AnyObjectSchema, InferType } from 'yup';
import { validate } from '@vot/shared/schemas';
import { HttpError, MESSAGES } from './http-errors';

/** Validates a JSON body with the shared schema the form uses: 400 `{ message, errors }` on failure. */
export async function bodyOf<S extends AnyObjectSchema>(schema: S, request: FastifyRequest): Promise<InferType<S>> {
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, MESSAGES.notAnObject);
  const result = await validate(schema, body);
  if (!result.ok) throw new HttpError(400, result.message, result.errors);
  return result.value;
}

/**
 * Validates a list's query filters with a shared schema (`@vot/shared/schemas` filters): 400 with the
 * field's message on a bad value. The spec's bracket form of a parameter (`township_id[]=3`) counts
 * as the parameter itself; several values where one is expected are refused like any bad value.
 */
export async function queryOf<S extends AnyObjectSchema>(schema: S, request: FastifyRequest): Promise<InferType<S>> {
  const query = { ...(request.query as Record<string, unknown>) };
  for (const key of Object.keys(query)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : null;
    if (name && query[name] === undefined) query[name] = query[key];
  }
  const result = await validate(schema, query);
  if (!result.ok) throw new HttpError(400, result.message, result.errors);
  return result.value;
}

/** The `:id` of a route: a positive whole number, else 404 as if the record did not exist. */
export function idOf(request: FastifyRequest, notFoundMessage: string): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new HttpError(404, notFoundMessage);
  return id;
}

/**
 * Updates are `POST path?_method=PUT` (SPEC.md §7); a plain PUT is accepted too. A POST without
 * the override is refused rather than silently treated as an update.
 */
export function updateRoute(app: FastifyInstance, path: string, options: RouteShorthandOptions, handler: RouteHandlerMethod): void {
  app.put(path, options, handler);
  app.post(path, options, function (request, reply) {
    const method = (request.query as { _method?: unknown })._method;
    if (typeof method !== 'string' || method.toUpperCase() !== 'PUT') {
      throw new HttpError(405, 'Use POST with ?_method=PUT to update.');
    }
    return handler.call(this, request, reply);
  });
}
