import type { FastifyInstance, RouteOptions } from 'fastify';
import { schemaRef, type JsonSchema } from './json-schema';
import { paramsOf } from './routes';
import { JSON_BODY_LIMIT } from '../lib/limits';
import types from './types.generated.json' with { type: 'json' };

/** What the document needs of a registered route. */
interface RegisteredRoute {
  method: string;
  url: string;
  schema: Record<string, unknown>;
  /** The permission its preHandler checks (http/auth.ts `allow`), if any. */
  permission: { resource: string; action: string } | null;
  /** Who may call it: staff bearer tokens, the phone app's, or anyone. */
  caller: 'staff' | 'app' | 'anyone';
}

/** A preHandler that says what it checks (http/auth.ts and routes/app/auth.ts tag theirs). */
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
      // Fastify adds a HEAD beside every GET: not a call of its own (a resumable upload's HEAD is).
      if (method === 'HEAD' && !(route.config as { upload?: boolean } | undefined)?.upload) continue;
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
/** The error answers, once in the document's components; a route names those it may give beyond the ones its shape implies. */
export const ERRORS = {
  400: ['BadInput', "Bad input: the first field's message, and every field's messages"],
  401: ['SignedOut', 'Not signed in, the session expired, or (a sign-in) the credentials do not match'],
  403: ['Forbidden', 'The role may not do this, the initial password must be changed first, or the link expired'],
  404: ['NotFound', "No such record, or not in the user's townships (or not the app user's)"],
  405: ['UpdateNeedsOverride', 'A POST to a record without `?_method=PUT`'],
  409: ['Conflict', 'The record is in a state that refuses this (see the message)'],
  413: ['TooLarge', `The body is larger than the API takes (${JSON_BODY_LIMIT / 1024} KB of JSON)`],
  414: ['AddressTooLong', 'A path parameter longer than the router takes (100 characters)'],
  415: ['UnsupportedType', 'The body is not of a type the call takes'],
  429: [
    'TooMany',
    "Too many sign-in attempts (`Retry-After` when per address or overall), or the day's upload budget spent (`Retry-After`: seconds to midnight in Asia/Yangon)",
  ],
  500: ['ServerError', "Something unexpected: the message is 'Something was wrong!', details only in the server log"],
  503: ['Busy', 'Too many password checks waiting: try again in a moment'],
} as const satisfies Record<number, readonly [string, string]>;
export type ErrorStatus = keyof typeof ERRORS;
const errorAnswer = (status: ErrorStatus) => ({ $ref: `#/components/responses/${ERRORS[status][0]}` });

/**
 * The answers a route's shape implies: 400 for input (a body, a query, a malformed path, JSON that
 * does not parse: any method that may carry a body), sign-in, permission, path, method override,
 * body size and type (any body, whatever the route reads), and the unexpected.
 */
function impliedErrors(route: RegisteredRoute): ErrorStatus[] {
  const { schema } = route;
  const query = schema.querystring as { required?: string[] } | undefined;
  const carriesBody = route.method !== 'get';
  return [
    ...(carriesBody || query || schema.params ? [400 as const] : []),
    ...(route.caller !== 'anyone' ? [401 as const, 403 as const] : []),
    // A signed link that expired or was altered.
    ...(query?.required?.includes('signature') ? [403 as const] : []),
    ...(route.permission ? [403 as const] : []),
    ...(schema.params ? [404 as const, 414 as const] : []),
    ...(route.method === 'post' && query?.required?.includes('_method') ? [405 as const] : []),
    ...(carriesBody ? [413 as const, 415 as const] : []),
    500 as const,
  ];
}

/**
 * The operation's id, from its method and path (client generators name their methods by it):
 * `GET /api/v1/app/DOTs/{uuid}` is getAppDOTsByUuid.
 */
export function operationIdOf(method: string, url: string): string {
  const pascal = (text: string) =>
    text
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('');
  const words = url
    .replace(/^\/api(\/v1)?\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      return param ? `By${pascal(param[1]!)}` : pascal(segment);
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

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
  for (const [status, { description, content, headers, ...body }] of Object.entries(
    schema.response as Record<string, JsonSchema>,
  )) {
    responses[status] = {
      description: description ?? 'OK',
      // An answer told by its headers (a resumable upload's Location, Upload-Offset).
      ...(headers ? { headers } : {}),
      ...(content
        ? { content }
        : Object.keys(body).length
          ? { content: { 'application/json': { schema: body } } }
          : {}),
    };
  }
  const body = schema.body as JsonSchema | undefined;
  const stated = (schema.refusals as ErrorStatus[] | undefined) ?? [];
  for (const status of [...new Set([...impliedErrors(route), ...stated])].sort((a, b) => a - b))
    responses[String(status)] ??= errorAnswer(status);
  return {
    operationId: operationIdOf(route.method, route.url),
    summary: schema.summary,
    ...(parameters.length ? { parameters } : {}),
    ...(body
      ? { requestBody: { required: true, content: body.content ?? { 'application/json': { schema: body } } } }
      : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
    // No bearer token: the sign-ins, the health check, the document, and signed links (their query is the credential).
    security: route.caller === 'anyone' ? [] : [{ [route.caller]: [] }],
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
    // Relative: the API answers on the host that serves this document (paths carry /api/v1).
    servers: [{ url: '/', description: 'The host that serves this document' }],
    components: {
      schemas: types,
      // The error answers some operation gives.
      responses: Object.fromEntries(
        Object.values(ERRORS)
          .filter(([name]) => JSON.stringify(paths).includes(`"#/components/responses/${name}"`))
          .map(([name, description]) => [name, { description, content: { 'application/json': { schema: ERROR } } }]),
      ),
      securitySchemes: {
        staff: { type: 'http', scheme: 'bearer', description: 'A staff session token (POST /api/v1/io-login)' },
        app: { type: 'http', scheme: 'bearer', description: 'A phone-app session token (POST /api/v1/app/login)' },
      },
    },
    paths,
  };
}
