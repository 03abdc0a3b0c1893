import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema';
import { createGeography, createTownships } from './fixtures';
import { asUpdate, backends, clientFor, emailOf, useApp, type Client } from './helpers';

for (const backend of await backends()) {
  describe(`accounts on ${backend.name}`, () => {
    const t = useApp(backend);
    let admin: Client;
    const ids: Record<string, number> = {};

    // A project with two townships, and another project with one.
    before(async () => {
      admin = await t.signInAs('MEAL and Digital Tool Officer');
      const mdr = await createGeography(t, 'MDR-TB');
      const picts = await createGeography(t, 'PICTS');
      Object.assign(ids, { mdr: mdr.project_id, picts: picts.project_id });
      Object.assign(
        ids,
        await createTownships(t, { hty: 'Hlaingthaya', ins: 'Insein' }, mdr),
        await createTownships(t, { hmb: 'Hmawbi' }, picts),
      );
    });

    it("validates io-register with the spec's messages and the role rules", async () => {
      const empty = await admin.post('io-register', {});
      assert.equal(empty.statusCode, 400);
      assert.deepEqual(empty.json().errors, {
        name: ['Name is required!'],
        email: ['Email is required!'],
        role: ['Role is required!'],
      });
      const fo = await admin.post('io-register', {
        name: 'Ko Aung',
        email: 'aung@vot.test',
        role: 'Field Officer',
      });
      assert.deepEqual(fo.json().errors, {
        project_id: ['Project is required!'],
        township_id: ['Township is required!'],
      });
      const pm = await admin.post('io-register', {
        name: 'Daw Hla',
        email: 'hla@vot.test',
        role: 'Programme Manager_MDR',
      });
      assert.deepEqual(pm.json().errors, { project_id: ['Project is required!'] });
      const elsewhere = await admin.post('io-register', {
        name: 'Ko Aung',
        email: 'aung@vot.test',
        role: 'Field Officer',
        project_id: ids.mdr,
        township_id: ids.hmb,
      });
      assert.deepEqual(elsewhere.json().errors, { township_id: ['Township is not in the chosen project!'] });
    });

    it('registers a Field Officer with a generated password, shown until changed and never audited', async () => {
      const res = await admin.post('io-register', {
        name: 'Ko Aung',
        email: ' Aung@VOT.test ',
        role: 'Field Officer',
        project_id: String(ids.mdr),
        township_id: ids.hty,
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().message, 'Account has been created successfully!');
      const account = res.json().data;
      assert.equal(account.email, 'aung@vot.test');
      assert.match(account.plain_password, /^\w{4}-\w{4}-\w{4}$/);
      assert.deepEqual(account.townships, [{ id: ids.hty, name: 'Hlaingthaya' }]);
      assert.deepEqual(account.project, { id: ids.mdr, name: 'MDR-TB' });
      ids.fo = account.id;
      const audit = await t.handle.db.select().from(auditLog).where(eq(auditLog.entity_id, account.id));
      assert.ok(audit.length > 0);
      assert.ok(!JSON.stringify(audit).includes(account.plain_password));

      const dup = await admin.post('io-register', {
        name: 'Other',
        email: 'AUNG@vot.test',
        role: 'Data Assistant',
      });
      assert.deepEqual(dup.json(), {
        message: 'Email has already been taken!',
        errors: { email: ['Email has already been taken!'] },
      });

      // The Field Officer signs in with it, changes it: the plain password is gone for good.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/io-login',
        payload: { email: 'aung@vot.test', password: account.plain_password },
      });
      assert.equal(login.statusCode, 200);
      const fo = clientFor(t.app, login.json().access_token);
      assert.deepEqual((await fo.get('user')).json().townships, [{ id: ids.hty, name: 'Hlaingthaya' }]);
      await fo.post('io-change-password', {
        current_password: account.plain_password,
        new_password: 'my own passphrase',
        new_password_confirmation: 'my own passphrase',
      });
      assert.equal((await admin.get(`users/${ids.fo}`)).json().data.plain_password, null);
      assert.equal((await fo.get('users')).statusCode, 403);
    });

    it('lists with the email and role filters, paged', async () => {
      const all = await admin.get('users?page=1');
      assert.equal(all.json().total, 22);
      assert.equal(all.json().data.length, 10);
      const byRole = await admin.get(`users?role=${encodeURIComponent('Field Officer')}`);
      assert.deepEqual(
        byRole
          .json()
          .data.map((u: { email: string }) => u.email)
          .sort(),
        ['aung@vot.test', emailOf('Field Officer')],
      );
      const byEmail = await admin.get('users?email=AUNG');
      assert.equal(byEmail.json().total, 1);
      assert.equal((await admin.get('users?email=%25')).json().total, 0);
      assert.equal((await admin.get('users?role=Boss')).statusCode, 400);
    });

    it('updates an account with several townships of its project, and its email apart', async () => {
      const res = await admin.update(`users/${ids.fo}`, {
        name: 'Ko Aung Aung',
        role: 'Field Officer',
        project_id: ids.mdr,
        township_ids: [ids.hty, ids.ins],
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Account has been updated successfully!');
      assert.deepEqual(
        res.json().data.townships.map((x: { name: string }) => x.name),
        ['Hlaingthaya', 'Insein'],
      );
      const none = await admin.update(`users/${ids.fo}`, {
        name: 'Ko Aung Aung',
        role: 'Field Officer',
        project_id: ids.mdr,
        township_ids: [],
      });
      assert.deepEqual(none.json().errors, { township_ids: ['Township is required!'] });

      const email = await admin.update(`email-users/${ids.fo}`, { email: 'aung.aung@vot.test' });
      assert.equal(email.json().message, 'Email has been updated successfully!');
      assert.equal(email.json().data.email, 'aung.aung@vot.test');
      const taken = await admin.update(`email-users/${ids.fo}`, { email: emailOf('Admin') });
      assert.deepEqual(taken.json().errors, { email: ['Email has already been taken!'] });
      assert.equal(
        (await admin.update(`email-users/${ids.fo}`, { email: 'not an email' })).json().message,
        'Email must be a valid email!',
      );
    });

    it('deletes an account, which ends its sessions at once; nobody deletes themselves', async () => {
      const victim = await t.signInAs('Clinic MO');
      const id = (await victim.get('user')).json().id;
      const res = await admin.del(`users/${id}`);
      assert.deepEqual(res.json(), { message: 'Account has been deleted successfully!' });
      assert.equal((await victim.get('user')).statusCode, 401);
      assert.equal((await admin.get(`users/${id}`)).json().message, 'Account not found.');
      const me = (await admin.get('user')).json().id;
      const self = await admin.del(`users/${me}`);
      assert.equal(self.statusCode, 400);
      assert.equal(self.json().message, 'You cannot delete your own account.');
    });

    it('keeps accounts to Admin and the MEAL roles', async () => {
      for (const role of ['Data Assistant', 'Project Officer', 'Programme Director'] as const) {
        const client = await t.signInAs(role);
        for (const [method, url] of [
          ['GET', 'users'],
          ['GET', `users/${ids.fo}`],
          ['POST', 'io-register'],
          ['POST', asUpdate(`users/${ids.fo}`)],
          ['POST', asUpdate(`email-users/${ids.fo}`)],
          ['DELETE', `users/${ids.fo}`],
        ] as const) {
          assert.equal(
            (await client.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode,
            403,
            `${role} ${method} ${url}`,
          );
        }
      }
      assert.equal((await (await t.signInAs('Admin')).get('users')).statusCode, 200);
    });
  });
}
