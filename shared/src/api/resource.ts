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
/** The calls of one REST resource (not a permission resource: that is `Resource` of @vot/shared/permissions). */
export type ResourceApi<T, Input = Partial<T>> = ReturnType<typeof resource<T, Input>>;
