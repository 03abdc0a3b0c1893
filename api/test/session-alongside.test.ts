import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { patients, sessions, userTownships, users } from '../src/db/schema';
import { hashToken } from '../src/lib/secrets';
import { PASSWORD, backends, emailOf, useApp, type Client } from './helpers';
import { assignTownships, createTownships } from './fixtures';
import { patientRow } from './vot-fixtures';

/**
 * The patient lists, their export and their counts start reading alongside the session check once
 * a token has been checked (http/auth.ts checkedAlongside). Every test first reads with the
 * token, so the next read is the one started with the user the token belonged to: whatever ended
 * or changed the session in between must show in that very next answer, never a request later.
 */
const READS = ['patients?page=1&TB_patient=true', 'patients-export?TB_patient=true', 'dstb-patient-count'];

async function readsAll(client: Client) {
  for (const url of READS) assert.equal((await client.get(url)).statusCode, 200, url);
}

async function refusedAll(client: Client, message = 'Unauthenticated.') {
  for (const url of READS) {
    const res = await client.get(url);
    assert.equal(res.statusCode, 401, url);
    assert.deepEqual(res.json(), { message }, url);
  }
}

const idOf = async (t: ReturnType<typeof useApp>, role: Parameters<typeof emailOf>[0]) =>
  (
    await t.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, emailOf(role)))
  )[0]!.id;

for (const backend of await backends()) {
  describe(`reads alongside the session check on ${backend.name}`, () => {
    const t = useApp(backend);
    let places: { aaa: number; bbb: number };

    before(async () => {
      places = await createTownships(t, { aaa: 'Aunglan', bbb: 'Bogale' });
      await t.handle.db
        .insert(patients)
        .values([
          patientRow('A-1', { township_id: places.aaa, SP_code: 'SP-A1' }),
          patientRow('B-1', { township_id: places.bbb, SP_code: 'SP-B1' }),
        ]);
      await assignTownships(t, 'Field Officer', [places.aaa]);
    });

    it('signing out refuses the very next read', async () => {
      const client = await t.signInAs('MEAL Associate');
      await readsAll(client);
      assert.equal((await client.get('logout')).statusCode, 200);
      await refusedAll(client);
    });

    it("a password change refuses the account's other sessions at once, not the one that changed it", async () => {
      const role = 'MEAL and Digital Tool Officer';
      const other = await t.signInAs(role);
      const me = await t.signInAs(role);
      await readsAll(other);
      await readsAll(me);
      const changed = await me.post('io-change-password', {
        current_password: PASSWORD,
        new_password: 'a new passphrase',
        new_password_confirmation: 'a new passphrase',
      });
      assert.equal(changed.statusCode, 200);
      await refusedAll(other);
      await readsAll(me);
    });

    it('an administrator ending the sessions, resetting the password or deleting the account refuses the next read', async () => {
      const admin = await t.signInAs('Admin');
      const cases: [Parameters<typeof emailOf>[0], (id: number) => Promise<number>][] = [
        ['Project Officer', async (id) => (await admin.post(`users/${id}/end-sessions`)).statusCode],
        ['Senior Project Officer', async (id) => (await admin.post(`users/${id}/reset-password`)).statusCode],
        ['MIS Officer', async (id) => (await admin.del(`users/${id}`)).statusCode],
      ];
      for (const [role, end] of cases) {
        const client = await t.signInAs(role);
        // The Senior Project Officer and MIS Officer read the count at least; the lists as their role allows.
        const before = await Promise.all(READS.map((url) => client.get(url)));
        assert.ok(
          before.every((r) => r.statusCode === 200 || r.statusCode === 403),
          role,
        );
        assert.equal(await end(await idOf(t, role)), 200, role);
        await refusedAll(client);
      }
    });

    it('a session revoked in the database (by another API process) is refused at once', async () => {
      const client = await t.signInAs('MEAL Associate');
      await readsAll(client);
      await t.handle.db
        .update(sessions)
        .set({ revoked_at: new Date() })
        .where(eq(sessions.token_hash, hashToken(client.token)));
      await refusedAll(client);
    });

    it('an idle session expires on the next read, with the expiry message', async () => {
      const client = await t.signInAs('MEAL Associate');
      await readsAll(client);
      await t.handle.db
        .update(sessions)
        .set({ last_seen_at: new Date(Date.now() - 3 * 3_600_000) })
        .where(eq(sessions.token_hash, hashToken(client.token)));
      const res = await client.get(READS[0]!);
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().message, 'Your session has expired. Please sign in again.');
      await refusedAll(client);
    });

    it("a Field Officer's changed townships apply to the very next read: list, export and count", async () => {
      const client = await t.signInAs('Field Officer');
      const codes = async () => {
        const list = (await client.get(READS[0]!)).json();
        const exported = (await client.get(READS[1]!)).json();
        const counted = (await client.get(READS[2]!)).json();
        return {
          list: list.data.map((p: { SP_code: string }) => p.SP_code),
          total: list.total,
          exported: exported.data.map((p: { SP_code: string }) => p.SP_code),
          counted: counted.data.tb,
        };
      };
      assert.deepEqual(await codes(), { list: ['SP-A1'], total: 1, exported: ['SP-A1'], counted: 1 });
      const id = await idOf(t, 'Field Officer');
      await t.handle.db.update(userTownships).set({ township_id: places.bbb }).where(eq(userTownships.user_id, id));
      assert.deepEqual(await codes(), { list: ['SP-B1'], total: 1, exported: ['SP-B1'], counted: 1 });
      await t.handle.db.delete(userTownships).where(eq(userTownships.user_id, id));
      assert.deepEqual(await codes(), { list: [], total: 0, exported: [], counted: 0 });
      await t.handle.db.insert(userTownships).values({ user_id: id, township_id: places.aaa });
      assert.deepEqual(await codes(), { list: ['SP-A1'], total: 1, exported: ['SP-A1'], counted: 1 });
    });

    it('a changed role applies to the very next read: a role without the list is refused (403), then allowed again', async () => {
      const role = 'Data Assistant';
      const client = await t.signInAs(role);
      await readsAll(client);
      await t.handle.db
        .update(users)
        .set({ role: 'Clinic MO' })
        .where(eq(users.email, emailOf(role)));
      for (const url of READS.slice(0, 2)) assert.equal((await client.get(url)).statusCode, 403, url);
      const counted = (await client.get(READS[2]!)).json().data;
      assert.equal(counted.tb, undefined);
      await t.handle.db
        .update(users)
        .set({ role })
        .where(eq(users.email, emailOf(role)));
      await readsAll(client);
      assert.equal((await client.get(READS[2]!)).json().data.tb, 2);
    });

    it('lists of one shape built once answer each request with its own values: searches, pages, scopes', async () => {
      const meal = await t.signInAs('MEAL Associate');
      const codes = async (url: string) =>
        ((await meal.get(url)).json().data as { SP_code: string }[]).map((p) => p.SP_code);
      for (const [search, expected] of [
        ['SP_code=sp-a', ['SP-A1']],
        ['SP_code=sp-b', ['SP-B1']],
        ['SP_code=sp-', ['SP-B1', 'SP-A1']],
        ['name=patient%20a-1', ['SP-A1']],
        ['name=patient%20b-1', ['SP-B1']],
        ['name=b-1%20patient', ['SP-B1']],
        ['name=patient', ['SP-B1', 'SP-A1']],
      ] as const) {
        assert.deepEqual(await codes(`patients?page=1&TB_patient=true&${search}`), expected, search);
        assert.deepEqual(await codes(`patients-export?TB_patient=true&${search}`), expected, `export ${search}`);
      }
      assert.deepEqual(await codes('patients?page=2&TB_patient=true'), []);
      assert.deepEqual(await codes(`patients?page=1&TB_patient=true&township_id=${places.bbb}`), ['SP-B1']);
      assert.deepEqual(await codes(`patients?page=1&TB_patient=true&township_id=${places.aaa}`), ['SP-A1']);
    });

    it('an initial password handed out again is refused at once (403 until it is changed)', async () => {
      const role = 'MEAL and Digital Tool Manager';
      const client = await t.signInAs(role);
      await readsAll(client);
      await t.handle.db
        .update(users)
        .set({ initial_password_expires_at: new Date(Date.now() + 3_600_000) })
        .where(eq(users.email, emailOf(role)));
      for (const url of READS) assert.equal((await client.get(url)).statusCode, 403, url);
    });
  });
}
