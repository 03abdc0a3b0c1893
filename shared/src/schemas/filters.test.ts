import * as yup from 'yup';
import { dateRangeFilter, idFilter, idListFilter, monthFilter, validate } from './index';

const filters = yup.object({ township_id: idFilter('Township'), month_year: monthFilter('Month'), ...dateRangeFilter });
const errorsOf = async (query: Record<string, unknown>) => {
  const result = await validate(filters, query);
  return result.ok ? {} : result.errors;
};

describe('list filters (SPEC.md §5 "Any list date filter")', () => {
  it('are all optional: empty values filter nothing', async () => {
    expect(await validate(filters, { township_id: '', month_year: '', start_date: '', end_date: '' })).toEqual({
      ok: true,
      value: {},
    });
  });
  it('refuse an end before the start, a day after today, a bad month and an id no database holds', async () => {
    expect(await errorsOf({ start_date: '2026-02-10', end_date: '2026-02-01' })).toEqual({
      end_date: ['End Date must not be before Start Date!'],
    });
    expect(await errorsOf({ start_date: '2999-01-01' })).toEqual({
      start_date: ['Start Date may not be after today!'],
    });
    expect(await errorsOf({ month_year: '2026-13' })).toEqual({ month_year: ['Month must be a month (yyyy-mm)!'] });
    expect(await errorsOf({ month_year: '0000-01' })).toEqual({ month_year: ['Month must be a month (yyyy-mm)!'] });
    expect(await errorsOf({ township_id: '3000000000' })).toEqual({ township_id: ['Township is not valid!'] });
    expect(await errorsOf({ township_id: ['1', '2'] })).toEqual({ township_id: ['Township is not valid!'] });
  });
});

describe('idListFilter', () => {
  const list = yup.object({ township_id: idListFilter('Township') });
  it('takes one value, several, or none, as numbers', async () => {
    expect(await validate(list, {})).toEqual({ ok: true, value: { township_id: [] } });
    expect(await validate(list, { township_id: '3' })).toEqual({ ok: true, value: { township_id: [3] } });
    expect(await validate(list, { township_id: ['3', '4'] })).toEqual({ ok: true, value: { township_id: [3, 4] } });
  });
  it('refuses anything that is not a record id', async () => {
    const result = await validate(list, { township_id: ['3', 'x'] });
    expect(result.ok).toBe(false);
    expect(result.ok ? null : Object.values(result.errors).flat()).toEqual(['Township is not valid!']);
  });
});
