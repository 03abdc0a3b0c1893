import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { patients, volunteers } from '../src/db/schema';
import { RateLimiter } from '../src/lib/limits';
import { appSignIn, appWorld, INITIAL, V, type AppWorld } from './app-fixtures';
import { backends, clientFor, useApp } from './helpers';

for (const backend of await backends()) {
  describe(`app sign-in on ${backend.name}`, () => {
    const t = useApp(backend);
    let w: AppWorld;
    const login = (payload: object) => t.app.inject({ method: 'POST', url: `${V}/app/login`, payload });
    /** A session on the initial password, as the app holds it before the change. */
    const initialSession = async (kind: 'volunteer' | 'patient', code: string) => {
      const res = await login({ kind, code, password: INITIAL });
      assert.equal(res.statusCode, 200, res.body);
      return clientFor(t.app, res.json().access_token);
    };

    // Sets up volunteers and patients with initial passwords
    before(async () => {
      w = await appWorld(t);
    });

    it('signs a volunteer and a patient in with code and initial password, asking for a new password', async () => {
      const res = await login({ kind: 'volunteer', code: w.codes.volunteer1, password: INITIAL });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.equal(body.kind, 'volunteer');
      assert.equal(body.must_change_password, true);
      assert.equal(typeof body.access_token, 'string');
      const patient = await login({ kind: 'patient', code: w.codes.a, password: INITIAL });
      assert.equal(patient.statusCode, 200);
      assert.equal(patient.json().name, w.a.name);
      const me = await clientFor(t.app, patient.json().access_token).get('app/user');
      assert.deepEqual(
        { ...me.json().data },
        { kind: 'patient', id: w.a.id, name: w.a.name, code: w.codes.a, must_change_password: true },
      );
    });

    it('refuses a wrong password, an unknown code, the wrong kind, and bad input', async () => {
      assert.equal((await login({ kind: 'volunteer', code: w.codes.volunteer2, password: 'nope' })).statusCode, 401);
      assert.equal((await login({ kind: 'volunteer', code: 'NO-SUCH', password: INITIAL })).statusCode, 401);
      assert.equal(
        (await login({ kind: 'patient', code: w.codes.volunteer2, password: INITIAL })).statusCode,
        401,
        'a volunteer code is no patient',
      );
      const bad = await login({ kind: 'doctor', code: '', password: '' });
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(Object.keys(bad.json().errors).sort(), ['code', 'kind', 'password']);
    });

    it('changes the password: the initial one stops working and is no longer stored, other app sessions end', async () => {
      const first = await initialSession('volunteer', w.codes.volunteer2);
      const second = await initialSession('volunteer', w.codes.volunteer2);
      const wrong = await second.post('app/change-password', {
        current_password: 'nope',
        new_password: 'a-new-password',
        new_password_confirmation: 'a-new-password',
      });
      assert.equal(wrong.statusCode, 400);
      assert.equal(wrong.json().message, 'Current Password is incorrect!');
      const mismatch = await second.post('app/change-password', {
        current_password: INITIAL,
        new_password: 'a-new-password',
        new_password_confirmation: 'other',
      });
      assert.equal(mismatch.statusCode, 400);
      const changed = await second.post('app/change-password', {
        current_password: INITIAL,
        new_password: 'a-new-password',
        new_password_confirmation: 'a-new-password',
      });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal((await first.get('app/user')).statusCode, 401, 'the other session is revoked');
      assert.equal((await second.get('app/user')).json().data.must_change_password, false);
      assert.equal((await login({ kind: 'volunteer', code: w.codes.volunteer2, password: INITIAL })).statusCode, 401);
      assert.equal(
        (await login({ kind: 'volunteer', code: w.codes.volunteer2, password: 'a-new-password' })).json()
          .must_change_password,
        false,
      );
      const [row] = await t.handle.db.select().from(volunteers).where(eq(volunteers.id, w.places.volunteer2));
      assert.equal(row!.plain_password_enc, null, 'the initial password is gone');
      // The staff screens show no initial password any more.
      const detail = await w.meal.get(`volunteers/${w.places.volunteer2}`);
      assert.equal(detail.json().data.plain_password, null);
      const entries = await t.auditEntries();
      assert.ok(
        entries.some(
          (e) =>
            e.action === 'change-password' &&
            e.entity === 'volunteers' &&
            e.actor_email === `volunteer:${w.codes.volunteer2}`,
        ),
      );
      assert.ok(!JSON.stringify(entries).includes(INITIAL), 'no password in the audit log');
    });

    it('keeps app and staff tokens apart', async () => {
      const volunteer = await appSignIn(t.app, 'volunteer', w.codes.volunteer1);
      for (const url of ['user', 'patients?page=1', `volunteers/${w.places.volunteer1}`]) {
        assert.equal((await volunteer.get(url)).statusCode, 401, `app token on ${url}`);
      }
      for (const url of ['app/user', 'app/patients'])
        assert.equal((await w.meal.get(url)).statusCode, 401, `staff token on ${url}`);
      assert.equal((await w.meal.post('app/DOTs', {})).statusCode, 401);
      assert.equal((await w.meal.post('app/health-educations', {})).statusCode, 401);
      assert.equal((await t.app.inject({ method: 'GET', url: `${V}/app/user` })).statusCode, 401, 'no token');
    });

    it('signs out, and signs out a volunteer moved to the trash', async () => {
      const volunteer = await appSignIn(t.app, 'volunteer', w.codes.volunteer1);
      const out = await appSignIn(t.app, 'volunteer', w.codes.volunteer1);
      assert.equal((await out.get('app/logout')).statusCode, 200);
      assert.equal((await out.get('app/user')).statusCode, 401);
      await t.handle.db.update(volunteers).set({ status: 0 }).where(eq(volunteers.id, w.places.volunteer1));
      assert.equal((await volunteer.get('app/user')).statusCode, 401);
      assert.equal((await login({ kind: 'volunteer', code: w.codes.volunteer1, password: INITIAL })).statusCode, 401);
      await t.handle.db.update(volunteers).set({ status: 1 }).where(eq(volunteers.id, w.places.volunteer1));
    });

    it('on the initial password the app may only change it: 403 before any validation', async () => {
      const patient = await initialSession('patient', w.codes.b);
      for (const [method, url, payload] of [
        ['GET', 'app/patients', undefined],
        ['GET', 'app/DOTs', undefined],
        ['POST', 'app/DOTs', {}],
        ['POST', 'app/DOTs', { DOT_records: 'not a list' }],
        ['GET', 'app/handouts', undefined],
      ] as const) {
        const res = await patient.inject({ method, url, payload });
        assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
        assert.equal(res.json().message, 'Please change your initial password before you continue.');
      }
      assert.equal((await patient.get('app/user')).json().data.must_change_password, true);
      const common = await patient.post('app/change-password', {
        current_password: INITIAL,
        new_password: 'iloveyou',
        new_password_confirmation: 'iloveyou',
      });
      assert.deepEqual(common.json().errors, {
        new_password: ['New Password is too common: choose one that is harder to guess!'],
      });
    });

    it('a code locked by failed sign-ins does not stop a device that holds a session from going on', async () => {
      const device = await initialSession('patient', w.codes.a);
      for (let i = 0; i < 6; i++) await login({ kind: 'patient', code: w.codes.a, password: `guess-${i}` });
      const locked = await login({ kind: 'patient', code: w.codes.a, password: INITIAL });
      assert.equal(locked.statusCode, 429, 'a new sign-in waits');
      const changed = await device.post('app/change-password', {
        current_password: INITIAL,
        new_password: 'a patient passphrase',
        new_password_confirmation: 'a patient passphrase',
      });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.equal((await device.get('app/DOTs')).statusCode, 200);
    });

    it('an app initial password expires as the staff one does; a reset by staff gives a new one', async () => {
      const [row] = await t.handle.db.select().from(patients).where(eq(patients.id, w.b.id));
      const days = (row!.initial_password_expires_at!.getTime() - Date.now()) / 86_400_000;
      assert.ok(days > 0 && days <= t.app.config.initialPasswordMs / 86_400_000, `expires in ${days} days`);
      await t.handle.db
        .update(patients)
        .set({ initial_password_expires_at: new Date(Date.now() - 1000) })
        .where(eq(patients.id, w.b.id));
      const expired = await login({ kind: 'patient', code: w.codes.b, password: INITIAL });
      assert.equal(expired.statusCode, 401);
      assert.equal(expired.json().message, 'Your initial password has expired. Ask an administrator for a new one.');
      const reset = await w.meal.post(`patients/${w.b.id}/reset-password`);
      assert.equal(reset.statusCode, 200, reset.body);
      const fresh = await login({ kind: 'patient', code: w.codes.b, password: reset.json().data.plain_password });
      assert.equal(fresh.statusCode, 200, fresh.body);
      assert.equal(fresh.json().must_change_password, true);
    });
  });

  describe(`app sign-in limits on ${backend.name}`, () => {
    const t = useApp(backend);

    it('answers 429 past the per-address rate, as the staff sign-in', async () => {
      // The suite's limits are generous; this app gets 3 a minute from one address.
      t.app.signInLimits.perAddress = new RateLimiter(3);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (
            await t.app.inject({
              method: 'POST',
              url: `${V}/app/login`,
              payload: { kind: 'volunteer', code: 'X', password: 'y' },
            })
          ).statusCode,
        );
      }
      assert.deepEqual(statuses, [401, 401, 401, 429, 429]);
    });

    it('locks a code after repeated failures, as the staff sign-in locks an email', async () => {
      t.app.signInLimits.perAddress = new RateLimiter(1000);
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push(
          (
            await t.app.inject({
              method: 'POST',
              url: `${V}/app/login`,
              payload: { kind: 'patient', code: 'LOCK-ME', password: 'y' },
            })
          ).statusCode,
        );
      }
      assert.deepEqual(statuses.slice(-2), [429, 429]);
    });
  });
}
