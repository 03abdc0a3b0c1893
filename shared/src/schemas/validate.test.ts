import * as yup from 'yup';
import { ERRORS_PER_FIELD, ERROR_FIELDS, appVisitSchema, validate } from './index';

/** Counts how often an item's rule runs: the work validation does for a list's items. */
function countingItems(max: number) {
  const calls = { n: 0 };
  const item = yup.object({
    name: yup.string().test('counted', 'Name is wrong!', () => {
      calls.n++;
      return false;
    }),
  });
  return { calls, schema: yup.object({ rows: yup.array(item).max(max, `At most ${max} rows!`).default([]) }) };
}

describe('validate', () => {
  it('refuses a list longer than its schema allows before any of its items is validated', async () => {
    const { calls, schema } = countingItems(5);
    const result = await validate(schema, { rows: Array.from({ length: 28_000 }, () => ({ name: 'x' })) });
    expect(result).toEqual({ ok: false, message: 'At most 5 rows!', errors: { rows: ['At most 5 rows!'] } });
    expect(calls.n).toBe(0);
  });

  it('validates the items of a list within its bound', async () => {
    const { calls, schema } = countingItems(5);
    const result = await validate(schema, { rows: Array.from({ length: 5 }, () => ({ name: 'x' })) });
    expect(calls.n).toBe(5);
    expect(result.ok ? null : Object.keys(result.errors)).toEqual([0, 1, 2, 3, 4].map((i) => `rows[${i}].name`));
  });

  it('finds an over-long list inside a list, and behind a condition (a visit that observed a dose)', async () => {
    const nested = yup.object({
      groups: yup.array(yup.object({ rows: yup.array(yup.string()).max(2, 'Two at most!') })).max(3, 'Three at most!'),
    });
    expect(await validate(nested, { groups: [{ rows: ['a'] }, { rows: ['a', 'b', 'c'] }] })).toEqual({
      ok: false,
      message: 'Two at most!',
      errors: { 'groups[1].rows': ['Two at most!'] },
    });
    const visit = {
      uuid: '3f8e4a1c-2b7d-4c9e-8f01-23456789abcd',
      patient_id: 1,
      date: '2026-01-01',
      work: 1,
      DOT_records: Array.from({ length: 28_000 }, () => ({ medicine_name: 7, quantity: -1 })),
    };
    expect(await validate(appVisitSchema, visit)).toEqual({
      ok: false,
      message: 'Too many medicines!',
      errors: { DOT_records: ['Too many medicines!'] },
    });
    // Work 3 (a video the patient sends) carries no medicines: the list is dropped, not counted.
    expect((await validate(appVisitSchema, { ...visit, work: 3 })).ok).toBe(true);
  });

  it(`answers at most ${ERROR_FIELDS} fields with at most ${ERRORS_PER_FIELD} messages each`, async () => {
    const field = yup
      .string()
      .test('a', 'First!', () => false)
      .test('b', 'Second!', () => false)
      .test('c', 'Third!', () => false)
      .test('d', 'Fourth!', () => false);
    const wide = yup.object(Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, field])));
    const result = await validate(wide, Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, 'x'])));
    if (result.ok) throw new Error('expected a refusal');
    expect(Object.keys(result.errors)).toHaveLength(ERROR_FIELDS);
    expect(Object.values(result.errors).every((m) => m.length === ERRORS_PER_FIELD)).toBe(true);
    expect(result.message).toBe('First!');
  });
});
