import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InferType } from 'yup';
import type { AnswerOf, Operation } from '@vot/shared/operations';
import { answers, routeSchema } from '../openapi/routes';
import { allow } from '../plugins/auth';
import { queryOf } from './requests';

/** What a handler of an operation is given: the request, and its query already validated with the declared schema. */
export interface OperationInput<O extends Operation> {
  request: FastifyRequest;
  reply: FastifyReply;
  query: O['query'] extends undefined ? undefined : InferType<NonNullable<O['query']>>;
}

/**
 * Registers the route of a declared operation (@vot/shared/operations): its method and path, the
 * permission check before anything is read (403), the documented schema (docs/openapi.json), and
 * its query validated with the declared schema and its messages (400). The handler must answer the
 * declared type, so a changed answer fails the type check here as it does in the browser.
 */
export function register<O extends Operation>(
  app: FastifyInstance,
  op: O,
  handler: (input: OperationInput<O>) => Promise<AnswerOf<O>>,
): void {
  const { method, path, permission, summary, query, paged, answer } = op;
  app.route({
    method,
    url: path,
    preHandler: allow(permission.resource, permission.action),
    schema: routeSchema({ summary, querystring: query, paged, response: answers[answer.shape](answer.type) }),
    handler: async (request, reply) =>
      handler({
        request,
        reply,
        query: (query ? await queryOf(query, request) : undefined) as OperationInput<O>['query'],
      }),
  });
}
