import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { ROLES } from '@vot/shared/domain';
import type { ContactTracingRecord, HealthEducationRecord, SupervisionVisitRecord } from '@vot/shared/schemas';
import { appSignIn, appWorld, V, type AppWorld } from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { describeRoleMatrix, type Endpoint } from './role-matrix';
import { daysAgo } from './vot-fixtures';

const KINDS = ['health-educations', 'contact-tracings', 'supervision-visits'] as const;

for (const backend of await backends()) {
  describe(`app activity records on ${backend.name}`, () => {
    const t = useApp(backend);
    let w: AppWorld;
    let v1: Client;
    let v2: Client;
    let staff: Client;

    // Sets up the app world
    before(async () => {
      w = await appWorld(t);
      v1 = await appSignIn(t.app, 'volunteer', w.codes.volunteer1);
      v2 = await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
      staff = await t.signInAs('Project Officer');
    });

    it('records a health education session once, however often it is sent', async () => {
      const record = {
        uuid: randomUUID(),
        date: daysAgo(2),
        place: 'Ward 5 monastery',
        topic: 'TB symptoms',
        male: 12,
        female: 15,
        referred: 3,
      };
      const answers = await Promise.all(Array.from({ length: 4 }, () => v1.post('app/health-educations', record)));
      assert.deepEqual(answers.map((r) => r.statusCode).sort(), [200, 200, 200, 201]);
      const list = (await staff.get('health-educations?page=1')).json();
      assert.equal(list.total, 1);
      const row = list.data[0] as HealthEducationRecord;
      assert.equal(row.total, 27);
      assert.deepEqual(row.volunteer, { id: w.places.volunteer1, name: 'Daw Aye', code: w.codes.volunteer1 });
      assert.equal(row.township.id, w.places.hty);
      const audit = (await t.auditEntries()).filter((e) => e.entity === 'health_educations');
      assert.equal(audit.length, 1);
      assert.equal(audit[0]!.actor_email, `volunteer:${w.codes.volunteer1}`);
    });

    it('validates counts with their messages', async () => {
      const bad = await v1.post('app/health-educations', {
        uuid: 'nope',
        date: daysAgo(-1),
        place: '',
        male: -1,
        female: 'x',
        referred: 1,
      });
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.json().errors, {
        uuid: ['uuid must be a UUID!'],
        date: ['Date may not be after today!'],
        place: ['Place is required!'],
        topic: ['Topic is required!'],
        male: ['Male may not be negative!'],
        female: ['Female is required!'],
      });
      const over = await v1.post('app/contact-tracings', {
        uuid: randomUUID(),
        date: daysAgo(1),
        patient_id: w.b.id,
        contacts_total: 3,
        contacts_screened: 4,
        presumptive_found: 0,
        referred: 0,
        tpt_started: 0,
      });
      assert.equal(over.statusCode, 400);
      assert.deepEqual(over.json().errors, {
        contacts_screened: ['Contacts Screened may not be more than the contacts!'],
      });
    });

    it("traces contacts only of the volunteer's own patients", async () => {
      const tracing = {
        uuid: randomUUID(),
        date: daysAgo(1),
        contacts_total: 4,
        contacts_screened: 4,
        presumptive_found: 1,
        referred: 1,
        tpt_started: 2,
      };
      assert.equal((await v1.post('app/contact-tracings', { ...tracing, patient_id: w.b.id })).statusCode, 404);
      const ok = await v2.post('app/contact-tracings', { ...tracing, patient_id: w.b.id });
      assert.equal(ok.statusCode, 201, ok.body);
      const row = (await staff.get('contact-tracings')).json().data[0] as ContactTracingRecord;
      assert.deepEqual(row.patient, { id: w.b.id, name: w.b.name });
      // Someone else's uuid is not taken over.
      assert.equal((await v1.post('app/contact-tracings', { ...tracing, patient_id: w.a.id })).statusCode, 409);
    });

    it('records supervision visits; patients may not record activities', async () => {
      const visit = {
        uuid: randomUUID(),
        date: daysAgo(0),
        supervisor_name: 'U Kyaw (supervisor)',
        patients_visited: 2,
        records_checked: true,
      };
      assert.equal((await v2.post('app/supervision-visits', visit)).statusCode, 201);
      const patient = await appSignIn(t.app, 'patient', w.codes.a);
      assert.equal((await patient.post('app/supervision-visits', { ...visit, uuid: randomUUID() })).statusCode, 403);
      const row = (
        await staff.get(`supervision-visits?volunteer_id=${w.places.volunteer2}&start_date=${daysAgo(1)}`)
      ).json().data[0] as SupervisionVisitRecord;
      assert.equal(row.supervisor_name, 'U Kyaw (supervisor)');
      assert.equal((await staff.get(`supervision-visits?start_date=${daysAgo(-1)}`)).statusCode, 400);
    });

    it("filters the staff lists by township (activities are filed under the volunteer's township)", async () => {
      const admin = await t.signInAs('Admin');
      for (const kind of KINDS) {
        assert.equal((await admin.get(`${kind}?township_id=${w.places.ins}`)).json().total, 0, kind);
        assert.equal((await admin.get(`${kind}?township_id=${w.places.hty}`)).json().total, 1, kind);
      }
    });
  });
}

const ENDPOINTS: Endpoint[] = KINDS.map((kind) => ({
  resource: 'activities',
  action: 'read',
  method: 'GET',
  url: `${V}/${kind}?page=1`,
}));
await describeRoleMatrix('app activity list', ENDPOINTS);

for (const backend of await backends()) {
  describe(`staff tokens on app endpoints on ${backend.name}`, () => {
    const t = useApp(backend);
    it('refuses every role on every app endpoint (401: a staff token is no app token)', async () => {
      const wrong: string[] = [];
      for (const role of ROLES) {
        const client = await t.signInAs(role);
        for (const [method, url] of [
          ['GET', 'app/user'],
          ['GET', 'app/patients'],
          ['POST', 'app/DOTs'],
          ['GET', `app/DOTs/${randomUUID()}`],
          ['GET', 'app/DOTs'],
          ['GET', 'app/handouts'],
          ['POST', 'app/change-password'],
          ...KINDS.map((k) => ['POST', `app/${k}`]),
        ] as const) {
          const res = await client.inject({ method, url, payload: method === 'POST' ? {} : undefined });
          if (res.statusCode !== 401) wrong.push(`${role} ${method} ${url}: ${res.statusCode}`);
        }
      }
      assert.deepEqual(wrong, []);
    });
  });
}
