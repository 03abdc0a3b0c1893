import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { appRefreshTokens, appSessions } from '../src/db/schema';
import { hashToken } from '../src/lib/secrets';
import { appSignIn, appWorld, ownPassword, V, type AppWorld } from './app-fixtures';
import { backends, clientFor, useApp } from './helpers';

interface Tokens {
  access_token: string;
  refresh_token: string;
  refresh_expires_at: string;
}

const SIGNED_OUT = 'This device is signed out. Please sign in again.';

// The phone's device session (docs/decisions/0144): the access token ends as a staff session does,
// the refresh token trades itself once for the next pair, and a used one sent again ends it all.
for (const backend of await backends()) {
  describe(`app device sessions on ${backend.name}`, () => {
    const t = useApp(backend);
    let w: AppWorld;
    const refresh = (refresh_token: unknown) =>
      t.app.inject({ method: 'POST', url: `${V}/app/refresh`, payload: { refresh_token } });
    /** A sign-in on the password the volunteer chose (appSignIn changed the initial one). */
    const signIn = async (code: string): Promise<Tokens> => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${V}/app/login`,
        payload: { kind: 'volunteer', code, password: ownPassword(code) },
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const profile = (tokens: Pick<Tokens, 'access_token'>) => clientFor(t.app, tokens.access_token).get('app/user');
    const sessionOf = async (tokens: Tokens) =>
      (
        await t.handle.db
          .select({ id: appRefreshTokens.session_id })
          .from(appRefreshTokens)
          .where(eq(appRefreshTokens.token_hash, hashToken(tokens.refresh_token)))
      )[0]!.id;

    before(async () => {
      w = await appWorld(t);
      await appSignIn(t.app, 'volunteer', w.codes.volunteer1);
      await appSignIn(t.app, 'volunteer', w.codes.volunteer2);
    });

    it('signs in with a refresh token good for the configured days, and rotates it on use', async () => {
      const first = await signIn(w.codes.volunteer1);
      assert.equal(typeof first.refresh_token, 'string');
      const days = (Date.parse(first.refresh_expires_at) - Date.now()) / 86_400_000;
      assert.ok(days > 13.9 && days <= 14, `a refresh token lasts 14 days, not ${days}`);

      const res = await refresh(first.refresh_token);
      assert.equal(res.statusCode, 200, res.body);
      const second = res.json() as Tokens;
      assert.deepEqual(Object.keys(second).sort(), ['access_token', 'refresh_expires_at', 'refresh_token']);
      assert.notEqual(second.refresh_token, first.refresh_token, 'a new refresh token');
      assert.notEqual(second.access_token, first.access_token, 'a new access token');
      assert.equal((await profile(first)).statusCode, 401, 'the old access token has ended');
      assert.equal((await profile(second)).statusCode, 200);
      assert.equal(await sessionOf(second), await sessionOf(first), 'the same device session');

      const third = await refresh(second.refresh_token);
      assert.equal(third.statusCode, 200, 'the new one refreshes in its turn');
      const audited = (await t.auditEntries()).filter((e) => e.action === 'refresh' && e.entity === 'app-session');
      assert.equal(audited.at(-1)?.actor_email, `volunteer:${w.codes.volunteer1}`);
    });

    it('ends the whole device session when a used refresh token comes again', async () => {
      const first = await signIn(w.codes.volunteer1);
      const second = (await refresh(first.refresh_token)).json() as Tokens;
      const other = await signIn(w.codes.volunteer1);

      const replay = await refresh(first.refresh_token);
      assert.equal(replay.statusCode, 401);
      assert.equal(replay.json().message, SIGNED_OUT);
      assert.equal((await profile(second)).statusCode, 401, "the session's access token ends with it");
      assert.equal((await refresh(second.refresh_token)).statusCode, 401, 'and so does its newest refresh token');
      assert.equal((await profile(other)).statusCode, 200, "another phone's session goes on");
      const ended = (await t.auditEntries()).at(-1);
      assert.equal(ended?.action, 'sign-out');
      assert.deepEqual(ended?.after, { reason: 'refresh token reused' });
    });

    it('outlives its access token: a day offline, the access token is a 401 and the refresh token still works', async () => {
      const tokens = await signIn(w.codes.volunteer2);
      const dayAgo = new Date(Date.now() - 25 * 3600_000);
      const session = await sessionOf(tokens);
      await t.handle.db
        .update(appSessions)
        .set({ last_seen_at: dayAgo, expires_at: new Date(Date.now() - 3600_000) })
        .where(eq(appSessions.id, session));
      const expired = await profile(tokens);
      assert.equal(expired.statusCode, 401);
      assert.equal(expired.json().message, 'Your session has expired. Please sign in again.');
      const res = await refresh(tokens.refresh_token);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((await profile(res.json())).statusCode, 200);
    });

    it('refuses an expired refresh token', async () => {
      const tokens = await signIn(w.codes.volunteer2);
      await t.handle.db
        .update(appRefreshTokens)
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where(eq(appRefreshTokens.token_hash, hashToken(tokens.refresh_token)));
      const res = await refresh(tokens.refresh_token);
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().message, SIGNED_OUT);
    });

    it('ends with the app sign-out', async () => {
      const tokens = await signIn(w.codes.volunteer2);
      assert.equal((await clientFor(t.app, tokens.access_token).get('app/logout')).statusCode, 200);
      assert.equal((await refresh(tokens.refresh_token)).statusCode, 401);
    });

    it("ends with the staff's reset of the password", async () => {
      const tokens = await signIn(w.codes.volunteer2);
      const fo = await t.signInAs('Field Officer');
      const reset = await fo.post(`volunteers/${w.places.volunteer2}/reset-password`);
      assert.equal(reset.statusCode, 200, reset.body);
      const res = await refresh(tokens.refresh_token);
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().message, SIGNED_OUT);
    });

    it('refuses an unknown token with 401, a missing one with 400, and takes no access token for one', async () => {
      const unknown = await refresh('not-a-refresh-token');
      assert.equal(unknown.statusCode, 401);
      assert.equal(unknown.json().message, SIGNED_OUT);
      const missing = await refresh(undefined);
      assert.equal(missing.statusCode, 400);
      assert.ok(missing.json().errors.refresh_token);
      const tokens = await signIn(w.codes.volunteer1);
      assert.equal((await refresh(tokens.access_token)).statusCode, 401, 'an access token is no refresh token');
      assert.equal((await clientFor(t.app, tokens.refresh_token).get('app/user')).statusCode, 401);
    });
  });
}
