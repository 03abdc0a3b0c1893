import { useAtomValue } from 'jotai';
import { can, type Action, type Resource } from '@vot/shared/permissions';
import { userAtom } from '@vot/shared/session';

/** The same `can()` the API uses, for the signed-in user. */
export function useCan(resource: Resource, action: Action): boolean {
  return can(useAtomValue(userAtom), resource, action);
}
