import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ERRORS_PER_FIELD, ERROR_FIELDS } from '@vot/shared/schemas';
import { OPENAPI_PATH } from '../src/app';
import { BODY_TOO_LARGE, JSON_BODY_LIMIT } from '../src/lib/limits';
import { asUpdate, backends, useApp } from './helpers';
import { largestBodies } from './largest-body';

/**
 * No single request can make the API work without bound: every list in every request schema has
 * its most items (maxItems in the document, from the shared schemas), a longer list is refused
 * before its items are looked at, a 400 names a bounded number of fields and messages, and a JSON
 * body is read up to JSON_BODY_LIMIT, measured against the largest body a route legitimately takes.
 */
type Schema = Record<string, unknown>;

/** Paths of the lists in a schema that have no maxItems. */
function unboundedLists(schema: unknown, path: string, into: string[]): string[] {
  if (Array.isArray(schema)) schema.forEach((s, i) => unboundedLists(s, `${path}/${i}`, into));
  else if (schema && typeof schema === 'object') {
    const s = schema as Schema;
    if ([s.type].flat().includes('array') && typeof s.maxItems !== 'number') into.push(path);
    for (const [key, value] of Object.entries(s)) unboundedLists(value, `${path}/${key}`, into);
  }
  return into;
}

/** A body of `count` copies of `item` in `field`, beside `rest`: a list far past any bound, within the body limit. */
const flood = (field: string, item: unknown, rest: object = {}) => {
  const one = JSON.stringify(item).length + 1;
  return { ...rest, [field]: Array.from({ length: Math.floor((JSON_BODY_LIMIT - 2_000) / one) }, () => item) };
};

for (const backend of await backends()) {
  describe(`request size limits on ${backend.name}`, () => {
    const t = useApp(backend);

    it('every list a request takes has its most items in the document, and the body limit holds the largest body', async () => {
      const document = (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
      const requests: string[] = [];
      for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Schema>>))
        for (const [method, operation] of Object.entries(operations))
          unboundedLists([operation.parameters, operation.requestBody], `${method} ${path}`, requests);
      assert.deepEqual(requests, []);

      const bodies = largestBodies(document);
      const largest = bodies[0]!;
      assert.ok(
        bodies.every((b) => b.escaped <= JSON_BODY_LIMIT),
        JSON.stringify(bodies.slice(0, 3)),
      );
      // Not much looser than needed: the largest body, even escaped, needs more than half of it.
      assert.ok(
        Math.max(...bodies.map((b) => b.escaped)) > JSON_BODY_LIMIT / 2,
        `${largest.route}: ${largest.bytes} B`,
      );
    });

    it('answers a body past the limit 413 with its message, and takes the largest real one', async () => {
      const meal = await t.signInAs('MEAL and Digital Tool Manager');
      const over = await meal.inject({
        method: 'POST',
        url: '/api/v1/regions',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT) }),
      });
      assert.equal(over.statusCode, 413);
      assert.deepEqual(over.json(), { message: BODY_TOO_LARGE });
      // A patient with every list full and every text at its longest, in Burmese: read and judged (a 400 on its values, not a 413).
      const contacts = Array.from({ length: 50 }, () => ({ name: 'က'.repeat(255), age: 30 }));
      const patient = await meal.post('patients', {
        name: 'က'.repeat(255),
        patient_address: 'က'.repeat(1000),
        contact_info: 'က'.repeat(1000),
        household_contacts: contacts,
      });
      assert.equal(patient.statusCode, 400, patient.body);
      assert.ok(!('household_contacts' in patient.json().errors));
    });

    it('refuses an over-long list with its one message, without judging its items', async () => {
      const meal = await t.signInAs('MEAL and Digital Tool Manager');
      const activityStaff = await t.signInAs('Project Officer');
      const cases: [string, object, string, string][] = [
        ['patients', flood('household_contacts', {}), 'household_contacts', 'At most 50 household contacts!'],
        ['NoApp-DOTs', flood('dates', 'x', { patient_id: 1 }), 'dates', 'At most 366 days at a time!'],
        [
          'infection-checklists',
          flood('answers', {}, { patient_id: 1, date: '2026-01-01' }),
          'answers',
          'Answer all 19 questions!',
        ],
        ['communities', flood('referrals', {}, { referral: 1 }), 'referrals', 'A referral place may be used once!'],
        [asUpdate('users/1'), flood('township_ids', 'x'), 'township_ids', 'At most 500 townships!'],
      ];
      for (const [url, body, field, message] of cases) {
        const res = await (url.includes('communities') ? activityStaff : meal).post(url, body);
        assert.equal(res.statusCode, 400, `${url}: ${res.statusCode}`);
        assert.deepEqual(res.json().errors[field], [message], url);
        // Only the list's own message and the other fields' (none per item): a short answer.
        assert.ok(
          Object.keys(res.json().errors).every((f) => !f.startsWith(`${field}[`)),
          url,
        );
        assert.ok(res.body.length < 2_000, `${url}: ${res.body.length} bytes`);
      }
      const query = await meal.get(
        `patients?${Array.from({ length: 600 }, (_, i) => `township_id[]=${i + 1}`).join('&')}`,
      );
      assert.equal(query.statusCode, 400);
      assert.deepEqual(query.json().errors, { township_id: ['At most 500 values of Township!'] });
    });

    it(`caps a 400 at ${ERROR_FIELDS} fields of ${ERRORS_PER_FIELD} messages`, async () => {
      const meal = await t.signInAs('MEAL and Digital Tool Manager');
      const contacts = Array.from({ length: 50 }, () => ({ name: 7, age: 'old' }));
      const res = await meal.post('patients', { household_contacts: contacts });
      assert.equal(res.statusCode, 400);
      const errors = res.json().errors as Record<string, string[]>;
      assert.equal(Object.keys(errors).length, ERROR_FIELDS);
      assert.ok(Object.values(errors).every((m) => m.length <= ERRORS_PER_FIELD));
    });

    it('/health answers while the largest refused requests arrive, each refused with one message', async () => {
      const meal = await t.signInAs('MEAL and Digital Tool Manager');
      const body = flood('household_contacts', { name: 7, age: 'old' });
      const floods = Array.from({ length: 4 }, () => meal.post('patients', body));
      const health = t.app.inject({ method: 'GET', url: '/health' });
      const [answered, ...refused] = await Promise.all([health, ...floods]);
      assert.equal(answered!.statusCode, 200);
      for (const res of refused) {
        assert.equal(res.statusCode, 400);
        // The work done for the list: one message, not one per item (about 3 000 items were sent).
        assert.deepEqual(res.json().errors.household_contacts, ['At most 50 household contacts!']);
      }
    });
  });
}
