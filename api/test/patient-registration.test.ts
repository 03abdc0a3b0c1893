import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Patient, PatientListRow, PossibleDuplicate } from '@vot/shared/schemas';
import { backends, useApp, type Client } from './helpers';
import { assignTownships, createGeography, createTownships } from './fixtures';

// ဒေါ်ခင်မြင့် Daw Khin Myint, typed in Zawgyi and in Unicode.
const KHIN_MYINT_ZAWGYI = '\u1031\u1012\u105a\u1001\u1004\u1039\u103b\u1019\u1004\u1039\u1037';
const KHIN_MYINT_UNICODE = '\u1012\u1031\u102b\u103a\u1001\u1004\u103a\u1019\u103c\u1004\u1037\u103a';
// အောင်မြင့် Aung Myint, typed in Zawgyi and in Unicode.
const AUNG_MYINT_ZAWGYI = '\u1031\u1021\u102c\u1004\u1039\u103b\u1019\u1004\u1039\u1037';
const AUNG_MYINT_UNICODE = '\u1021\u1031\u102c\u1004\u103a\u1019\u103c\u1004\u1037\u103a';
// စုစုလှိုင် Su Su Hlaing, typed in Zawgyi and in Unicode.
const SU_SU_HLAING_ZAWGYI = '\u1005\u102f\u1005\u102f\u101c\u102d\u1088\u1004\u1039';
const SU_SU_HLAING_UNICODE = '\u1005\u102f\u1005\u102f\u101c\u103e\u102d\u102f\u1004\u103a';

/**
 * What registration makes of what is typed: a Myanmar phone number in any of its usual forms,
 * stored normalised and kept as typed; Burmese in Zawgyi stored (and searched) in Unicode; and the
 * possible duplicates the form asks about before it saves.
 */
for (const backend of await backends()) {
  describe(`registration checks on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;
    let fo: Client;
    const ids: Record<string, number> = {};
    let sp = 0;
    const body = (over: object = {}) => ({
      year: 2026,
      township_id: ids.hty,
      SP_code: `SP-R${++sp}`,
      name: 'Daw Hla Hla',
      age: 40,
      sex: 'Female',
      treatment_regimen: '1. LTR',
      patient_address: 'Ward 3',
      patient_phone_no: `0942000${String(sp).padStart(4, '0')}`,
      contact_info: 'Son',
      contact_phone_no: '0942123',
      primary_language: 'Burmese',
      height: 160,
      weight: 50,
      BMI: 19.5,
      ...over,
    });
    const register = async (over: object = {}, client = meal) => {
      const res = await client.post('patients', body(over));
      assert.equal(res.statusCode, 201, res.body);
      return res.json().data as Patient;
    };
    const duplicates = async (query: Record<string, string | number>, client = meal) => {
      const res = await client.get(
        `patients-possible-duplicates?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      );
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as PossibleDuplicate[];
    };

    before(async () => {
      Object.assign(ids, await createTownships(t, { hty: 'Hlaingthaya', ins: 'Insein' }, await createGeography(t)));
      await assignTownships(t, 'Field Officer', [ids.hty!]);
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      fo = await t.signInAs('Field Officer');
    });

    it("stores the patient's phone normalised and as typed; refuses what is not a Myanmar number", async () => {
      const p = await register({ patient_phone_no: '+95 9 420 000 101' });
      assert.equal(p.patient_phone_no, '09420000101');
      assert.equal(p.patient_phone_no_typed, '+95 9 420 000 101');
      const updated = await meal.update(`patients/${p.id}`, {
        ...body({ SP_code: p.SP_code }),
        patient_phone_no: '09-420-000-102',
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal(updated.json().data.patient_phone_no, '09420000102');
      assert.equal(updated.json().data.patient_phone_no_typed, '09-420-000-102');
      const bad = await meal.post('patients', body({ patient_phone_no: '12345' }));
      assert.equal(bad.statusCode, 400);
      assert.deepEqual(bad.json().errors, { patient_phone_no: ['Invalid Phone Number'] });
    });

    it('stores Burmese typed in Zawgyi as Unicode, and finds a name searched either way', async () => {
      const typedInZawgyi = await register({
        name: KHIN_MYINT_ZAWGYI,
        patient_address: SU_SU_HLAING_ZAWGYI,
        household_contacts: [{ name: AUNG_MYINT_ZAWGYI, age: 12 }],
      });
      assert.equal(typedInZawgyi.name, KHIN_MYINT_UNICODE);
      assert.equal(typedInZawgyi.patient_address, SU_SU_HLAING_UNICODE);
      assert.deepEqual(typedInZawgyi.household_contacts, [{ name: AUNG_MYINT_UNICODE, age: 12 }]);
      const typedInUnicode = await register({ name: AUNG_MYINT_UNICODE });
      for (const [term, id] of [
        [KHIN_MYINT_UNICODE, typedInZawgyi.id],
        [KHIN_MYINT_ZAWGYI, typedInZawgyi.id],
        [AUNG_MYINT_ZAWGYI, typedInUnicode.id],
        [AUNG_MYINT_UNICODE, typedInUnicode.id],
      ] as const) {
        for (const client of [meal, fo]) {
          const res = await client.get(`patients?page=1&name=${encodeURIComponent(term)}`);
          assert.deepEqual(
            (res.json().data as PatientListRow[]).map((p) => p.id),
            [id],
            term,
          );
        }
      }
    });

    it('answers the possible duplicates: the same name without honorific and an age within 2 in the township, or the same phone', async () => {
      const ayeAye = await register({ name: 'Daw Aye Aye Myint', age: 52, patient_phone_no: '09 777 000 111' });
      const elsewhere = await register({ name: 'Aye Aye Myint', age: 52, township_id: ids.ins });
      const same = await duplicates({ township_id: ids.hty!, name: 'Ma AyeAye  Myint', age: 54 });
      assert.deepEqual(
        same.map((p) => [p.id, p.same_name, p.same_phone, p.status]),
        [[ayeAye.id, true, false, 1]],
      );
      assert.equal(same[0]!.township?.name, 'Hlaingthaya');
      assert.deepEqual(await duplicates({ township_id: ids.hty!, name: 'Aye Aye Myint', age: 49 }), []);
      const byPhone = await duplicates({
        township_id: ids.ins!,
        name: 'U Ba',
        age: 30,
        patient_phone_no: '+95 9 777 000 111',
      });
      assert.deepEqual(
        byPhone.map((p) => [p.id, p.same_name, p.same_phone]),
        [[ayeAye.id, false, true]],
      );
      // The Field Officer of Hlaingthaya sees their township's candidates only.
      const insein = { township_id: ids.ins!, name: 'Aye Aye Myint', age: 52 };
      assert.deepEqual(
        (await duplicates(insein)).map((p) => p.id),
        [elsewhere.id],
      );
      assert.deepEqual(await duplicates(insein, fo), []);
      // In the trash, still a candidate (to recover rather than register again).
      assert.equal((await meal.get(`patients-delete/${ayeAye.id}`)).statusCode, 200);
      const trashed = await duplicates({ township_id: ids.hty!, name: 'aye aye myint', age: 52 }, fo);
      assert.deepEqual(
        trashed.map((p) => [p.id, p.status, p.township?.name]),
        [[ayeAye.id, 0, 'Hlaingthaya']],
      );
    });

    it('asks the form fields, and only of those who register patients', async () => {
      const res = await meal.get('patients-possible-duplicates?name=x');
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().errors.township_id[0], 'Township is required!');
      const reader = await t.signInAs('Project Officer');
      const refused = await reader.get(`patients-possible-duplicates?township_id=${ids.hty}&name=x&age=3`);
      assert.equal(refused.statusCode, 403);
    });
  });
}
