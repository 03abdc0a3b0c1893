import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { backends, clientFor, useApp, type Client } from './helpers';

const login = (email: string, password: string) => ({
  method: 'POST' as const,
  url: '/api/v1/io-login',
  payload: { email, password },
});
const MUST_CHANGE = 'Please change your initial password before you continue.';
const EXPIRED = 'Your initial password has expired. Ask an administrator for a new one.';

// A staff account's generated password was seen by whoever created it: it signs in for a short
// time (VOT_INITIAL_PASSWORD_DAYS), and such a session may only change it.
for (const backend of await backends()) {
  describe(`initial passwords of staff accounts on ${backend.name}`, () => {
    const t = useApp(backend, { initialPasswordMs: 7 * 86_400_000 });
    let admin: Client;
    const register = async (email: string) => {
      const res = await admin.post('io-register', { name: 'Daw Mya', email, role: 'MEAL Associate' });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().data as { id: number; plain_password: string };
    };
    before(async () => {
      admin = await t.signInAs('Admin');
    });

    it('a session on an initial password may only read its profile, sign out and change the password', async () => {
      const account = await register('mya@vot.test');
      const [row] = await t.handle.db
        .select({ at: users.initial_password_expires_at })
        .from(users)
        .where(eq(users.id, account.id));
      const days = (row!.at!.getTime() - Date.now()) / 86_400_000;
      assert.ok(days > 6.9 && days <= 7, `expires in ${days} days`);

      const res = await t.app.inject(login('mya@vot.test', account.plain_password));
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().must_change_password, true);
      const mya = clientFor(t.app, res.json().access_token);
      assert.equal((await mya.get('user')).json().must_change_password, true);
      for (const url of ['regions', 'volunteers', 'users']) {
        const refused = await mya.get(url);
        assert.equal(refused.statusCode, 403, url);
        assert.deepEqual(refused.json(), { message: MUST_CHANGE });
      }
      assert.equal((await mya.post('regions', { name: 'Nowhere' })).statusCode, 403);

      // The new password is the owner's own: not the initial one the account manager saw, nor a common one.
      for (const [next, message] of [
        [account.plain_password, 'New Password must differ from the Current Password!'],
        ['password', 'New Password is too common: choose one that is harder to guess!'],
        ['Password123', 'New Password is too common: choose one that is harder to guess!'],
      ]) {
        const refused = await mya.post('io-change-password', {
          current_password: account.plain_password,
          new_password: next,
          new_password_confirmation: next,
        });
        assert.equal(refused.statusCode, 400, next);
        assert.deepEqual(refused.json().errors, { new_password: [message] });
      }

      const changed = await mya.post('io-change-password', {
        current_password: account.plain_password,
        new_password: 'my own passphrase',
        new_password_confirmation: 'my own passphrase',
      });
      assert.equal(changed.statusCode, 200, changed.body);
      // The same session goes on, now with everything its role allows.
      assert.equal((await mya.get('user')).json().must_change_password, false);
      assert.equal((await mya.get('regions')).statusCode, 200);
      const again = await t.app.inject(login('mya@vot.test', 'my own passphrase'));
      assert.equal(again.json().must_change_password, false);
      const [after] = await t.handle.db
        .select({ at: users.initial_password_expires_at, enc: users.plain_password_enc })
        .from(users)
        .where(eq(users.id, account.id));
      assert.deepEqual(after, { at: null, enc: null });
    });

    it('an expired initial password signs in no more, and is shown to no one', async () => {
      const account = await register('kyaw@vot.test');
      await t.handle.db
        .update(users)
        .set({ initial_password_expires_at: new Date(Date.now() - 1000) })
        .where(eq(users.id, account.id));
      const res = await t.app.inject(login('kyaw@vot.test', account.plain_password));
      assert.equal(res.statusCode, 401);
      assert.deepEqual(res.json(), { message: EXPIRED });
      // A wrong password still gets the usual answer: the expiry is told only to who knows the password.
      const wrong = await t.app.inject(login('kyaw@vot.test', 'not it'));
      assert.deepEqual(wrong.json(), { message: 'These credentials do not match our records.' });
      assert.equal((await admin.get(`users/${account.id}`)).json().data.plain_password, null);
      const failed = (await t.auditEntries()).filter(
        (e) => e.action === 'sign-in-failed' && JSON.stringify(e.after).includes('initial password expired'),
      );
      assert.equal(failed.length, 1);
    });

    it('an account manager resets an expired initial password: a new one, the old sessions ended, audited, a new life', async () => {
      const account = await register('thida@vot.test');
      const early = await t.app.inject(login('thida@vot.test', account.plain_password));
      const thida = clientFor(t.app, early.json().access_token);
      await t.handle.db
        .update(users)
        .set({ initial_password_expires_at: new Date(Date.now() - 1000) })
        .where(eq(users.id, account.id));
      const fo = await t.signInAs('Field Officer');
      assert.equal((await fo.post(`users/${account.id}/reset-password`)).statusCode, 403);
      assert.equal((await admin.post('users/999999/reset-password')).statusCode, 404);

      const res = await admin.post(`users/${account.id}/reset-password`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Initial password reset.');
      const fresh = res.json().data.plain_password as string;
      assert.ok(fresh && fresh !== account.plain_password);
      assert.equal((await admin.get(`users/${account.id}`)).json().data.plain_password, fresh);
      const [row] = await t.handle.db
        .select({ at: users.initial_password_expires_at })
        .from(users)
        .where(eq(users.id, account.id));
      const days = (row!.at!.getTime() - Date.now()) / 86_400_000;
      assert.ok(days > 6.9 && days <= 7, `expires in ${days} days`);
      assert.equal((await thida.get('user')).statusCode, 401, 'the session on the old password is ended');
      assert.equal((await t.app.inject(login('thida@vot.test', account.plain_password))).statusCode, 401);
      const signedIn = await t.app.inject(login('thida@vot.test', fresh));
      assert.equal(signedIn.statusCode, 200);
      assert.equal(signedIn.json().must_change_password, true);
      const audit = (await t.auditEntries()).find((e) => e.action === 'reset-password' && e.entity_id === account.id);
      assert.ok(audit, 'audited');
      assert.ok(!JSON.stringify(audit).includes(fresh), 'the password is never audited');
      const self = (await admin.get('user')).json().id;
      assert.equal(
        (await admin.post(`users/${self}/reset-password`)).statusCode,
        400,
        'an own password is changed, not reset',
      );
    });

    it('seeded and existing accounts (no initial password life) sign in as before', async () => {
      const fo = await t.signInAs('Field Officer');
      assert.equal((await fo.get('user')).json().must_change_password, false);
    });
  });
}
