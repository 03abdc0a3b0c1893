import type { AnyObjectSchema } from 'yup';
import type { Operation } from '../operations/operation';
import { call } from './call';
import { api, type ItemResponse, type ListResponse, type MessageResponse } from './client';

/**
 * The calls of one REST resource of SPEC.md §7 (list, show, create, update, delete), so a feature's
 * `<entity>.api.ts` is one line and no screen hand-builds a URL.
 */
export function resource<T, Input = Partial<T>>(path: string) {
  return {
    list: (params?: Record<string, unknown>, signal?: AbortSignal) =>
      api.get<ListResponse<T>>(path, { params, signal, quiet: true }),
    show: (id: number) => api.get<ItemResponse<T>>(`${path}/${id}`),
    create: (input: Input) => api.post<ItemResponse<T>>(path, input, { quiet: true }),
    update: (id: number, input: Input) => api.update<ItemResponse<T>>(`${path}/${id}`, input, { quiet: true }),
    remove: (id: number) => api.delete<MessageResponse>(`${path}/${id}`),
  };
}
/** The five declared operations of a resource (@vot/shared/operations resourceOperations), typed with its record. */
export interface ResourceOperationsOf<T> {
  list: Operation<string, AnyObjectSchema | undefined, ListResponse<T>>;
  show: Operation<string, undefined, ItemResponse<T>>;
  create: Operation<string, undefined, ItemResponse<T>>;
  update: Operation<string, undefined, ItemResponse<T>>;
  remove: Operation<string, undefined, MessageResponse>;
}

/** The same calls over a resource's declared operations: no path is written here or in its screens. */
export function resourceCalls<T, Input>(ops: ResourceOperationsOf<T>): ResourceApi<T, Input> {
  // Typed by ResourceOperationsOf; `call` cannot see the parameters of a path typed as a plain string.
  const send = call as (op: Operation, input: object, options?: object) => Promise<never>;
  return {
    list: (params, signal) => send(ops.list, { query: params }, { signal, quiet: true }),
    show: (id) => send(ops.show, { params: { id } }),
    create: (input) => send(ops.create, { body: input }, { quiet: true }),
    update: (id, input) => send(ops.update, { params: { id }, body: input }, { quiet: true }),
    remove: (id) => send(ops.remove, { params: { id } }),
  };
}

/**
 * A list screen's calls where the screen offers only some buttons (a history is listed and
 * deleted, never edited): a call it does not offer has no operation, and is refused if made.
 */
export function offeredCalls<T, Input>(
  calls: Pick<ResourceApi<T, Input>, 'list'> & Partial<ResourceApi<T, Input>>,
): ResourceApi<T, Input> {
  const none = () => Promise.reject(new Error('This list offers no such call.'));
  return { show: none, create: none, update: none, remove: none, ...calls };
}

/** The calls of one REST resource (not a permission resource: that is `Resource` of @vot/shared/permissions). */
export type ResourceApi<T, Input = Partial<T>> = ReturnType<typeof resource<T, Input>>;

/**
 * A list screen's calls over a resource that keeps a trash: list, show, create and update read
 * through `calls` when they are made (so a test's fake of `calls` is what the screen calls), and
 * Delete is `remove` — moving to the trash on a list, deleting for good in the trash.
 */
export function listCallsOf<T, Input>(
  calls: Omit<ResourceApi<T, Input>, 'remove'>,
  remove: (id: number) => Promise<MessageResponse>,
): ResourceApi<T, Input> {
  return {
    list: (params, signal) => calls.list(params, signal),
    show: (id) => calls.show(id),
    create: (input) => calls.create(input),
    update: (id, input) => calls.update(id, input),
    remove,
  };
}
