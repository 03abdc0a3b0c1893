import type { AnyObjectSchema } from 'yup';
import type { Operation } from '../operations/operation';
import { call } from './call';
import type { ItemResponse, ListResponse, MessageResponse } from './client';

/**
 * The calls of one REST resource of SPEC.md §7 (list, show, create, update, delete), as a list
 * screen makes them (not a permission resource: that is `Resource` of @vot/shared/permissions).
 */
export interface ResourceApi<T, Input = Partial<T>> {
  list: (params?: Record<string, unknown>, signal?: AbortSignal) => Promise<ListResponse<T>>;
  show: (id: number) => Promise<ItemResponse<T>>;
  create: (input: Input) => Promise<ItemResponse<T>>;
  update: (id: number, input: Input) => Promise<ItemResponse<T>>;
  remove: (id: number) => Promise<MessageResponse>;
}

/** The five declared operations of a resource (@vot/shared/operations resourceOperations), typed with its record. */
export interface ResourceOperationsOf<T> {
  list: Operation<string, AnyObjectSchema | undefined, ListResponse<T>>;
  show: Operation<string, undefined, ItemResponse<T>>;
  create: Operation<string, undefined, ItemResponse<T>>;
  update: Operation<string, undefined, ItemResponse<T>>;
  remove: Operation<string, undefined, MessageResponse>;
}

/** A resource's calls over its declared operations: no path is written here or in its screens. */
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
