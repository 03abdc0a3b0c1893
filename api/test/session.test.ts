import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../src/db/schema';
import { encryptText, hashToken as hash } from '../src/lib/secrets';
import { PASSWORD, backends, clientFor, emailOf, useApp } from './helpers';

const login = (email: string, password: string) => ({
  method: 'POST' as const,
  url: '/api/v1/io-login',
  payload: { email, password },
});

for (const backend of await backends()) {
  describe(`sessions on ${backend.name}`, () => {
    const t = useApp(backend);

    it('signs in with the login response of the spec and answers the profile', async () => {
      const res = await t.app.inject(login(emailOf('Field Officer').toUpperCase(), PASSWORD));
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.deepEqual(Object.keys(body).sort(), [
        'access_token',
        'email',
        'must_change_password',
        'name',
        'profile',
        'role',
        'township',
      ]);
      assert.equal(body.role, 'Field Officer');
      assert.ok(body.access_token.length >= 40);
      const profile = await clientFor(t.app, body.access_token).get('user');
      assert.equal(profile.statusCode, 200);
      // The sign-in carries the same profile, so the console needs no second round trip.
      assert.deepEqual(body.profile, profile.json());
      assert.deepEqual(Object.keys(profile.json()).sort(), [
        'email',
        'id',
        'must_change_password',
        'name',
        'project',
        'role',
        'townships',
      ]);
      assert.equal(profile.json().email, emailOf('Field Officer'));
    });

    it('stores only a hash of the token', async () => {
      const client = await t.signInAs('Admin');
      const rows = await t.handle.db.select().from(sessions);
      assert.ok(rows.length > 0);
      assert.ok(rows.every((r) => r.token_hash !== client.token && r.token_hash.length === 64));
    });

    it("refuses a wrong password or unknown email with the spec's message, and audits it", async () => {
      for (const req of [login(emailOf('Admin'), 'wrong password'), login('nobody@test.local', PASSWORD)]) {
        const res = await t.app.inject(req);
        assert.equal(res.statusCode, 401);
        assert.deepEqual(res.json(), { message: 'These credentials do not match our records.' });
      }
      const failures = (await t.auditEntries()).filter((e) => e.action === 'sign-in-failed');
      assert.ok(failures.some((e) => e.actor_email === 'nobody@test.local'));
      assert.ok(failures.every((e) => !JSON.stringify(e).includes('wrong password')));
    });

    it('validates the login body with the shared schema', async () => {
      const res = await t.app.inject(login('', ''));
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, 'Email is required!');
      assert.deepEqual(res.json().errors.password, ['Password is required!']);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/io-login',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      assert.equal(bad.statusCode, 400);
      assert.equal(bad.json().message, 'The request body is not valid JSON.');
    });

    it('locks an email for a while after five failures, even with the right password', async () => {
      const email = emailOf('MIS Officer');
      for (let i = 0; i < 5; i++) assert.equal((await t.app.inject(login(email, `nope-${i}`))).statusCode, 401);
      const locked = await t.app.inject(login(email, PASSWORD));
      assert.equal(locked.statusCode, 429);
      assert.match(locked.json().message, /^Too many failed sign-in attempts\. Please try again in 15 minutes\.$/);
      // Another account is not affected.
      assert.equal((await t.app.inject(login(emailOf('Clinic MO'), PASSWORD))).statusCode, 200);
    });

    it('answers 401 Unauthenticated. without or with an unknown token', async () => {
      const none = await t.app.inject({ method: 'GET', url: '/api/v1/user' });
      assert.equal(none.statusCode, 401);
      assert.equal(none.json().message, 'Unauthenticated.');
      const unknown = await clientFor(t.app, 'not-a-token').get('user');
      assert.equal(unknown.statusCode, 401);
    });

    it('logout revokes the token', async () => {
      const client = await t.signInAs('Data Assistant');
      assert.equal((await client.get('logout')).statusCode, 200);
      const after = await client.get('user');
      assert.equal(after.statusCode, 401);
      assert.equal(after.json().message, 'Unauthenticated.');
    });

    it('an idle or too old session expires with the expiry message', async () => {
      const idle = await t.signInAs('Project Officer');
      await t.handle.db
        .update(sessions)
        .set({ last_seen_at: new Date(Date.now() - 3 * 3_600_000) })
        .where(eq(sessions.token_hash, hash(idle.token)));
      const res = await idle.get('user');
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().message, 'Your session has expired. Please sign in again.');

      const old = await t.signInAs('Project Officer');
      await t.handle.db
        .update(sessions)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(sessions.token_hash, hash(old.token)));
      assert.equal((await old.get('user')).json().message, 'Your session has expired. Please sign in again.');
    });

    it('changes the password: checks the current one, clears the plain password, revokes other sessions', async () => {
      const role = 'MEAL Associate';
      await t.handle.db
        .update(users)
        .set({ plain_password_enc: encryptText(t.app.secretKey, PASSWORD) })
        .where(eq(users.email, emailOf(role)));
      const other = await t.signInAs(role);
      const me = await t.signInAs(role);

      const empty = await me.post('io-change-password', {});
      assert.equal(empty.statusCode, 400);
      assert.deepEqual(empty.json().errors, {
        current_password: ['Current Password is required!'],
        new_password: ['New Password is required!'],
        new_password_confirmation: ['New Password Confirmation is required!'],
      });
      const mismatch = await me.post('io-change-password', {
        current_password: PASSWORD,
        new_password: 'a new passphrase',
        new_password_confirmation: 'another',
      });
      assert.equal(mismatch.json().message, 'New Password Confirmation does not match!');
      const wrong = await me.post('io-change-password', {
        current_password: 'wrong',
        new_password: 'a new passphrase',
        new_password_confirmation: 'a new passphrase',
      });
      assert.equal(wrong.statusCode, 400);
      assert.deepEqual(wrong.json(), {
        message: 'Current Password is incorrect!',
        errors: { current_password: ['Current Password is incorrect!'] },
      });

      const ok = await me.post('io-change-password', {
        current_password: PASSWORD,
        new_password: 'a new passphrase',
        new_password_confirmation: 'a new passphrase',
      });
      assert.equal(ok.statusCode, 200);
      assert.deepEqual(ok.json(), { message: 'Password has been changed successfully!' });
      assert.equal((await me.get('user')).statusCode, 200);
      assert.equal((await other.get('user')).statusCode, 401);
      const [row] = await t.handle.db
        .select()
        .from(users)
        .where(eq(users.email, emailOf(role)));
      assert.equal(row!.plain_password_enc, null);
      assert.equal((await t.app.inject(login(emailOf(role), PASSWORD))).statusCode, 401);
      assert.equal((await t.app.inject(login(emailOf(role), 'a new passphrase'))).statusCode, 200);
      assert.ok((await t.auditEntries()).some((e) => e.action === 'change-password' && e.entity_id === row!.id));
    });

    it('audits every sign-in', async () => {
      const before = (await t.auditEntries()).filter((e) => e.action === 'sign-in').length;
      await t.signInAs('Clinic Counselor');
      const entries = (await t.auditEntries()).filter((e) => e.action === 'sign-in');
      assert.equal(entries.length, before + 1);
      assert.equal(entries.at(-1)!.actor_email, emailOf('Clinic Counselor'));
    });
  });
}
