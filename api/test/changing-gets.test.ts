import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq, isNull } from 'drizzle-orm';
import { appSessions, patients, sessions, volunteers } from '../src/db/schema';
import { appSignIn, appWorld } from './app-fixtures';
import { createVolunteer } from './fixtures';
import { backends, useApp } from './helpers';
import { daysAgo, eligiblePatient } from './vot-fixtures';

/**
 * The GETs SPEC.md §7 fixes for changes (a soft delete, a recovery, a no-app tick, a sign-out)
 * refuse HEAD: 405 with Allow: GET, and nothing runs. Every other GET answers HEAD as Fastify does,
 * and no HEAD anywhere writes an audit entry (every change is audited).
 */
const CHANGING_GETS = [
  '/api/v1/logout',
  '/api/v1/app/logout',
  '/api/v1/patients-delete/:id',
  '/api/v1/patients-recover/:id',
  '/api/v1/volunteers-delete/:id',
  '/api/v1/volunteers-recover/:id',
  '/api/v1/change-status-NoApp-DOTs/:id',
  '/api/v1/delete-status-NoApp-DOTs/:id',
];

/** GET routes from Fastify's own tree. */
function getRoutes(printed: string): { url: string }[] {
  const found: { url: string }[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^(.*?)(?:├── |└── )(\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = url;
    const methods = (match[3] ?? '').split(', ');
    if (methods.includes('GET')) found.push({ url });
  }
  return found;
}

for (const backend of await backends()) {
  describe(`HEAD on GETs that change data, on ${backend.name}`, () => {
    const t = useApp(backend);

    it('refuses HEAD with 405 and Allow: GET, and changes nothing', async () => {
      const w = await appWorld(t);
      const patient = await eligiblePatient(w.meal, w.places.hty, 60);
      const volunteer = await createVolunteer(t, 'Daw Khin', w.places.hty);
      const inTrash = await createVolunteer(t, 'Daw Mya', w.places.hty, { trash: true });
      const onVot = await eligiblePatient(w.meal, w.places.hty, 60);
      assert.equal(
        (
          await w.meal.update(`move-to-DOT/${onVot.id}`, {
            VOT_accept: 'Yes',
            DOT_start_date: daysAgo(20),
          })
        ).statusCode,
        200,
      );
      const entry = await w.meal.post('change-volunteers', {
        patient_id: onVot.id,
        change_date: daysAgo(20),
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
        volunteer_id: w.places.volunteer1,
        type: 'No App',
      });
      assert.equal(entry.statusCode, 201, entry.body);
      const created = await w.meal.post('NoApp-DOTs', { patient_id: onVot.id, dates: [daysAgo(2)] });
      assert.equal(created.statusCode, 201, created.body);
      const day = created.json().data[0] as { id: number; work_status: boolean | null };
      const app = await appSignIn(t.app, 'volunteer', w.codes.volunteer1);

      const audited = (await t.auditEntries()).length;
      const calls: [string, typeof w.meal][] = [
        ['/api/v1/logout', w.meal],
        ['/api/v1/app/logout', app],
        [`/api/v1/patients-delete/${patient.id}`, w.meal],
        [`/api/v1/patients-recover/${patient.id}`, w.meal],
        [`/api/v1/volunteers-delete/${volunteer}`, w.meal],
        [`/api/v1/volunteers-recover/${inTrash}`, w.meal],
        [`/api/v1/change-status-NoApp-DOTs/${day.id}`, w.meal],
        [`/api/v1/delete-status-NoApp-DOTs/${day.id}`, w.meal],
      ];
      assert.equal(calls.length, CHANGING_GETS.length);
      for (const [url, client] of calls) {
        const res = await client.inject({ method: 'HEAD', url });
        assert.equal(res.statusCode, 405, url);
        assert.equal(res.headers.allow, 'GET', url);
        assert.equal(res.headers['cache-control'], 'no-store', url);
      }
      assert.equal((await t.auditEntries()).length, audited);
      const [p] = await t.handle.db.select().from(patients).where(eq(patients.id, patient.id));
      assert.equal(p!.status, 1);
      const statuses = await t.handle.db.select({ id: volunteers.id, status: volunteers.status }).from(volunteers);
      assert.equal(statuses.find((v) => v.id === volunteer)!.status, 1);
      assert.equal(statuses.find((v) => v.id === inTrash)!.status, 0);
      assert.equal((await t.handle.db.select().from(sessions).where(isNull(sessions.revoked_at))).length > 0, true);
      assert.equal((await t.handle.db.select().from(appSessions).where(isNull(appSessions.revoked_at))).length, 1);
      assert.equal((await w.meal.get('user')).statusCode, 200);
      const grid = await w.meal.get(`NoApp-DOTs/${onVot.id}`);
      assert.equal(grid.json().data.find((d: { id: number }) => d.id === day.id).work_status, day.work_status);

      // GET still does the work.
      assert.equal((await w.meal.get(`patients-delete/${patient.id}`)).statusCode, 200);
      assert.equal((await t.auditEntries()).length, audited + 1);
    });

    it('HEAD is refused on exactly those GETs, and no other HEAD writes anything', async () => {
      const admin = await t.signInAs('Admin');
      const audited = (await t.auditEntries()).length;
      const routes = getRoutes(t.app.printRoutes({ commonPrefix: false })).filter((r) => r.url.startsWith('/api/'));
      assert.ok(routes.length > 60, `${routes.length} GET routes`);
      const refused: string[] = [];
      for (const route of routes) {
        const res = await admin.inject({ method: 'HEAD', url: route.url.replace(/:[A-Za-z_]+/g, '1') });
        assert.ok(res.statusCode < 500, `${route.url}: ${res.statusCode}`);
        if (res.statusCode === 405) refused.push(route.url);
      }
      assert.deepEqual(refused.sort(), [...CHANGING_GETS].sort());
      assert.equal((await t.auditEntries()).length, audited);
    });
  });
}
