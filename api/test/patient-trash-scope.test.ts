import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Patient, PatientListRow } from '@vot/shared/schemas';
import { backends, useApp, type Client } from './helpers';
import { assignTownships, createGeography, createTownships, createVolunteer } from './fixtures';

/**
 * A Field Officer may move a patient or a volunteer to the trash, so they may also undo it: they
 * read and recover the trash of their own townships (by the township the record returns to),
 * never another township's, and never delete for good (docs/decisions/0160-field-officer-trash.md).
 */
for (const backend of await backends()) {
  describe(`the Field Officer's trash on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;
    let fo: Client;
    const ids: Record<string, number> = {};
    const register = async (townshipId: number, name: string, sp: string) => {
      const res = await meal.post('patients', {
        year: 2026,
        township_id: townshipId,
        SP_code: sp,
        name,
        age: 40,
        sex: 'Female',
        treatment_regimen: '1. LTR',
        patient_address: 'Ward 3',
        patient_phone_no: '09421234567',
        contact_info: 'Son',
        contact_phone_no: '0942123',
        primary_language: 'Burmese',
        height: 160,
        weight: 50,
        BMI: 19.5,
      });
      assert.equal(res.statusCode, 201, res.body);
      return (res.json().data as Patient).id;
    };

    before(async () => {
      Object.assign(ids, await createTownships(t, { hty: 'Hlaingthaya', ins: 'Insein' }, await createGeography(t)));
      await assignTownships(t, 'Field Officer', [ids.hty!]);
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      fo = await t.signInAs('Field Officer');
      ids.own = await register(ids.hty!, 'Daw Own', 'SP-OWN');
      ids.other = await register(ids.ins!, 'Daw Other', 'SP-OTHER');
      assert.equal((await fo.get(`patients-delete/${ids.own}`)).statusCode, 200);
      assert.equal((await meal.get(`patients-delete/${ids.other}`)).statusCode, 200);
    });

    it('lists only the patients that return to their townships, and counts those', async () => {
      const res = await fo.get('patients?status=0&page=1');
      assert.equal(res.statusCode, 200, res.body);
      const { data, total } = res.json() as { data: PatientListRow[]; total: number };
      assert.deepEqual(
        data.map((p) => [p.name, p.recover_township?.name]),
        [['Daw Own', 'Hlaingthaya']],
      );
      assert.equal(total, 1);
      const counts = (await fo.get('dstb-patient-count')).json().data as Record<string, number>;
      assert.equal(counts.trash, 1);
      // Asking for the other township is asking for nothing.
      const other = await fo.get(`patients?status=0&page=1&township_id=${ids.ins}`);
      assert.deepEqual(other.json().data, []);
    });

    it("recovers their own township's patient; another township's is not found", async () => {
      assert.equal((await fo.get(`patients-recover/${ids.other}`)).statusCode, 404);
      const res = await fo.get(`patients-recover/${ids.own}`);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Patient has been recovered successfully!');
      assert.equal((res.json().data as Patient).township?.id, ids.hty);
      const audit = (await t.auditEntries()).filter((e) => e.entity === 'patients' && e.entity_id === ids.own);
      assert.deepEqual(
        audit.map((e) => e.action),
        ['create', 'delete', 'update'],
      );
    });

    it('never deletes for good nor exports the trash', async () => {
      assert.equal((await fo.get(`patients-delete/${ids.own}`)).statusCode, 200);
      assert.equal((await fo.del(`patients/${ids.own}`)).statusCode, 403);
      assert.equal((await fo.get('patients-export?status=0')).statusCode, 403);
      assert.equal((await meal.get(`patients-recover/${ids.own}`)).statusCode, 200);
    });

    it("reads and recovers the volunteers of their townships' trash only", async () => {
      const own = await createVolunteer(t, 'Ma Own Volunteer', ids.hty!, { trash: true });
      const other = await createVolunteer(t, 'Ma Other Volunteer', ids.ins!, { trash: true });
      const listed = (await fo.get('volunteers?status=0&page=1')).json().data as { name: string }[];
      assert.deepEqual(
        listed.map((v) => v.name),
        ['Ma Own Volunteer'],
      );
      assert.equal((await fo.get(`volunteers-recover/${other}`)).statusCode, 404);
      assert.equal((await fo.get(`volunteers-recover/${own}`)).statusCode, 200);
      assert.equal((await fo.del(`volunteers/${other}`)).statusCode, 403);
    });
  });
}
