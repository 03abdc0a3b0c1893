import { pathOf, type AnswerOf, type CallInput, type Operation } from '../operations/operation';
import { api, type CallOptions } from './client';

/**
 * Calls a declared operation (@vot/shared/operations): its method and path come from the
 * declaration, the parameters and the query are typed by it, and so is the answer. Screens never
 * write a path.
 */
export function call<O extends Operation>(
  op: O,
  input: CallInput<O>,
  options: Omit<CallOptions, 'params'> = {},
): Promise<AnswerOf<O>> {
  const { params, query, body } = input as { params?: Record<string, number | string>; query?: object; body?: unknown };
  const path = pathOf(op, params).slice(1);
  const withQuery = { ...options, params: query as Record<string, unknown> | undefined };
  switch (op.method) {
    case 'GET':
      return api.get<AnswerOf<O>>(path, withQuery);
    case 'POST':
      return api.post<AnswerOf<O>>(path, body, withQuery);
    case 'PUT':
      return api.update<AnswerOf<O>>(path, body, withQuery);
    case 'DELETE':
      return api.delete<AnswerOf<O>>(path, withQuery);
  }
}
