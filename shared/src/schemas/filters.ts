import * as yup from 'yup';
import { MAX_INT, pastDay, text } from './fields';

/**
 * Filters of a list's query string (SPEC.md §5 "Any list date filter"), shared by every list the
 * API answers: all optional, and a bad value is a 400 on the parameter, never a failing query.
 */

/** A record to filter by (a township, a volunteer): a positive whole number that a database can hold. */
export const idFilter = (label: string) =>
  yup
    .number()
    // yup would take the first of several values; a filter of one record refuses a list instead.
    .transform((v: unknown, raw: unknown) => (raw === '' ? undefined : Array.isArray(raw) ? Number.NaN : v))
    .typeError(`${label} is not valid!`)
    .integer(`${label} is not valid!`)
    .positive(`${label} is not valid!`)
    .max(MAX_INT, `${label} is not valid!`)
    .optional();

/** A filter day: like a form's date (yyyy-mm-dd, not after today) but optional. */
export const dayFilter = (label: string) =>
  pastDay(label)
    .transform((v: string) => (v === '' ? undefined : v))
    .optional();

export const END_BEFORE_START = 'End Date must not be before Start Date!';

/** start_date and end_date: each a past day, and the end not before the start. */
export const dateRangeFilter = {
  start_date: dayFilter('Start Date'),
  end_date: dayFilter('End Date').test('after-start', END_BEFORE_START, function (end) {
    const start = (this.parent as { start_date?: string }).start_date;
    return !end || !start || end >= start;
  }),
};

const MONTH = /^(19|20)\d{2}-(0[1-9]|1[0-2])$/;

/** A month as yyyy-mm (the trainings list's month_year). */
export const monthFilter = (label: string) =>
  text(label)
    .transform((v: string) => (v === '' ? undefined : v))
    .matches(MONTH, `${label} must be a month (yyyy-mm)!`)
    .optional();

const ID = /^\d{1,10}$/;

/** The most records a list filter or a choice of records takes: more than the country's 330 townships. */
export const ID_LIST_MAX = 500;

/**
 * Several records to filter by: the spec's bracket array `township_id[]=3&township_id[]=4`, or one
 * as `township_id=3` (`queryOf` folds the bracket key into the plain one). Always a list, empty when
 * the filter is not used; any value that is not a record id a database can hold fails the whole
 * filter with one message on the parameter (not on an index of it), as a single filter does.
 */
export const idListFilter = (label: string, message = `${label} is not valid!`) =>
  yup
    .array(yup.mixed<number>().defined())
    .transform((_v: unknown, raw: unknown) =>
      [raw]
        .flat()
        .filter((v) => v !== undefined && v !== '')
        .map((v) => ((typeof v === 'string' && ID.test(v)) || typeof v === 'number' ? Number(v) : Number.NaN)),
    )
    .test('ids', message, (ids) => !ids || ids.every((id) => Number.isInteger(id) && id >= 1 && id <= MAX_INT))
    .max(ID_LIST_MAX, `At most ${ID_LIST_MAX} values of ${label}!`)
    .default([]);

/**
 * A one-value filter's reading of what was sent: empty is no filter, and several values
 * (`status[]=0&status[]=1`, folded into one name by the API's query parser) become text that no
 * choice equals, so the filter refuses them with its own message, once, as it refuses a bad value.
 */
export const SEVERAL_VALUES = '\u0000several';
export const oneValue = (value: unknown, raw: unknown) =>
  raw === '' ? undefined : Array.isArray(raw) ? SEVERAL_VALUES : value;

/** One of a few values (a list's status, a role), else the message. */
export const choiceFilter = <T extends string>(values: readonly T[], message: string) =>
  yup.string().transform(oneValue).oneOf(values, message).optional();

/** A free-text search (contains), trimmed; empty searches nothing. */
export const searchFilter = (label: string) => text(label).default('');
