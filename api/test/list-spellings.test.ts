import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Role } from '@vot/shared/domain';
import { can } from '@vot/shared/permissions';
import { patients } from '../src/db/schema';
import { assignTownships, createTownships, createVolunteer } from './fixtures';
import { backends, useApp } from './helpers';
import { patientRow } from './vot-fixtures';

/**
 * The trash through every spelling of `status` (lib/requests.ts queryParams): `status[]=0` is
 * `status=0`, so it needs trash/read as that does; a plain key repeated is refused; a list of
 * values where one belongs is refused. Every list route that reads a status: the patient and
 * volunteer lists and their exports (the volunteer export has no trash: it never answers one).
 */
const TRASH_SPELLINGS = ['status=0', 'status[]=0', 'status%5B%5D=0'];
const REFUSED_SPELLINGS = ['status=1&status=0', 'status=0&status=0', 'status[]=1&status[]=0', 'status=1&status[]=0'];
const ROUTES = ['patients?page=1&', 'patients-export?', 'volunteers?page=1&'];
const EXPORT_WITHOUT_TRASH = 'volunteers-export?';
const TRASHED = { patient: 'Patient in trash', volunteer: 'Volunteer in trash' };
/** The Project Manager may not read the trash; a Field Officer reads (not exports) their townships'; the MEAL Manager and a Project Officer may. */
const ROLES: Role[] = ['Field Officer', 'Project Manager', 'MEAL and Digital Tool Manager', 'Project Officer'];

for (const backend of await backends()) {
  describe(`list query spellings on ${backend.name}`, () => {
    const t = useApp(backend);

    it('every spelling of status=0 needs trash/read, and a repeated status is a 400', async () => {
      const { mine } = await createTownships(t, { mine: 'Hlaingthaya' });
      await assignTownships(t, 'Field Officer', [mine]);
      await createVolunteer(t, TRASHED.volunteer, mine, { trash: true });
      await createVolunteer(t, 'Volunteer at work', mine);
      await t.handle.db.insert(patients).values(
        patientRow('TRASH-1', {
          name: TRASHED.patient,
          status: 0,
          recover_township_id: mine,
          deleted_at: new Date(),
        }),
      );
      const wrong: string[] = [];
      for (const role of ROLES) {
        const client = await t.signInAs(role);
        for (const route of ROUTES) {
          // A list reads the trash with trash/read, an export with trash/export.
          const action = route.includes('-export') ? 'export' : 'read';
          const may =
            can({ role }, route.includes('volunteers') ? 'volunteers' : 'patients', action) &&
            can({ role }, 'trash', action);
          const plain = await client.get(`${route}status=0`);
          for (const spelling of TRASH_SPELLINGS) {
            const res = await client.get(`${route}${spelling}`);
            if (!may && res.statusCode !== 403) wrong.push(`${role} ${route}${spelling}: ${res.statusCode}, not 403`);
            if (may && (res.statusCode !== 200 || res.body !== plain.body))
              wrong.push(`${role} ${route}${spelling}: ${res.statusCode}, not the answer of status=0`);
          }
          for (const spelling of REFUSED_SPELLINGS) {
            const res = await client.get(`${route}${spelling}`);
            if (res.statusCode !== 400 && res.statusCode !== 403)
              wrong.push(`${role} ${route}${spelling}: ${res.statusCode}, not 400 or 403`);
            if (res.body.includes('in trash')) wrong.push(`${role} ${route}${spelling}: answered the trash`);
          }
        }
        if (can({ role }, 'volunteers', 'export'))
          for (const spelling of [...TRASH_SPELLINGS, ...REFUSED_SPELLINGS]) {
            const res = await client.get(`${EXPORT_WITHOUT_TRASH}${spelling}`);
            // Its query has no status (ignored as any unknown parameter is), but a repeated key is still a 400.
            const expected = /status=.*status=/.test(spelling) ? 400 : 200;
            if (res.statusCode !== expected || res.body.includes(TRASHED.volunteer))
              wrong.push(`${role} ${EXPORT_WITHOUT_TRASH}${spelling}: ${res.statusCode} ${res.body.slice(0, 80)}`);
          }
      }
      assert.deepEqual(wrong, []);
    });

    it('a role that may read the trash gets it under every spelling', async () => {
      const meal = await t.signInAs('MEAL and Digital Tool Manager');
      for (const spelling of TRASH_SPELLINGS) {
        const listed = await meal.get(`patients?page=1&${spelling}`);
        assert.deepEqual(
          listed.json().data.map((p: { name: string }) => p.name),
          [TRASHED.patient],
          spelling,
        );
        const volunteers = await meal.get(`volunteers?page=1&${spelling}`);
        assert.deepEqual(
          volunteers.json().data.map((v: { name: string }) => v.name),
          [TRASHED.volunteer],
          spelling,
        );
      }
      const repeated = await meal.get('patients?status=1&status=0');
      assert.equal(repeated.statusCode, 400);
      assert.deepEqual(repeated.json().errors, {
        status: ['status is given more than once: send several values as status[].'],
      });
      const many = await meal.get('volunteers?status[]=1&status[]=0');
      assert.equal(many.statusCode, 400);
      assert.deepEqual(many.json().errors, { status: ['Status must be 0 or 1!'] });
    });

    it('the page and the cursor are read from the same parsed query', async () => {
      const meal = await t.signInAs('MEAL and Digital Tool Manager');
      assert.equal((await meal.get('volunteers?page=1&page=2')).statusCode, 400);
      const bracket = await meal.get('volunteers?page[]=2');
      const plain = await meal.get('volunteers?page=2');
      assert.equal(bracket.body, plain.body);
      assert.equal((await meal.get('patients-export?after[]=1&after[]=2')).statusCode, 400);
    });
  });
}
