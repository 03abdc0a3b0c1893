import { successMessage } from '../domain/constants';
import { operation, removed, updated } from './operation';

/** What a record with a trash is called: its resource and path (`volunteers`), and its name in a sentence. */
export interface TrashOf<Base extends string> {
  base: Base;
  /** `volunteer`, for the summaries. */
  noun: string;
  /** `Volunteer`, for the answers' notices and the documented type. */
  label: string;
  /** Added to the permanent delete's summary: when it is refused beyond "not in the trash". */
  refusedWhen?: string;
}

/**
 * The three changes of a trash (SPEC.md §7, volunteers and patients alike): move there (the
 * resource's `delete`), recover (`trash` `update`) and delete for good (`trash` `delete`). The trash
 * list is the resource's list with status=0.
 */
export function trashOperations<T, Base extends 'volunteers' | 'patients'>({
  base,
  noun,
  label,
  refusedWhen,
}: TrashOf<Base>) {
  return {
    moveToTrash: operation({
      method: 'GET',
      path: `/${base}-delete/:id` as `/${Base}-delete/:id`,
      permission: { resource: base, action: 'delete' },
      summary: `Move a ${noun} to the trash`,
      changes: true,
      answer: updated<T>(label),
    }),
    recover: operation({
      method: 'GET',
      path: `/${base}-recover/:id` as `/${Base}-recover/:id`,
      permission: { resource: 'trash', action: 'update' },
      summary: `Recover a ${noun} from the trash`,
      changes: true,
      refusals: [409],
      answer: updated<T>(label),
    }),
    deleteForGood: operation({
      method: 'DELETE',
      path: `/${base}/:id` as `/${Base}/:id`,
      permission: { resource: 'trash', action: 'delete' },
      summary: `Delete a ${noun} in the trash for good${refusedWhen ? ` (${refusedWhen})` : ''}`,
      refusals: [409],
      answer: removed(successMessage(label, 'deleted')),
    }),
  };
}

export type TrashOperations<T> = ReturnType<typeof trashOperations<T, 'volunteers' | 'patients'>>;
