import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { AnyObjectSchema, InferType } from 'yup';
import type {
  AnswerDoc,
  AnswerOf,
  AppAnswerOf,
  AppOperation,
  Operation,
  SessionOperation,
} from '@vot/shared/operations';
import { answers, routeSchema } from '../openapi/routes';
import { allow, allowedAlongside, authenticate, checkedAlongside, type RequestUser } from '../http/auth';
import { appOnly, authenticateApp } from '../routes/app/auth';
import { bodyOf, changingGet, queryOf, updateRoute } from './requests';

type Parsed<S> = S extends AnyObjectSchema ? InferType<S> : undefined;

/** What a handler of an operation is given: the request, and its query and body already validated with the declared schemas. */
export interface OperationInput<O extends Operation> {
  request: FastifyRequest;
  reply: FastifyReply;
  query: O extends Operation<string, infer Q> ? Parsed<Q> : undefined;
  body: O extends Operation<string, AnyObjectSchema | undefined, unknown, infer B> ? Parsed<B> : undefined;
}

function responseOf(answer: AnswerDoc<unknown>) {
  switch (answer.shape) {
    case 'item':
      return answers.item(answer.type, answer.status);
    case 'rows':
      return answers.rows(answer.type, answer.status);
    default:
      return answers[answer.shape](answer.type);
  }
}

/** A declared operation's documented schema (docs/openapi.json). */
export const schemaOf = ({ summary, query, paged, cursor, body, upload, answer, refusals }: Operation) =>
  routeSchema({
    summary,
    querystring: query,
    paged,
    cursor,
    body,
    upload: upload && { files: [...upload.files], required: [...upload.files] },
    response: responseOf(answer),
    refusals,
  });

async function inputOf<O extends Operation>(op: O, request: FastifyRequest) {
  return {
    query: (op.query ? await queryOf(op.query, request) : undefined) as OperationInput<O>['query'],
    body: (op.body ? await bodyOf(op.body, request) : undefined) as OperationInput<O>['body'],
  };
}

/**
 * Registers the route of a declared operation (@vot/shared/operations): its method and path (an
 * update also as POST ?_method=PUT; a changing GET without HEAD), the permission check before
 * anything is read (403), the documented schema (docs/openapi.json), its query and body validated
 * with the declared schemas and their messages (400), and 201 for a created record. The handler
 * must answer the declared type, so a changed answer fails the type check here as it does in the
 * browser.
 */
export function register<O extends Operation>(
  app: FastifyInstance,
  op: O,
  handler: (input: OperationInput<O>) => Promise<AnswerOf<O>>,
  /** Checks after the permission's, before the handler (a rate limit). */
  checks: preHandlerAsyncHookHandler[] = [],
): void {
  const { method, path, permission, answer } = op;
  if (op.byList)
    throw new Error(`${path}: the list its query names decides its permission; register it with registerList`);
  const options = { preHandler: [...allow(permission.resource, permission.action), ...checks], schema: schemaOf(op) };
  const run: RouteHandlerMethod = async (request, reply) => {
    const result = await handler({ request, reply, ...(await inputOf(op, request)) });
    if (answer.status) reply.status(answer.status);
    return result;
  };
  if (method === 'PUT') updateRoute(app, path, options, run);
  else if (op.changes) changingGet(app, path, options, run);
  else app.route({ method, url: path, ...options, handler: run });
}

/**
 * Registers a declared read whose work starts alongside the session check (http/auth.ts
 * `allowedAlongside`: one round trip less): the handler is given the user it reads for, and must
 * only read.
 */
export function registerRead<O extends Operation>(
  app: FastifyInstance,
  op: O,
  read: (input: Omit<OperationInput<O>, 'reply'> & { user: RequestUser }) => Promise<AnswerOf<O>>,
): void {
  if (op.method !== 'GET' || op.changes)
    throw new Error(`${op.path}: only a plain GET is read alongside the session check`);
  const route = allowedAlongside(op.permission.resource, op.permission.action, async (request, user) =>
    read({ request, user, ...(await inputOf(op, request)) }),
  );
  app.get(op.path, { preHandler: route.preHandler, schema: schemaOf(op) }, route.handler);
}

/**
 * Registers a declared list whose query names the list, and so the permission (`byList`: a VOT
 * Status flag, the trash): read alongside the session check as `registerRead` is, but the read
 * itself parses the query and checks the permission of the list it names, against the user it
 * reads for (http/auth.ts `checkedAlongside`), and must only read. A role that may read none of the
 * lists is refused there before the query is validated.
 */
export function registerList<O extends Operation>(
  app: FastifyInstance,
  op: O,
  read: (input: { request: FastifyRequest; user: RequestUser }) => Promise<AnswerOf<O>>,
): void {
  if (!op.byList || op.method !== 'GET' || op.changes)
    throw new Error(`${op.path}: only a plain GET whose query names its permission is a list of registerList`);
  const route = checkedAlongside((request, user) => read({ request, user }));
  app.get(op.path, { preHandler: route.preHandler, schema: schemaOf(op) }, route.handler);
}

/** What a handler of a phone-app operation is given: the request, and its body validated with the declared schema. */
export interface AppOperationInput<O extends AppOperation> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: O extends AppOperation<string, unknown, infer B> ? Parsed<B> : undefined;
}

/**
 * Registers the route of a declared phone-app operation: as `register`, with the app's check in
 * place of the matrix's (`app`: an app session's token, 401 without; `volunteer`: a volunteer's, a
 * patient's 403; `device`: none before the
 * handler, which checks the refresh token the body carries).
 */
export function registerApp<O extends AppOperation>(
  app: FastifyInstance,
  op: O,
  handler: (input: AppOperationInput<O>) => Promise<AppAnswerOf<O>>,
): void {
  const { method, path, caller, summary, body, answer, refusals } = op;
  const response = responseOf(answer);
  const run: RouteHandlerMethod = async (request, reply) => {
    const parsed = (body ? await bodyOf(body, request) : undefined) as AppOperationInput<O>['body'];
    const result = await handler({ request, reply, body: parsed });
    if (answer.status) reply.status(answer.status);
    return result;
  };
  app.route({
    method,
    url: path,
    ...(caller === 'app' ? { preHandler: authenticateApp } : {}),
    ...(caller === 'volunteer' ? { preHandler: appOnly('volunteer') } : {}),
    schema: routeSchema({ summary, body, response, refusals }),
    handler: run,
  });
}

/** What a handler of a staff session's own call is given: the request, and its body validated with the declared schema. */
export interface SessionOperationInput<O extends SessionOperation> {
  request: FastifyRequest;
  reply: FastifyReply;
  body: O extends SessionOperation<string, unknown, infer B> ? Parsed<B> : undefined;
}

/**
 * Registers the route of a staff session's own call (decision 0197): as `register`, with the
 * session check in place of the matrix's (`signed-in`: a staff bearer token, 401 without;
 * `anyone`: none), a session on its initial password let through where the declaration says so,
 * and a GET that signs out refused HEAD as a changing GET is.
 */
export function registerSession<O extends SessionOperation>(
  app: FastifyInstance,
  op: O,
  handler: (input: SessionOperationInput<O>) => Promise<AnswerOf<O>>,
): void {
  const { method, path, caller, summary, body, answer, refusals } = op;
  const options = {
    ...(caller === 'signed-in' ? { preHandler: authenticate } : {}),
    ...(op.initialPassword ? { config: { initialPassword: true } } : {}),
    schema: routeSchema({ summary, body, response: responseOf(answer), refusals }),
  };
  const run: RouteHandlerMethod = async (request, reply) => {
    const parsed = (body ? await bodyOf(body, request) : undefined) as SessionOperationInput<O>['body'];
    return handler({ request, reply, body: parsed });
  };
  if (op.signsOut) changingGet(app, path, options, run);
  else app.route({ method, url: path, ...options, handler: run });
}
