import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { AnyObjectSchema, InferType } from 'yup';
import type { AnswerOf, AppAnswerOf, AppOperation, Operation } from '@vot/shared/operations';
import { answers, routeSchema } from '../openapi/routes';
import { allow } from '../plugins/auth';
import { appOnly, authenticateApp } from '../routes/app/auth';
import { bodyOf, queryOf, updateRoute } from './requests';

type Parsed<S> = S extends AnyObjectSchema ? InferType<S> : undefined;

/** What a handler of an operation is given: the request, and its query and body already validated with the declared schemas. */
export interface OperationInput<O extends Operation> {
  request: FastifyRequest;
  reply: FastifyReply;
  query: O extends Operation<string, infer Q> ? Parsed<Q> : undefined;
  body: O extends Operation<string, AnyObjectSchema | undefined, unknown, infer B> ? Parsed<B> : undefined;
}

/**
 * Registers the route of a declared operation (@vot/shared/operations): its method and path (an
 * update also as POST ?_method=PUT), the permission check before anything is read (403), the
 * documented schema (docs/openapi.json), its query and body validated with the declared schemas
 * and their messages (400), and 201 for a created record. The handler must answer the declared
 * type, so a changed answer fails the type check here as it does in the browser.
 */
export function register<O extends Operation>(
  app: FastifyInstance,
  op: O,
  handler: (input: OperationInput<O>) => Promise<AnswerOf<O>>,
): void {
  const { method, path, permission, summary, query, paged, body, answer, refusals } = op;
  const response =
    answer.shape === 'item' ? answers.item(answer.type, answer.status) : answers[answer.shape](answer.type);
  const options = {
    preHandler: allow(permission.resource, permission.action),
    schema: routeSchema({ summary, querystring: query, paged, body, response, refusals }),
  };
  const run: RouteHandlerMethod = async (request, reply) => {
    const input = {
      request,
      reply,
      query: (query ? await queryOf(query, request) : undefined) as OperationInput<O>['query'],
      body: (body ? await bodyOf(body, request) : undefined) as OperationInput<O>['body'],
    };
    const result = await handler(input);
    if (answer.status) reply.status(answer.status);
    return result;
  };
  if (method === 'PUT') updateRoute(app, path, options, run);
  else app.route({ method, url: path, ...options, handler: run });
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
  const response =
    answer.shape === 'item' ? answers.item(answer.type, answer.status) : answers[answer.shape](answer.type);
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
