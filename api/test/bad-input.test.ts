import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backends, useApp } from './helpers';

/**
 * Hostile or clumsy input gets a 400 with a message, never a 500: numbers beyond a database
 * integer, arrays where text belongs, year 0000, null rows, repeated query parameters.
 */
const BAD: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
  { method: 'POST', url: 'trainings', body: { volunteer_id: 3_000_000_000, date: '2026-01-01', type: 'New' } },
  { method: 'POST', url: 'trainings', body: { volunteer_id: 1, date: ['2026-01-01'], type: 'New' } },
  { method: 'POST', url: 'trainings', body: { volunteer_id: 1, date: '0000-01-01', type: 'New' } },
  {
    method: 'POST',
    url: 'communities',
    body: { volunteer_id: 3_000_000_000, date: '2026-01-01', referral: 0 },
  },
  {
    method: 'POST',
    url: 'communities',
    body: { volunteer_id: 1, date: '2026-01-01', referral: 1, referrals: [null] },
  },
  {
    method: 'POST',
    url: 'volunteers',
    body: { name: ['a'], remark: ['b'], township_id: 3e9, volunteer_id_gf: 3e9 },
  },
  { method: 'POST', url: 'regions', body: { name: { text: 'Yangon' } } },
  { method: 'POST', url: 'io-register', body: { name: 'A', email: ['a@b.co'], role: 'Admin' } },
  { method: 'GET', url: 'communities?township_id=3000000000' },
  { method: 'GET', url: 'communities?township_id=1&township_id=2' },
  { method: 'POST', url: 'trainings', body: { volunteer_id: [1, 2], date: '2026-01-01', type: 'New' } },
  { method: 'GET', url: 'communities?start_date=0000-01-01' },
  { method: 'GET', url: 'communities?start_date=2026-01-01&start_date=2026-02-01' },
  { method: 'GET', url: 'volunteer-trainings/1?month_year=0000-01' },
  { method: 'GET', url: 'volunteers?township_id=abc' },
  { method: 'GET', url: 'volunteers?page=-1' },
];

for (const backend of await backends()) {
  describe(`bad input on ${backend.name}`, () => {
    const t = useApp(backend);

    it(`answers ${BAD.length} bad requests with a 400 and a message`, async () => {
      // A role that may do all of these, so the answer is about the input, not the permission.
      const clients = {
        activity: await t.signInAs('Project Officer'),
        meal: await t.signInAs('MEAL and Digital Tool Manager'),
      };
      const wrong: string[] = [];
      for (const bad of BAD) {
        const client = /trainings|communities/.test(bad.url) ? clients.activity : clients.meal;
        const res = await client.inject({ method: bad.method, url: bad.url, payload: bad.body as object | undefined });
        const message = res.json().message;
        if (res.statusCode !== 400 || typeof message !== 'string')
          wrong.push(`${bad.method} ${bad.url} ${JSON.stringify(bad.body ?? '')}: ${res.statusCode} ${res.body}`);
      }
      assert.deepEqual(wrong, []);
    });
  });
}
