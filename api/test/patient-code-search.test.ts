import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { Patient, PatientListRow } from '@vot/shared/schemas';
import { backends, useApp, type Client } from './helpers';
import { assignTownships, createGeography, createTownships } from './fixtures';

const P = 'patients';

/** Staff quote a code by its running number: a piece of three characters or more is found anywhere in the code. */
for (const backend of await backends()) {
  describe(`patient code searches on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;
    let fo: Client;
    const ids: { [key: string]: number } = {};

    const create = async (township: number, SP_code: string, DRTB_code: string | null = null) => {
      const res = await meal.post(P, {
        year: 2026,
        township_id: township,
        SP_code,
        DRTB_code,
        name: `Daw ${SP_code}`,
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
        BMI: 0,
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().data as Patient;
    };
    const found = async (query: string, client: Client = meal, field: 'SP_code' | 'unique_id' = 'SP_code') => {
      const res = await client.get(`${P}?page=1&${query}`);
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json() as { data: PatientListRow[]; total: number };
      assert.equal(body.total, body.data.length, query);
      return body.data.map((r) => r[field]).sort();
    };

    before(async () => {
      const geography = await createGeography(t, 'MDR-TB', { region: 'Yangon Region', district: 'Yangon North' });
      Object.assign(ids, await createTownships(t, { hty: 'Hlaingthaya', ins: 'Insein' }, geography));
      await assignTownships(t, 'Field Officer', [ids.hty!]);
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      fo = await t.signInAs('Field Officer');
      await create(ids.ins!, 'SP-INS-014', '25-014');
      await create(ids.ins!, 'SP-INS-140');
      await create(ids.hty!, 'SP-HTY-014', '26-104');
      await create(ids.hty!, 'SP-HTY-2014', '26-1045');
      await create(ids.hty!, 'SPX-HTY_01%');
      await create(ids.hty!, '14-HTY');
    });

    it('finds the running number anywhere in the SP Code, ignoring case', async () => {
      assert.deepEqual(await found('SP_code=014'), ['SP-HTY-014', 'SP-HTY-2014', 'SP-INS-014']);
      assert.deepEqual(await found('SP_code=ins-01'), ['SP-INS-014']);
      assert.deepEqual(await found('SP_code=Y-20'), ['SP-HTY-2014']);
      assert.deepEqual(await found('SP_code=140'), ['SP-INS-140']);
      // The whole code, as before.
      assert.deepEqual(await found('SP_code=sp-ins-014'), ['SP-INS-014']);
      assert.deepEqual(await found('SP_code=9999'), []);
    });

    it('finds the running number anywhere in the Township DRTB Code', async () => {
      assert.deepEqual(await found('unique_id=26-104', meal, 'unique_id'), ['HTY-26-104', 'HTY-26-1045']);
      assert.deepEqual(await found('unique_id=104', meal, 'unique_id'), ['HTY-26-104', 'HTY-26-1045']);
      assert.deepEqual(await found('unique_id=-014', meal, 'unique_id'), ['INS-25-014']);
      assert.deepEqual(await found('unique_id=hty-26', meal, 'unique_id'), ['HTY-26-104', 'HTY-26-1045']);
    });

    it('matches one or two characters from the beginning only (no trigram to look them up anywhere)', async () => {
      assert.deepEqual(await found('SP_code=14'), ['14-HTY']);
      assert.deepEqual(await found('SP_code=sp'), [
        'SP-HTY-014',
        'SP-HTY-2014',
        'SP-INS-014',
        'SP-INS-140',
        'SPX-HTY_01%',
      ]);
    });

    it('takes %, _ and \\ as themselves', async () => {
      assert.deepEqual(await found(`SP_code=${encodeURIComponent('y_0')}`), ['SPX-HTY_01%']);
      assert.deepEqual(await found(`SP_code=${encodeURIComponent('1%')}`), []);
      assert.deepEqual(await found(`SP_code=${encodeURIComponent('01%')}`), ['SPX-HTY_01%']);
      assert.deepEqual(await found(`SP_code=${encodeURIComponent('y-_1')}`), []);
    });

    it('searches within the list, the scope and the other filters, and exports the same patients', async () => {
      assert.deepEqual(await found(`SP_code=014&township_id=${ids.hty}`), ['SP-HTY-014', 'SP-HTY-2014']);
      assert.deepEqual(await found('SP_code=014', fo), ['SP-HTY-014', 'SP-HTY-2014']);
      assert.deepEqual(await found('SP_code=014&unique_id=26-10'), ['SP-HTY-014', 'SP-HTY-2014']);
      assert.deepEqual(await found('TB_patient=true&SP_code=ins-14'), ['SP-INS-140']);
      const exported = await meal.get('patients-export?SP_code=014');
      assert.equal(exported.statusCode, 200, exported.body);
      assert.deepEqual((exported.json().data as { SP_code: string }[]).map((r) => r.SP_code).sort(), [
        'SP-HTY-014',
        'SP-HTY-2014',
        'SP-INS-014',
      ]);
      // Pages of a code search: newest first, the total of all of them.
      const first = (await meal.get(`${P}?page=1&SP_code=hty`)).json() as { data: PatientListRow[]; total: number };
      assert.equal(first.total, 4);
      assert.deepEqual(
        first.data.map((r) => r.id),
        first.data.map((r) => r.id).sort((a, b) => b - a),
      );
    });
  });
}
