import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Role } from '@vot/shared/domain';
import { asUpdate, backends, useApp, type Client } from './helpers';

const idOf = async (client: Client) => (await client.get('user')).json().id as number;

for (const backend of await backends()) {
  describe(`account ranks on ${backend.name}`, () => {
    const t = useApp(backend);
    const ids = {} as Record<Role, number>;
    let admin: Client;
    let associate: Client;
    let manager: Client;

    before(async () => {
      admin = await t.signInAs('Admin');
      associate = await t.signInAs('MEAL Associate');
      manager = await t.signInAs('MEAL and Digital Tool Manager');
      for (const role of [
        'Admin',
        'MEAL and Digital Tool Manager',
        'MEAL and Digital Tool Officer',
        'Clinic MO',
      ] as const)
        ids[role] = await idOf(await t.signInAs(role));
    });

    const attempts = (id: number, role: Role) =>
      [
        ['POST', asUpdate(`users/${id}`), { name: 'Taken over', role }],
        ['POST', asUpdate(`email-users/${id}`), { email: 'mine@vot.test' }],
        ['POST', `users/${id}/reset-password`, undefined],
        ['POST', `users/${id}/end-sessions`, undefined],
        ['DELETE', `users/${id}`, undefined],
      ] as const;

    it('keeps a MEAL Associate to the accounts below its rank', async () => {
      for (const target of ['Admin', 'MEAL and Digital Tool Manager', 'MEAL and Digital Tool Officer'] as const) {
        for (const [method, url, payload] of attempts(ids[target], target)) {
          const res = await associate.inject({ method, url, payload });
          assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
          assert.match(res.json().message, target === 'Admin' ? /Only an Admin may act/ : /ranked below their own/);
        }
      }
      const admin = await t.handle.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, ids.Admin) });
      assert.equal(admin?.role, 'Admin');
      // Nor gives a rank at or above its own, to a new account or an old one.
      for (const role of ['Admin', 'MEAL Associate'] as const) {
        const created = await associate.post('io-register', {
          name: 'New',
          email: `new.${role.length}@vot.test`,
          role,
        });
        assert.equal(created.statusCode, 403, created.body);
        const promoted = await associate.update(`users/${ids['Clinic MO']}`, {
          name: 'Clinic',
          role,
        });
        assert.equal(promoted.statusCode, 403, promoted.body);
      }
      // Below it, everything as before.
      const reset = await associate.post(`users/${ids['Clinic MO']}/reset-password`);
      assert.equal(reset.statusCode, 200, reset.body);
      assert.match(reset.json().data.plain_password, /^\w{4}-\w{4}-\w{4}$/);
    });

    it('lets the MEAL Manager act on the MEAL Officer, never on an Admin or its own rank', async () => {
      const officer = ids['MEAL and Digital Tool Officer'];
      assert.equal((await manager.post(`users/${officer}/end-sessions`)).statusCode, 200);
      const other = await admin.post('io-register', {
        name: 'Other Manager',
        email: 'other.manager@vot.test',
        role: 'MEAL and Digital Tool Manager',
      });
      assert.equal(other.statusCode, 201, other.body);
      assert.equal((await manager.post(`users/${other.json().data.id}/reset-password`)).statusCode, 403);
      assert.equal((await manager.del(`users/${ids.Admin}`)).statusCode, 403);
      // A list shows an initial password only to whoever may act on the account.
      const shown = async (viewer: Client) =>
        (await viewer.get('users?email=other.manager')).json().data[0].plain_password;
      assert.match(await shown(admin), /^\w{4}-\w{4}-\w{4}$/);
      assert.equal(await shown(manager), null);
      assert.equal(await shown(associate), null);
    });

    it('never leaves the console without an Admin: 409 with a message', async () => {
      const second = await admin.post('io-register', {
        name: 'Second',
        email: 'second@vot.test',
        role: 'Admin',
      });
      assert.equal(second.statusCode, 201, second.body);
      assert.equal((await admin.del(`users/${second.json().data.id}`)).statusCode, 200);
      const demoted = await admin.update(`users/${ids.Admin}`, {
        name: 'Last',
        role: 'MEAL Associate',
      });
      assert.equal(demoted.statusCode, 409, demoted.body);
      assert.match(demoted.json().message, /last Admin account/);
      assert.equal((await admin.get('user')).json().role, 'Admin');
      // With another Admin, one Admin may remove the other.
      const third = await admin.post('io-register', { name: 'Third', email: 'third@vot.test', role: 'Admin' });
      const kept = await admin.update(`users/${third.json().data.id}`, {
        name: 'Third',
        role: 'Clinic MO',
      });
      assert.equal(kept.statusCode, 200, kept.body);
    });
  });
}
