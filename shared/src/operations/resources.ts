import type { AnyObjectSchema } from 'yup';
import { successMessage } from '../domain/constants';
import type { Action, Resource } from '../permissions';
import { item, list, message, operation } from './operation';

/**
 * The five operations of a REST resource of SPEC.md §7 (list paged with ?page, show, create,
 * update as POST ?_method=PUT, delete), each needing the resource's own permission action.
 * `entity` names the shared type and the notices ('Region has been created successfully!').
 */
export function resourceOperations<T, Path extends string, S extends AnyObjectSchema>(r: {
  path: Path;
  permission: Resource;
  entity: string;
  schema: S;
}) {
  const base = `/${r.path}` as const;
  const one = `/${r.path}/:id` as const;
  const needs = (action: Action) => ({ resource: r.permission, action });
  return {
    list: operation({
      method: 'GET',
      path: base,
      permission: needs('read'),
      summary: `${r.entity}: list, oldest first`,
      paged: true,
      answer: list<T>(r.entity),
    }),
    show: operation({
      method: 'GET',
      path: one,
      permission: needs('read'),
      summary: `${r.entity}: one`,
      answer: item<T>(r.entity),
    }),
    create: operation({
      method: 'POST',
      path: base,
      permission: needs('create'),
      summary: `${r.entity}: create`,
      body: r.schema,
      answer: item<T>(r.entity, 'created'),
    }),
    update: operation({
      method: 'PUT',
      path: one,
      permission: needs('update'),
      summary: `${r.entity}: update`,
      body: r.schema,
      answer: item<T>(r.entity),
    }),
    remove: operation({
      method: 'DELETE',
      path: one,
      permission: needs('delete'),
      summary: `${r.entity}: delete`,
      answer: message(successMessage(r.entity, 'deleted')),
      refusals: [409],
    }),
  };
}
export type ResourceOperations = ReturnType<typeof resourceOperations>;
