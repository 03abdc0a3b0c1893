import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Volunteer } from '@vot/shared/schemas';
import { trainings } from '../src/db/schema';
import { assignTownships, createTownships } from './fixtures';
import { backends, useApp, type Client } from './helpers';

/** A volunteer as the API answers it, which always carries plain_password (null when not shown). */
type Answered = Volunteer & { plain_password: string | null };

const V = 'volunteers';

for (const backend of await backends()) {
  describe(`volunteers on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;
    let fo: Client;
    const ids: { [key: string]: number } = {};
    const body = (over: object = {}) => ({
      name: 'Ma Hla',
      gender: 'Female',
      age: 30,
      address: 'No. 5, Hlaingthaya',
      phone1: '09123456789',
      both_mdr_and_picts: 0,
      education_status: 'Secondary',
      occupation: 'CHW',
      township_id: ids.hty,
      ...over,
    });
    const create = async (client: Client, over: object = {}) => {
      const res = await client.post(V, body(over));
      assert.equal(res.statusCode, 201, res.body);
      return res.json().data as Answered;
    };

    // Three townships; the Field Officer works in Hlaingthaya only.
    before(async () => {
      Object.assign(ids, await createTownships(t, { hty: 'Hlaingthaya', ins: 'Insein', hmb: 'Hmawbi' }));
      await assignTownships(t, 'Field Officer', [ids.hty!]);
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      fo = await t.signInAs('Field Officer');
    });

    it("answers the volunteer schema's messages as 400 field errors", async () => {
      const empty = await meal.post(V, {});
      assert.equal(empty.statusCode, 400);
      assert.deepEqual(empty.json().errors, {
        name: ['Name is required!'],
        gender: ['Gender is required!'],
        age: ['Age is required!'],
        address: ['Address is required!'],
        phone1: ['Phone is required!'],
        both_mdr_and_picts: ['Both MDR and PICTS is required!'],
        education_status: ['Education status is required!'],
        occupation: ['Occupation is required!'],
        township_id: ['Township is required!'],
      });
      assert.equal(empty.json().message, 'Name is required!');
      const bad = await meal.post(V, body({ age: 121, phone1: 'call me', gender: 'Other', email: 'nope' }));
      assert.deepEqual(bad.json().errors, {
        age: ['Age must be between 0 and 120!'],
        phone1: ['Invalid Phone Number'],
        gender: ['Gender is required!'],
        email: ['Email must be a valid email!'],
      });
      const missing = await meal.post(V, body({ township_id: 999999 }));
      assert.deepEqual(missing.json(), {
        message: 'Township does not exist!',
        errors: { township_id: ['Township does not exist!'] },
      });
    });

    it('creates a volunteer with a township code and an initial app password, never audited', async () => {
      const res = await meal.post(
        V,
        body({
          phone2: '09987654321',
          remark: 'Reads Burmese and Karen',
          volunteer_id_gf: 17,
          code: 'MINE',
          status: 0,
        }),
      );
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().message, 'Volunteer has been created successfully!');
      const v = res.json().data;
      assert.equal(v.code, `HTY-V${String(v.id).padStart(4, '0')}`);
      assert.match(v.plain_password, /^\w{4}-\w{4}-\w{4}$/);
      assert.deepEqual(v.township, { id: ids.hty, name: 'Hlaingthaya', abbreviation: 'HTY' });
      assert.equal(v.recover_township, null);
      assert.equal(v.status, 1);
      assert.equal(v.volunteer_id_gf, 17);
      assert.equal(v.email, null);
      assert.equal('password_hash' in v || 'plain_password_enc' in v, false);
      ids.first = v.id;

      const shown = await meal.get(`${V}/${v.id}`);
      assert.deepEqual(shown.json(), { data: v, status: 'success' });
      const audit = (await t.auditEntries()).filter((e) => e.entity === 'volunteers' && e.entity_id === v.id);
      assert.equal(audit.length, 1);
      assert.equal((audit[0]!.after as { code: string }).code, v.code);
      assert.ok(!JSON.stringify(audit).includes(v.plain_password));
      assert.ok(!JSON.stringify(audit).includes('plain_password'));
    });

    it('lists newest first, 10 a page with the total, filtered by township_id or township_id[]', async () => {
      for (let i = 0; i < 8; i++) await create(meal, { name: `Hlaingthaya ${i}` });
      for (let i = 0; i < 3; i++) await create(meal, { name: `Insein ${i}`, township_id: ids.ins });
      const last = await create(meal, { name: 'Hmawbi 0', township_id: ids.hmb });
      assert.equal(last.code, `HMB-V${String(last.id).padStart(4, '0')}`);

      const page1 = (await meal.get(`${V}?page=1`)).json();
      assert.equal(page1.status, 'success');
      assert.equal(page1.total, 13);
      assert.equal(page1.data.length, 10);
      assert.equal(page1.data[0].name, 'Hmawbi 0');
      assert.equal((await meal.get(`${V}?page=2`)).json().data.length, 3);
      assert.equal((await meal.get(V)).json().data.length, 13);

      const insein = (await meal.get(`${V}?township_id=${ids.ins}`)).json();
      assert.equal(insein.total, 3);
      assert.ok(insein.data.every((v: Answered) => v.township!.id === ids.ins));
      assert.equal((await meal.get(`${V}?page=1&township_id[]=${ids.ins}&township_id[]=${ids.hmb}`)).json().total, 4);
      assert.equal((await meal.get(`${V}?township_id[]=${ids.hmb}`)).json().total, 1);
      assert.equal((await meal.get(`${V}?township_id=`)).json().total, 13);
      const bad = await meal.get(`${V}?township_id[]=${ids.ins}&township_id[]=abc`);
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.json().errors, { township_id: ['Township does not exist!'] });
      assert.equal((await meal.get(`${V}?status=2`)).statusCode, 400);
      assert.equal((await meal.get(`${V}?page=0`)).statusCode, 400);
    });

    it('keeps a Field Officer to their townships: lists, show, export, create and update', async () => {
      const list = (await fo.get(`${V}?page=1`)).json();
      assert.equal(list.total, 9);
      assert.ok(list.data.every((v: Answered) => v.township!.id === ids.hty));
      assert.equal((await fo.get(`${V}?township_id=${ids.ins}`)).json().total, 0);
      const insein = (await meal.get(`${V}?township_id=${ids.ins}`)).json().data[0] as Answered;
      assert.equal((await fo.get(`${V}/${insein.id}`)).statusCode, 404);
      assert.equal((await fo.get(`${V}/${ids.first}`)).statusCode, 200);
      const exported = (await fo.get('volunteers-export')).json().data;
      assert.equal(exported.length, 9);
      assert.ok(exported.every((r: { township: string }) => r.township === 'Hlaingthaya'));

      const elsewhere = await fo.post(V, body({ township_id: ids.ins }));
      assert.deepEqual(elsewhere.json(), {
        message: 'Township is required!',
        errors: { township_id: ['Township is required!'] },
      });
      const own = await create(fo, { name: 'Field Officer recruit' });
      assert.equal(own.township!.id, ids.hty);
      assert.equal((await fo.update(`${V}/${insein.id}`, body())).statusCode, 404);
      const move = await fo.update(`${V}/${own.id}`, body({ township_id: ids.ins }));
      assert.deepEqual(move.json().errors, { township_id: ['Township is required!'] });
      assert.equal((await fo.get(`volunteers-delete/${insein.id}`)).statusCode, 404);
    });

    it('updates with the same body; the code stays, cleared optional fields are cleared', async () => {
      const before = (await meal.get(`${V}/${ids.first}`)).json().data as Answered & { remark: string };
      assert.equal(before.remark, 'Reads Burmese and Karen');
      const res = await meal.update(
        `${V}/${ids.first}`,
        body({ name: 'Ma Hla Hla', township_id: ids.ins, remark: '' }),
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Volunteer has been updated successfully!');
      const after = res.json().data;
      assert.equal(after.name, 'Ma Hla Hla');
      assert.equal(after.code, before.code);
      assert.equal(after.plain_password, before.plain_password);
      assert.equal(after.township.id, ids.ins);
      assert.equal(after.remark, null);
      assert.equal(after.phone2, null);
      const audit = (await t.auditEntries())
        .filter((e) => e.entity === 'volunteers' && e.entity_id === ids.first)
        .at(-1)!;
      assert.equal(audit.action, 'update');
      assert.equal((audit.before as { name: string }).name, 'Ma Hla');
      assert.equal((audit.after as { name: string }).name, 'Ma Hla Hla');
      assert.ok(!JSON.stringify(audit).includes(before.plain_password!));
      assert.equal((await meal.post(`${V}/${ids.first}`, body())).statusCode, 405);
      assert.equal((await meal.update(`${V}/999999`, body())).statusCode, 404);
    });

    it('shows the initial app password only to those who hand it out, and only in the detail and the export', async () => {
      const listed = (await meal.get(`${V}?page=1`)).json().data as Answered[];
      assert.ok(listed.length > 0);
      assert.ok(
        listed.every((v) => v.plain_password === null),
        'lists never carry passwords',
      );
      assert.match((await meal.get(`${V}/${ids.first}`)).json().data.plain_password, /^\w{4}-\w{4}-\w{4}$/);
      const director = await t.signInAs('Programme Director');
      assert.equal((await director.get(`${V}/${ids.first}`)).json().data.plain_password, null);
      const exported = (await director.get(`volunteers-export?township_id=${ids.ins}`)).json().data as {
        plain_password: string | null;
      }[];
      assert.ok(exported.length > 0 && exported.every((r) => r.plain_password === null));
    });

    it('exports the rows of the contract: phones in one cell, the township by name', async () => {
      const res = await meal.get(`volunteers-export?township_id=${ids.ins}`);
      assert.equal(res.json().status, 'success');
      const rows = res.json().data;
      assert.equal(rows.length, 4);
      const first = rows.find((r: { name: string }) => r.name === 'Ma Hla Hla');
      const shown = (await meal.get(`${V}/${ids.first}`)).json().data;
      assert.deepEqual(first, {
        name: 'Ma Hla Hla',
        code: shown.code,
        plain_password: shown.plain_password,
        gender: 'Female',
        age: 30,
        address: 'No. 5, Hlaingthaya',
        phone: '09123456789',
        email: null,
        education_status: 'Secondary',
        township: 'Insein',
        past_history_of_TB: null,
        previous_volunteer_experience: null,
        remark: null,
      });
      await meal.update(
        `${V}/${ids.first}`,
        body({ name: 'Ma Hla Hla', township_id: ids.ins, phone2: '09987654321', past_history_of_TB: 'No' }),
      );
      const again = (await meal.get(`volunteers-export?township_id[]=${ids.ins}`))
        .json()
        .data.find((r: { name: string }) => r.name === 'Ma Hla Hla');
      assert.equal(again.phone, '09123456789, 09987654321');
      assert.equal(again.past_history_of_TB, 'No');
    });

    it('soft-deletes to the trash, lists it by recover township, and recovers it there', async () => {
      const res = await meal.get(`volunteers-delete/${ids.first}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Volunteer has been deleted successfully!');
      assert.equal(res.json().data.status, 0);
      assert.equal(res.json().data.township, null);
      assert.equal(res.json().data.recover_township.id, ids.ins);

      assert.equal((await meal.get(`${V}/${ids.first}`)).statusCode, 404);
      assert.equal((await meal.get(`${V}?township_id=${ids.ins}`)).json().total, 3);
      assert.equal((await meal.get(`volunteers-export?township_id=${ids.ins}`)).json().data.length, 3);
      assert.equal((await meal.get(`volunteers-delete/${ids.first}`)).statusCode, 404);
      assert.equal((await meal.update(`${V}/${ids.first}`, body())).statusCode, 404);

      const trash = (await meal.get(`${V}?status=0&page=1`)).json();
      assert.equal(trash.total, 1);
      assert.equal(trash.data[0].id, ids.first);
      assert.deepEqual(trash.data[0].recover_township, { id: ids.ins, name: 'Insein', abbreviation: 'INS' });
      assert.equal((await meal.get(`${V}?status=0&township_id[]=${ids.ins}`)).json().total, 1);
      assert.equal((await meal.get(`${V}?status=0&township_id=${ids.hty}`)).json().total, 0);

      const recovered = await meal.get(`volunteers-recover/${ids.first}`);
      assert.equal(recovered.statusCode, 200, recovered.body);
      assert.equal(recovered.json().message, 'Volunteer has been recovered successfully!');
      assert.equal(recovered.json().data.status, 1);
      assert.equal(recovered.json().data.township.id, ids.ins);
      assert.equal(recovered.json().data.recover_township, null);
      assert.equal((await meal.get(`${V}?status=0`)).json().total, 0);
      assert.equal((await meal.get(`${V}?township_id=${ids.ins}`)).json().total, 4);
      const twice = await meal.get(`volunteers-recover/${ids.first}`);
      assert.equal(twice.statusCode, 409);
      assert.equal((await meal.get('volunteers-recover/999999')).statusCode, 404);

      const actions = (await t.auditEntries())
        .filter((e) => e.entity === 'volunteers' && e.entity_id === ids.first)
        .map((e) => e.action);
      assert.deepEqual(actions.slice(-2), ['delete', 'update']);
    });

    it('deletes permanently only from the trash and only a volunteer without history', async () => {
      const active = await meal.del(`${V}/${ids.first}`);
      assert.equal(active.statusCode, 409);
      assert.equal(active.json().message, 'Only a volunteer in the trash can be deleted permanently.');

      await t.handle.db.insert(trainings).values({ volunteer_id: ids.first!, date: '2025-03-01', type: 'New' });
      await meal.get(`volunteers-delete/${ids.first}`);
      const kept = await meal.del(`${V}/${ids.first}`);
      assert.equal(kept.statusCode, 409);
      assert.deepEqual(kept.json(), {
        message: 'This volunteer has trainings or community activities and cannot be deleted permanently.',
      });
      assert.equal((await meal.get(`${V}?status=0`)).json().total, 1);

      const fresh = await create(meal, { name: 'Short-lived' });
      await meal.get(`volunteers-delete/${fresh.id}`);
      const gone = await meal.del(`${V}/${fresh.id}`);
      assert.equal(gone.statusCode, 200, gone.body);
      assert.equal(gone.json().message, 'Volunteer has been deleted successfully!');
      assert.equal((await meal.get(`${V}?status=0`)).json().total, 1);
      assert.equal((await meal.del(`${V}/${fresh.id}`)).statusCode, 404);
      const audit = (await t.auditEntries())
        .filter((e) => e.entity === 'volunteers' && e.entity_id === fresh.id)
        .at(-1)!;
      assert.equal(audit.action, 'delete');
      assert.equal((audit.before as { name: string }).name, 'Short-lived');
      assert.equal(audit.after, null);
    });

    it('never writes an initial password into the audit log', async () => {
      const { data } = (await meal.get('volunteers-export')).json();
      const passwords = (data as Answered[]).map((v) => v.plain_password).filter((p): p is string => !!p);
      assert.ok(passwords.length > 10);
      const log = JSON.stringify(await t.auditEntries());
      for (const p of passwords) assert.ok(!log.includes(p));
      assert.ok(!log.includes('password_hash') && !log.includes('plain_password'));
    });
  });
}
