import type { FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { MAX_INT, pastDay, validate } from '@vot/shared/schemas';
import { HttpError } from '../../lib/http-errors';

const optionalId = (label: string) =>
  yup
    .number()
    .transform((v: number, raw: unknown) => (raw === '' ? undefined : v))
    .typeError(`${label} is not valid!`)
    .integer(`${label} is not valid!`)
    .positive(`${label} is not valid!`)
    .max(MAX_INT, `${label} is not valid!`)
    .optional();

/** A filter date: like a form's date (yyyy-mm-dd, not after today, SPEC.md §5) but optional. */
const optionalDay = (label: string) =>
  pastDay(label)
    .transform((v: string) => (v === '' ? undefined : v))
    .optional();

export const END_BEFORE_START = 'End Date must not be before Start Date!';

/** GET communities' filters (SPEC.md §7): the volunteer's township, the volunteer, a date range. */
const filterSchema = yup.object({
  township_id: optionalId('Township'),
  volunteer_id: optionalId('Volunteer'),
  start_date: optionalDay('Start Date'),
  end_date: optionalDay('End Date').test('after-start', END_BEFORE_START, function (end) {
    const start = (this.parent as { start_date?: string }).start_date;
    return !end || !start || end >= start;
  }),
});

export type CommunityFilters = yup.InferType<typeof filterSchema>;

/** The list's query filters, or a 400 naming the field (a repeated parameter is not a filter value). */
export async function filtersOf(request: FastifyRequest): Promise<CommunityFilters> {
  const query = { ...(request.query as Record<string, unknown>) };
  // The spec's lists send townships as a bracket array (township_id[]=3): one township filters here.
  if (query.township_id === undefined && query['township_id[]'] !== undefined) query.township_id = query['township_id[]'];
  const result = await validate(filterSchema, query);
  if (!result.ok) throw new HttpError(400, result.message, result.errors);
  return result.value;
}
