import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { users } from '../src/db/schema';
import { ensureAdministrator, seedDemo } from '../src/db/seed';
import { backends, clientFor, testConfig } from './helpers';

const [pglite] = await backends();
const key = randomBytes(32);
const DAY = 86_400_000;

/** A fresh database without accounts, and an app over it. */
async function fresh(config = testConfig({ initialPasswordMs: 7 * DAY })) {
  const handle: DatabaseHandle = await pglite!.open();
  const app = await buildApp({ db: handle.db, dbKind: handle.kind, config, secretKey: key });
  const signIn = async (email: string, password: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/io-login', payload: { email, password } });
    assert.equal(res.statusCode, 200, res.body);
    return { ...res.json(), client: clientFor(app, res.json().access_token) };
  };
  return { handle, app, config, signIn, close: () => app.close().then(() => handle.close()) };
}

const adminRow = async (handle: DatabaseHandle) =>
  (await handle.db.select().from(users).where(eq(users.email, 'admin@vot.local')))[0]!;

describe('the first administrator and the demo passwords', () => {
  const closing: (() => Promise<unknown>)[] = [];
  after(() => Promise.all(closing.map((c) => c())));

  it('a generated first-admin password is an initial password: changed at the first sign-in, expiring', async () => {
    const f = await fresh();
    closing.push(f.close);
    const signIn = await ensureAdministrator(f.handle.db, f.config, key);
    const row = await adminRow(f.handle);
    const days = (row.initial_password_expires_at!.getTime() - Date.now()) / DAY;
    assert.ok(days > 6.9 && days <= 7, `expires in ${days} days`);
    const admin = await f.signIn('admin@vot.local', signIn!.password);
    assert.equal(admin.must_change_password, true);
    assert.equal((await admin.client.get('users')).statusCode, 403);

    // Expired, with no other Admin to reset it: the next start hands out a new one.
    await f.handle.db
      .update(users)
      .set({ initial_password_expires_at: new Date(Date.now() - 1000) })
      .where(eq(users.id, row.id));
    const renewed = await ensureAdministrator(f.handle.db, f.config, key);
    assert.notEqual(renewed?.password, signIn!.password);
    assert.equal((await f.signIn('admin@vot.local', renewed!.password)).must_change_password, true);
    assert.equal(await ensureAdministrator(f.handle.db, f.config, key), null);
  });

  it('a supplied VOT_ADMIN_PASSWORD is kept as a hash only: never readable, never printed', async () => {
    const f = await fresh(testConfig({ adminPassword: 'the operator passphrase' }));
    closing.push(f.close);
    const signIn = await ensureAdministrator(f.handle.db, f.config, key);
    assert.equal(signIn?.password, '(VOT_ADMIN_PASSWORD)');
    const row = await adminRow(f.handle);
    assert.equal(row.plain_password_enc, null);
    assert.equal(row.initial_password_expires_at, null);
    const admin = await f.signIn('admin@vot.local', 'the operator passphrase');
    assert.equal(admin.must_change_password, false);
    const listed = (await admin.client.get('users')).json().data;
    assert.equal(listed[0].plain_password, null);
  });

  it("shows the demo accounts' passwords to an Admin only", async () => {
    const f = await fresh();
    closing.push(f.close);
    await ensureAdministrator(f.handle.db, f.config, key);
    await seedDemo(f.handle.db, f.config, key, 'demo passphrase');
    const shown = async (email: string) => {
      const list = (await (await f.signIn(email, 'demo passphrase')).client.get('users?email=vot.local')).json();
      return list.data.filter((a: { plain_password: string | null }) => a.plain_password !== null).length;
    };
    // The generated first Admin is still on its initial password: the demo's own Admin signs in instead.
    await f.handle.db.update(users).set({ role: 'Admin' }).where(eq(users.email, 'meal.manager@vot.local'));
    assert.ok((await shown('meal.manager@vot.local')) > 10);
    for (const email of ['meal.officer@vot.local', 'meal.associate@vot.local'])
      assert.equal(await shown(email), 0, email);
  });
});
