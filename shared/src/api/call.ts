import { pathOf, type AnswerOf, type CallInput, type Operation } from '../operations/operation';
import { api, type CallOptions } from './client';

type Sent = { params?: Record<string, number | string>; query?: Record<string, unknown>; body?: unknown };

function send<O extends Operation>(op: O, input: Sent, options: Omit<CallOptions, 'params'>): Promise<AnswerOf<O>> {
  const path = pathOf(op, input.params).slice(1);
  // A changing GET (SPEC.md §7 keeps a few) is told as a change is.
  const withQuery = { ...options, params: input.query, changes: op.changes };
  switch (op.method) {
    case 'GET':
      return api.get<AnswerOf<O>>(path, withQuery);
    case 'POST':
      return api.post<AnswerOf<O>>(path, input.body, withQuery);
    case 'PUT':
      return api.update<AnswerOf<O>>(path, input.body, withQuery);
    case 'DELETE':
      return api.delete<AnswerOf<O>>(path, withQuery);
  }
}

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
  return send(op, input as Sent, options);
}
