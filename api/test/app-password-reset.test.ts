import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { appSignIn, appWorld, INITIAL, V, type AppWorld } from './app-fixtures';
import { backends, useApp, type Client } from './helpers';
import { eligiblePatient } from './vot-fixtures';

const GENERATED = /^\w{4}-\w{4}-\w{4}$/;

// A volunteer or patient who forgot the password they chose gets a new initial one from the staff
// who may update them (issue 12), as a staff account does from the account list.
for (const backend of await backends()) {
  describe(`app password reset on ${backend.name}`, () => {
    const t = useApp(backend);
    let w: AppWorld;
    let fo: Client;
    const login = (kind: 'volunteer' | 'patient', code: string, password: string) =>
      t.app.inject({ method: 'POST', url: `${V}/app/login`, payload: { kind, code, password } });
    const resetEntry = async (entity: string, id: number) =>
      (await t.auditEntries()).find((e) => e.action === 'reset-password' && e.entity === entity && e.entity_id === id);

    before(async () => {
      w = await appWorld(t);
      // The Field Officer works in Hlaingthaya only.
      fo = await t.signInAs('Field Officer');
    });

    it("resets a volunteer's: the old password and its app session end, the new one signs in and shows in the detail and export", async () => {
      const id = w.places.volunteer1;
      const held = await appSignIn(t.app, 'volunteer', w.codes.volunteer1);
      const res = await fo.post(`volunteers/${id}/reset-password`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Initial password reset.');
      assert.equal(res.json().status, 'success');
      const fresh = res.json().data.plain_password as string;
      assert.match(fresh, GENERATED);
      assert.equal(res.json().data.code, w.codes.volunteer1, 'the code stays: it is the sign-in');

      assert.equal((await held.get('app/user')).statusCode, 401, 'the app session on the old password is ended');
      assert.equal((await login('volunteer', w.codes.volunteer1, INITIAL)).statusCode, 401);
      const signedIn = await login('volunteer', w.codes.volunteer1, fresh);
      assert.equal(signedIn.statusCode, 200, signedIn.body);
      assert.equal(signedIn.json().must_change_password, true);

      // Volunteers' passwords show in the detail and the export, never in the list (volunteer-passwords).
      assert.equal((await fo.get(`volunteers/${id}`)).json().data.plain_password, fresh);
      const exported = (await fo.get('volunteers-export')).json().data as {
        code: string;
        plain_password: string | null;
      }[];
      assert.equal(exported.find((v) => v.code === w.codes.volunteer1)?.plain_password, fresh);

      const audit = await resetEntry('volunteers', id);
      assert.ok(audit, 'audited');
      assert.deepEqual(audit.after, { sessions_ended: 1 });
      assert.ok(!JSON.stringify(audit).includes(fresh), 'the password is never audited');
    });

    it("resets a patient's: the old password and its app session end, the new one signs in and shows in the list", async () => {
      const id = w.a.id;
      const held = await appSignIn(t.app, 'patient', w.codes.a);
      const res = await fo.post(`patients/${id}/reset-password`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Initial password reset.');
      const fresh = res.json().data.plain_password as string;
      assert.match(fresh, GENERATED);

      assert.equal((await held.get('app/user')).statusCode, 401, 'the app session on the old password is ended');
      assert.equal((await login('patient', w.codes.a, INITIAL)).statusCode, 401);
      assert.equal((await login('patient', w.codes.a, fresh)).statusCode, 200);

      const list = (await fo.get('patients?page=1')).json().data as {
        id: number;
        plain_password: string | null;
      }[];
      assert.equal(list.find((p) => p.id === id)?.plain_password, fresh);
      assert.equal((await fo.get(`patients/${id}`)).json().data.plain_password, fresh);

      const audit = await resetEntry('patients', id);
      assert.ok(audit, 'audited');
      assert.deepEqual(audit.after, { sessions_ended: 1 });
      assert.ok(!JSON.stringify(audit).includes(fresh), 'the password is never audited');
    });

    it("answers 404 for another township's volunteer or patient, or one in the trash, and changes nothing", async () => {
      const insein = await eligiblePatient(w.meal, w.places.ins);
      const entries = (await t.auditEntries()).length;
      assert.equal((await fo.post(`volunteers/${w.places.inseinVolunteer}/reset-password`)).statusCode, 404);
      assert.equal((await fo.post(`patients/${insein.id}/reset-password`)).statusCode, 404);
      assert.equal((await w.meal.post(`volunteers/${w.places.trashedVolunteer}/reset-password`)).statusCode, 404);
      assert.equal((await w.meal.get(`patients-delete/${w.b.id}`)).statusCode, 200);
      const trashed = await w.meal.post(`patients/${w.b.id}/reset-password`);
      assert.equal(trashed.statusCode, 404);
      assert.equal(trashed.json().message, 'Patient not found.');
      assert.equal((await t.auditEntries()).length, entries + 1, 'only the move to the trash is recorded');
      // Nothing was stored: the patient keeps the initial password it was registered with.
      assert.equal((await w.meal.get(`patients/${insein.id}`)).json().data.plain_password, insein.plain_password);
    });

    it('refuses a role that may only read volunteers and patients', async () => {
      const po = await t.signInAs('Project Officer');
      assert.equal((await po.post(`volunteers/${w.places.volunteer2}/reset-password`)).statusCode, 403);
      assert.equal((await po.post(`patients/${w.a.id}/reset-password`)).statusCode, 403);
    });
  });
}
