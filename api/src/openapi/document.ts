import type { FastifyInstance, RouteOptions } from 'fastify';
import { schemaRef, type JsonSchema } from './json-schema';
import { paramsOf } from './routes';
import types from './types.generated.json' with { type: 'json' };

/** What the document needs of a registered route. */
interface RegisteredRoute {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  /** The permission its preHandler checks (plugins/auth.ts `allow`), if any. */
  permission: { resource: string; action: string } | null;
  /** Who may call it: staff bearer tokens, the phone app's, or anyone. */
  caller: 'staff' | 'app' | 'anyone';
}

/** A preHandler that says what it checks (plugins/auth.ts and routes/app/auth.ts tag theirs). */
interface Tagged {
  permission?: { resource: string; action: string };
  signedIn?: 'staff' | 'app';
}

/**
 * Records every route as it is registered (Fastify's onRoute), so the document is made from the
 * routes themselves: a route cannot be served and missing from it, and one without its answers
 * described (`routeSchema`) is refused. Its path parameters' schema is added here, from the path.
 * Call before the routes.
 */
export function collectRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.schema?.response)
      throw new Error(
        `${[route.method].flat().join(', ')} ${route.url}: give the route its schema (openapi/routes.ts routeSchema), answers included`,
      );
    const params = paramsOf(route.url);
    if (params) route.schema = { ...route.schema, params };
    const handlers = [route.preHandler ?? []].flat() as Tagged[];
    const caller = handlers.find((h) => h.signedIn)?.signedIn ?? 'anyone';
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD beside every GET: not a call of its own.
      if (method === 'HEAD') continue;
      routes.push({
        method: method.toLowerCase(),
        url: route.url,
        schema: route.schema as Record<string, unknown>,
        permission: handlers.find((h) => h.permission)?.permission ?? null,
        caller,
      });
    }
  });
  return routes;
}

const ERROR = { $ref: schemaRef('ErrorResponse') };
/** The error answers every route may give, once in the document's components. */
const ERRORS = {
  BadInput: "Bad input: the first field's message, and every field's messages",
  SignedOut: 'Not signed in, or the session expired',
  Forbidden: 'The role may not do this',
  NotFound: "No such record, or not in the user's townships",
};
const errorAnswer = (name: keyof typeof ERRORS) => ({ $ref: `#/components/responses/${name}` });

type Described = JsonSchema & { properties?: Record<string, JsonSchema>; required?: string[] };

function operation(route: RegisteredRoute) {
  const { schema } = route;
  const parameters: JsonSchema[] = [];
  for (const where of ['path', 'query'] as const) {
    const described = schema[where === 'path' ? 'params' : 'querystring'] as Described | undefined;
    for (const [name, s] of Object.entries(described?.properties ?? {})) {
      const { description, ...rest } = s;
      // A list filter is also sent in the spec's bracket form (`township_id[]=3&township_id[]=4`).
      const sent = where === 'query' && rest.type === 'array' ? `${name}[]` : name;
      parameters.push({
        name: sent,
        in: where,
        required: where === 'path' || (described?.required ?? []).includes(name),
        ...(description ? { description } : {}),
        schema: rest,
      });
    }
  }
  const responses: Record<string, unknown> = {};
  for (const [status, { description, content, ...body }] of Object.entries(
    schema.response as Record<string, JsonSchema>,
  )) {
    responses[status] = {
      description: description ?? 'OK',
      ...(content
        ? { content }
        : Object.keys(body).length
          ? { content: { 'application/json': { schema: body } } }
          : {}),
    };
  }
  const body = schema.body as JsonSchema | undefined;
  if (body || schema.querystring) responses['400'] = errorAnswer('BadInput');
  if (route.caller !== 'anyone') responses['401'] = errorAnswer('SignedOut');
  if (route.permission || route.caller === 'app') responses['403'] = errorAnswer('Forbidden');
  if (schema.params) responses['404'] = errorAnswer('NotFound');
  return {
    summary: schema.summary,
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? { requestBody: { required: true, content: body.content ?? { 'application/json': { schema: body } } } }
      : {}),
    responses,
    ...(route.caller === 'staff'
      ? { security: [{ staff: [] }] }
      : route.caller === 'app'
        ? { security: [{ app: [] }] }
        : {}),
    ...(route.permission ? { 'x-permission': `${route.permission.resource}/${route.permission.action}` } : {}),
  };
}

/** The OpenAPI 3.1 document of the registered routes, in a stable order (committed as docs/openapi.json). */
export function openApiDocument(routes: RegisteredRoute[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    (paths[path] ??= {})[route.method] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'VOT Console API',
      version: '1',
      description:
        'Generated from the registered routes (api/src/openapi): bodies and queries from the shared yup schemas the API validates with (400 answers carry their messages), answers from the shared TypeScript types (@vot/shared) the API answers with; `npm test` checks the committed docs/openapi.json is current. Updates are POST with ?_method=PUT (SPEC.md §7), or PUT.',
    },
    components: {
      schemas: types,
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([name, description]) => [
          name,
          { description, content: { 'application/json': { schema: ERROR } } },
        ]),
      ),
      securitySchemes: {
        staff: { type: 'http', scheme: 'bearer', description: 'A staff session token (POST /api/v1/io-login)' },
        app: { type: 'http', scheme: 'bearer', description: 'A phone-app session token (POST /api/v1/app/login)' },
      },
    },
    paths,
  };
}
