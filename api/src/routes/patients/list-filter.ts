// Which patient list a query opens, and whether the user may read it: decided from the validated
// query, never the raw one (docs/decisions/0110).
import type { FastifyRequest } from 'fastify';
import { can, type Action } from '@vot/shared/permissions';
import { votPatientFilterSchema, type PatientFilterInput } from '@vot/shared/schemas';
import { fieldError, forbidden } from '../../lib/http-errors';
import { queryOf } from '../../lib/requests';
import type { RequestUser } from '../../http/auth';
import { LISTS, type PatientFilter, type PatientList } from './repository';

const ONE_LIST = 'Choose one patient list at a time!';
const COMPLETE_OR_NOT = 'Choose Complete or Not Complete, not both!';

/** The list flags of GET patients and the list each opens (SPEC.md §7; docs/decisions/0060). */
const FLAGS: [keyof PatientFilterInput, PatientList][] = [
  ['TB_patient', 'tb'],
  ['NO_SP_CODE', 'noSpCode'],
  ['no_DOT', 'noDot'],
  ['screened', 'screened'],
  ['VOT_eligible', 'eligible'],
  ['VOT_accept', 'acceptable'],
  ['VOT_declined', 'declined'],
  ['clinic', 'clinic'],
];

const given = (v: unknown) => v !== undefined && v !== '' && v !== 'false';

/** The VOT Status list of a query (DOT_with_volunteer / DOT_with_no_volunteer with pure_or_hybrid), if any. */
function votListOf(query: Record<string, unknown>): PatientList | undefined {
  if (given(query.missed_doses)) return 'missedDoses';
  if (given(query.DOT_with_no_volunteer)) return 'pureWithoutVolunteer';
  if (query.pure_or_hybrid === 'Hybrid') return 'hybrid';
  if (given(query.DOT_with_volunteer)) return 'pureWithVolunteer';
  if (query.pure_or_hybrid === 'Pure') return 'pure';
  return undefined;
}

/** The resources of the patient lists: a role with none of them is refused before its query is read. */
const LIST_RESOURCES = [...new Set(Object.values(LISTS).map((l) => l.resource))];

/**
 * The validated filter of a list query (one list at most), for a user who may `action` (read,
 * export) that list: else 403, before anything is read. The list is decided from the parsed query
 * (lib/requests.ts queryParams), as the filter is, so no spelling of a parameter (`status[]=0`)
 * opens a list the check did not see.
 */
export async function permittedFilterOf(
  request: FastifyRequest,
  user: RequestUser,
  action: Action,
): Promise<PatientFilter> {
  if (!LIST_RESOURCES.some((resource) => can(user, resource, action))) throw forbidden();
  const filter = await filterOf(request);
  if (!can(user, LISTS[filter.list].resource, action)) throw forbidden();
  return filter;
}

/** The validated filter of a list query: one list at most. */
export async function filterOf(request: FastifyRequest): Promise<PatientFilter> {
  const query = await queryOf(votPatientFilterSchema, request);
  const lists = FLAGS.filter(([flag]) => query[flag] !== undefined).map(([, list]) => list);
  const vot = votListOf(query);
  if (vot) lists.push(vot);
  if (query.status === '0') lists.push('trash');
  const votFlags = [query.DOT_with_volunteer, query.DOT_with_no_volunteer, query.pure_or_hybrid].filter(
    (f) => f !== undefined,
  );
  if (
    lists.length > 1 ||
    (query.DOT_with_no_volunteer && query.pure_or_hybrid === 'Hybrid') ||
    (query.missed_doses && votFlags.length)
  )
    throw fieldError('list', ONE_LIST);
  if (query.complete && query.not_complete) throw fieldError('complete', COMPLETE_OR_NOT);
  const complete = query.complete ? true : query.not_complete ? false : undefined;
  return {
    list: lists[0] ?? 'all',
    name: query.name,
    SP_code: query.SP_code,
    unique_id: query.unique_id,
    townshipIds: query.township_id,
    complete,
  };
}
