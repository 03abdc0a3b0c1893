import type { FastifyInstance, RouteOptions } from 'fastify';
import type { JsonSchema } from './json-schema';

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
 * routes themselves: a route cannot be served and missing from it. Call before the routes.
 */
export function collectRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const handlers = [route.preHandler ?? []].flat() as Tagged[];
    const caller = handlers.find((h) => h.signedIn)?.signedIn ?? 'anyone';
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD beside every GET: not a call of its own.
      if (method === 'HEAD') continue;
      routes.push({
        method: method.toLowerCase(),
        url: route.url,
        schema: (route.schema ?? {}) as Record<string, unknown>,
        permission: handlers.find((h) => h.permission)?.permission ?? null,
        caller,
      });
    }
  });
  return routes;
}

const ERROR = { type: 'object', properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } } };
/** The error answers every route may give, once in the document's components. */
const ERRORS = {
  BadInput: "Bad input: the first field's message, and every field's messages",
  SignedOut: 'Not signed in, or the session expired',
  Forbidden: 'The role may not do this',
  NotFound: "No such record, or not in the user's townships",
};
const errorAnswer = (name: keyof typeof ERRORS) => ({ $ref: `#/components/responses/${name}` });

function operation(route: RegisteredRoute) {
  const { schema } = route;
  const parameters: JsonSchema[] = [...route.url.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
  const query = schema.querystring as { properties?: Record<string, JsonSchema> } | undefined;
  for (const [name, s] of Object.entries(query?.properties ?? {})) {
    // A list filter is also sent in the spec's bracket form (`township_id[]=3&township_id[]=4`).
    parameters.push({ name: s.type === 'array' ? `${name}[]` : name, in: 'query', required: false, schema: s });
  }
  const responses: Record<string, unknown> = {};
  const answers = (schema.response ?? { 200: { description: 'OK' } }) as Record<string, JsonSchema & { description?: string }>;
  for (const [status, { description, ...body }] of Object.entries(answers)) {
    responses[status] = Object.keys(body).length ? { description: description ?? 'OK', content: { 'application/json': { schema: body } } } : { description: description ?? 'OK' };
  }
  if (schema.body || query) responses['400'] = errorAnswer('BadInput');
  if (route.caller !== 'anyone') responses['401'] = errorAnswer('SignedOut');
  if (route.permission || route.caller === 'app') responses['403'] = errorAnswer('Forbidden');
  if (parameters.some((p) => p.in === 'path')) responses['404'] = errorAnswer('NotFound');
  return {
    ...(schema.summary ? { summary: schema.summary } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(schema.body ? { requestBody: { required: true, content: { [(schema.consumes as string[] | undefined)?.[0] ?? 'application/json']: { schema: schema.body } } } } : {}),
    responses,
    ...(route.caller === 'staff' ? { security: [{ staff: [] }] } : route.caller === 'app' ? { security: [{ app: [] }] } : {}),
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
        'Generated from the registered routes and the shared yup schemas (api/src/openapi); `npm test` checks the committed docs/openapi.json is current. Updates are POST with ?_method=PUT (SPEC.md §7). Bodies and queries are validated by the yup schemas described here; 400 answers carry their messages.',
    },
    components: {
      responses: Object.fromEntries(Object.entries(ERRORS).map(([name, description]) => [name, { description, content: { 'application/json': { schema: ERROR } } }])),
      securitySchemes: {
        staff: { type: 'http', scheme: 'bearer', description: 'A staff session token (POST /api/v1/io-login)' },
        app: { type: 'http', scheme: 'bearer', description: 'A phone-app session token (POST /api/v1/app/login)' },
      },
    },
    paths,
  };
}
