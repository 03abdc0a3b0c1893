import { resourceCalls } from '@vot/shared/api';
import { isTownshipBound } from '@vot/shared/domain';
import type { Township, TownshipInput } from '@vot/shared/schemas';
import { BASIC_DATA_OPERATIONS } from '../operations/basic-data';
import type { SessionUser } from '@vot/shared/session';
import type { Option } from '@vot/shared/ui';
import type { FilterDef } from './ListFilters';
import { optionsFrom } from './options';

/**
 * SPEC.md §7 townships: the one declaration of the resource, for the Township List's screen, the
 * lists' township filters and the township selects (`list({ project_id })` for one project's).
 */
export const townshipsApi = resourceCalls<Township, TownshipInput>(BASIC_DATA_OPERATIONS.townships);

/** Every township, as select options; a township-bound role may not call it (they choose among their own). */
export const townshipOptions = optionsFrom(townshipsApi);

/**
 * The Township filter of every list limited by township (volunteers, trash, communities, patients).
 * Hidden, and not applied, for a township-bound role (SPEC.md §6): their lists are their townships'
 * already, and they may not list townships. Hidden with no one signed in too: nothing to offer.
 */
export const townshipFilter: FilterDef = {
  name: 'township_id',
  label: 'Township',
  type: 'select',
  loadOptions: townshipOptions,
  hidden: (user) => !user || isTownshipBound(user.role),
};

/** A Township select's choices: a township-bound role (Field Officer) chooses among the townships of their session. */
export const townshipChoices = (_values: Record<string, unknown>, user: SessionUser | null): Promise<Option[]> =>
  user && isTownshipBound(user.role)
    ? Promise.resolve(user.townships.map((t) => ({ label: t.name, value: t.id })))
    : townshipOptions();
