import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { and, count, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Patient, PatientListRow } from '@vot/shared/schemas';
import { patients } from '../src/db/schema';
import { backends, useApp, type Client } from './helpers';
import { assignTownships, createGeography, createTownships } from './fixtures';

const P = 'patients';

for (const backend of await backends()) {
  describe(`patients on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;
    let fo: Client;
    let da: Client;
    const ids: { [key: string]: number } = {};
    const body = (over: object = {}) => ({
      year: 2026,
      township_id: ids.hty,
      SP_code: 'SP-001',
      name: 'Daw Hla Hla',
      age: 40,
      sex: 'Female',
      treatment_regimen: '1. LTR',
      patient_address: 'Ward 3, Hlaingthaya',
      patient_phone_no: '09421234567',
      contact_info: 'Son, U Mya',
      contact_phone_no: '0942123',
      primary_language: 'Burmese',
      height: 160,
      weight: 50,
      BMI: 99,
      ...over,
    });
    const create = async (over: object = {}, client: Client = meal, query = '') => {
      const res = await client.post(`${P}${query}`, body(over));
      assert.equal(res.statusCode, 201, res.body);
      return res.json().data as Patient;
    };
    const list = async (query: string, client: Client = meal) => {
      const res = await client.get(`${P}?page=1&${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { data: PatientListRow[]; total: number; status: string };
    };

    // Sets up three townships; the Field Officer works in Hlaingthaya only
    before(async () => {
      const geography = await createGeography(t, 'MDR-TB', { region: 'Yangon Region', district: 'Yangon North' });
      Object.assign(ids, await createTownships(t, { hty: 'Hlaingthaya', ins: 'Insein', hmb: 'Hmawbi' }, geography));
      await assignTownships(t, 'Field Officer', [ids.hty!]);
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      fo = await t.signInAs('Field Officer');
      da = await t.signInAs('Data Assistant');
    });

    it('registers a patient with an SP code: BMI computed by the server, a code and an initial password, never audited', async () => {
      const p = await create({ DRTB_code: '0123', household_contacts: [{ name: 'Ko Ko', age: 12 }] });
      assert.equal(p.BMI, 19.5);
      assert.match(p.code, /^HTY-P\d{4}$/);
      assert.equal(p.code, `HTY-P${String(p.id).padStart(4, '0')}`);
      assert.match(p.plain_password!, /^\S{8,}$/);
      assert.equal(p.unique_id, 'HTY-0123');
      assert.deepEqual(p.household_contacts, [{ name: 'Ko Ko', age: 12 }]);
      assert.equal(p.presumptive_TB_number, null);
      assert.deepEqual(p.township, { id: ids.hty, name: 'Hlaingthaya', abbreviation: 'HTY' });
      assert.equal(p.investigations.sputum_done_or_not_done, null);
      assert.equal(p.status, 1);
      const res = await meal.post(P, body({ SP_code: 'SP-x' }));
      assert.equal(res.json().message, 'Patient has been created successfully!');
      const stored = await t.handle.db.select().from(patients).where(eq(patients.id, p.id));
      assert.notEqual(stored[0]!.plain_password_enc, p.plain_password);
      const audit = (await t.auditEntries()).filter((e) => e.entity === 'patients');
      assert.ok(audit.length >= 2);
      assert.ok(!JSON.stringify(audit).includes(p.plain_password!));
      ids.first = p.id;
    });

    it("answers the registration schema's messages, and refuses a Lab Code with a DRTB Code", async () => {
      const empty = await meal.post(P, {});
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().errors.SP_code[0], 'SP Code is required!');
      const both = await meal.post(P, body({ SP_code: 'SP-b', RR_code: 'L1', DRTB_code: 'D1' }));
      assert.equal(both.statusCode, 400);
      assert.deepEqual(both.json().errors, { DRTB_code: ['Enter either a Lab Code or a DRTB Code, not both!'] });
    });

    it('refuses codes taken in the township (ignoring case, trash included) and a national GF id, as 400 on the field', async () => {
      const cases: [object, string, string][] = [
        [{ SP_code: 'sp-001' }, 'SP_code', 'SP Code has already been taken in this township!'],
        [{ SP_code: 'SP-d', DRTB_code: '0123' }, 'DRTB_code', 'DRTB Code has already been taken in this township!'],
      ];
      await create({ SP_code: 'SP-lab', RR_code: 'LAB-7', dot_patient_id_gf: 7001 });
      cases.push([
        { SP_code: 'SP-l2', RR_code: 'lab-7' },
        'RR_code',
        'Lab Code has already been taken in this township!',
      ]);
      cases.push([
        { SP_code: 'SP-g', township_id: ids.ins, dot_patient_id_gf: 7001 },
        'dot_patient_id_gf',
        'DOT Patient Id (GF) has already been taken!',
      ]);
      for (const [over, field, message] of cases) {
        const res = await meal.post(P, body(over));
        assert.equal(res.statusCode, 400, JSON.stringify(over));
        assert.deepEqual(res.json().errors, { [field]: [message] });
      }
      // Another township may use the same codes.
      await create({ township_id: ids.ins, SP_code: 'SP-001', DRTB_code: '0123' });
      // A code in the trash stays taken.
      const trashed = await create({ SP_code: 'SP-TRASH' });
      assert.equal((await meal.get(`patients-delete/${trashed.id}`)).statusCode, 200);
      assert.equal((await meal.post(P, body({ SP_code: 'sp-trash' }))).statusCode, 400);
      ids.trashed = trashed.id;
    });

    it('registers a no-SPS patient with the presumptive TB number of its township, refusing a taken one', async () => {
      const latest = await meal.get(`latest-presumptive-TB-Number/${ids.hmb}`);
      assert.deepEqual(latest.json().data, { latest: null, next: 1 });
      const p = await create({ township_id: ids.hmb, SP_code: '', presumptive_TB_number: 1 }, da, '?NO_SP_CODE=true');
      assert.equal(p.SP_code, null);
      assert.equal(p.presumptive_TB_number, 1);
      assert.match(p.code, /^HMB-P\d{4}$/);
      assert.deepEqual((await meal.get(`latest-presumptive-TB-Number/${ids.hmb}`)).json().data, {
        latest: 1,
        next: 2,
      });
      const taken = await da.post(
        `${P}?NO_SP_CODE=true`,
        body({ township_id: ids.hmb, SP_code: undefined, presumptive_TB_number: 1 }),
      );
      assert.equal(taken.statusCode, 400);
      assert.deepEqual(taken.json().errors, {
        presumptive_TB_number: ['Presumptive TB Number has already been taken in this township!'],
      });
      // Without a number the next one is given.
      const next = await create({ township_id: ids.hmb, SP_code: undefined }, da, '?NO_SP_CODE=true');
      assert.equal(next.presumptive_TB_number, 2);
      assert.equal((await fo.get(`latest-presumptive-TB-Number/${ids.hmb}`)).statusCode, 404);
      assert.equal((await meal.get('latest-presumptive-TB-Number/abc')).statusCode, 404);
      // The information form of a no-SPS patient keeps the SP code optional; giving one moves it to the TB list.
      const updated = await meal.update(`patients/${next.id}`, body({ township_id: ids.hmb, SP_code: '' }));
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal(updated.json().data.presumptive_TB_number, 2);
      ids.noSps = next.id;
    });

    it('updates the information with the same body: BMI recomputed, cleared fields cleared, the code kept', async () => {
      const before = (await meal.get(`${P}/${ids.first}`)).json().data as Patient;
      const res = await meal.update(
        `patients/${ids.first}`,
        body({
          DRTB_code: '0123',
          weight: 64,
          treatment_regimen: '9. Other',
          treatment_regimen_other: 'Short',
          household_contacts: [],
        }),
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Patient has been updated successfully!');
      const p = res.json().data as Patient;
      assert.equal(p.BMI, 25);
      assert.equal(p.code, before.code);
      assert.equal(p.treatment_regimen_other, 'Short');
      const back = (
        await meal.update(`patients/${ids.first}`, body({ DRTB_code: '', treatment_regimen_other: 'stale' }))
      ).json().data as Patient;
      assert.equal(back.treatment_regimen_other, null);
      assert.equal(back.DRTB_code, null);
      assert.equal(back.unique_id, null);
      const taken = await meal.update(`patients/${ids.first}`, body({ SP_code: 'SP-LAB' }));
      assert.deepEqual(taken.json().errors, { SP_code: ['SP Code has already been taken in this township!'] });
      await meal.update(`patients/${ids.first}`, body({ DRTB_code: '0123' }));
    });

    it('records a TB conclusion, storing null for every field a rule clears', async () => {
      const full = {
        TB_status: 'DRTB',
        treatment_status: 'Received TB Treatment',
        TB_DRTB_code: 'REG-1',
        treatment_start_date: '2026-01-10',
        treatment_regimen: '9. Other',
        treatment_regimen_other: 'Short oral',
        defined_TB_type: 'Extra Pulmonary BC',
        defined_TB_type_other: 'Lymph node',
        HIV_test: 'Done',
        HIV_test_date: '2026-01-05',
        HIV_result: 'Non-Reactive',
        ART_status: 'Not applicable',
        CPT_status: 'Yes',
        CPT_date: '2026-01-06',
        treatment_outcome: 'Cured',
        treatment_outcome_date: '2026-06-01',
      };
      const res = await fo.update(`TB-conclusion/${ids.first}`, full);
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().data.defined_TB_type_other, 'Lymph node');
      assert.deepEqual(
        [res.json().data.treatment_regimen, res.json().data.treatment_regimen_other],
        ['9. Other', 'Short oral'],
      );
      const missing = await fo.update(`TB-conclusion/${ids.first}`, {
        ...full,
        HIV_test_date: '',
        treatment_regimen: undefined,
      });
      assert.deepEqual(missing.json().errors, {
        HIV_test_date: ['HIV Test Date is required!'],
        treatment_regimen: ['Treatment Regimen is required!'],
      });
      const noTb = (await fo.update(`TB-conclusion/${ids.first}`, { ...full, TB_status: 'No TB' })).json()
        .data as Patient;
      assert.equal(noTb.TB_status, 'No TB');
      for (const field of [
        'treatment_status',
        'TB_DRTB_code',
        'treatment_start_date',
        'defined_TB_type',
        'defined_TB_type_other',
        'HIV_test',
        'HIV_test_date',
        'CPT_date',
        'treatment_outcome_date',
      ] as const) {
        assert.equal(noTb[field], null, field);
      }
      // The registration requires a regimen: a conclusion without treatment keeps the one stored.
      assert.deepEqual([noTb.treatment_regimen, noTb.treatment_regimen_other], ['9. Other', 'Short oral']);
      const pulmonary = (
        await fo.update(`TB-conclusion/${ids.first}`, {
          ...full,
          treatment_regimen: '4. BPal',
          defined_TB_type: 'Pulmonary BC',
          HIV_test: 'Not Done',
          CPT_status: 'No',
        })
      ).json().data as Patient;
      assert.deepEqual([pulmonary.treatment_regimen, pulmonary.treatment_regimen_other], ['4. BPal', null]);
      assert.equal(pulmonary.defined_TB_type_other, null);
      assert.equal(pulmonary.HIV_test_date, null);
      assert.equal(pulmonary.HIV_result, null);
      assert.equal(pulmonary.CPT_date, null);
      assert.equal(pulmonary.TB_DRTB_code, 'REG-1');
    });

    it('records every investigation kind; Not Done stores null date and results', async () => {
      const sputum = await fo.update(`sputum/${ids.first}`, {
        sputum_done_or_not_done: 'Done',
        sputum_examination_date: '2026-01-02',
        sputum_smear_result: '++',
      });
      assert.equal(sputum.statusCode, 200, sputum.body);
      assert.equal(sputum.json().data.investigations.sputum_smear_result, '++');
      const required = await fo.update(`gene-Xpert/${ids.first}`, { gene_Xpert_done_or_not_done: 'Done' });
      assert.deepEqual(required.json().errors, {
        gene_Xpert_examination_date: ['GXP Examination Date is required!'],
        gene_Xpert_result: ['Gene Xpert Result is required!'],
      });
      const none = await fo.update(`gene-Xpert/${ids.first}`, {});
      assert.deepEqual(none.json().errors, {
        gene_Xpert_done_or_not_done: ['Gene Xpert Done or Not Done is required!'],
      });
      const notDone = await fo.update(`sputum/${ids.first}`, {
        sputum_done_or_not_done: 'Not Done',
        sputum_examination_date: '2026-01-02',
        sputum_smear_result: '++',
      });
      assert.deepEqual(
        Object.fromEntries(
          Object.entries(notDone.json().data.investigations).filter(
            ([k]) => k.startsWith('sputum_') && !k.startsWith('sputum_culture'),
          ),
        ),
        { sputum_done_or_not_done: 'Not Done', sputum_examination_date: null, sputum_smear_result: null },
      );
      const tst = await fo.update(`tuberculin-skin/${ids.first}`, {
        tuberculin_skin_done_or_not_done: 'Done',
        TST_examination_date: '2026-01-03',
        size_of_induration_in_millimeter: 12,
        conclusion_of_TST: 'Positive',
      });
      assert.equal(tst.json().data.investigations.size_of_induration_in_millimeter, 12);
      for (const kind of [
        'chest-XRay',
        'truenat',
        'FNAC',
        'sputum-culture',
        'drug-susceptibility',
        'other-investigation',
      ]) {
        const res = await fo.update(`${kind}/${ids.first}`, {});
        assert.equal(res.statusCode, 400, kind);
      }
      assert.equal((await fo.update('sputum/999999', { sputum_done_or_not_done: 'Not Done' })).statusCode, 404);
    });

    it('marks VOT eligibility and acceptance: acceptance needs eligibility Yes, No clears the reasons', async () => {
      const early = await meal.update(`VOT-accept/${ids.noSps}`, { VOT_accept: 'Yes' });
      assert.equal(early.statusCode, 409);
      const noReason = await fo.update(`VOT-eligible/${ids.first}`, { VOT_eligible: 'No' });
      assert.deepEqual(noReason.json().errors, { VOT_not_eligible_reason: ['Reason For Not Eligible is required!'] });
      const yes = (
        await fo.update(`VOT-eligible/${ids.first}`, {
          VOT_eligible: 'Yes',
          VOT_not_eligible_reason: 'Adherence issues',
        })
      ).json().data as Patient;
      assert.equal(yes.VOT_eligible, 'Yes');
      assert.equal(yes.VOT_not_eligible_reason, null);
      const declined = (
        await fo.update(`VOT-accept/${ids.first}`, {
          VOT_accept: 'No',
          VOT_not_accept_reason: 'Others (Specify)',
          VOT_not_accept_reason_other: 'Shared phone',
        })
      ).json().data as Patient;
      assert.equal(declined.VOT_not_accept_reason_other, 'Shared phone');
      const accepted = (
        await fo.update(`VOT-accept/${ids.first}`, {
          VOT_accept: 'Yes',
          VOT_not_accept_reason: 'Privacy concern',
          VOT_not_accept_reason_other: 'x',
        })
      ).json().data as Patient;
      assert.equal(accepted.VOT_accept, 'Yes');
      assert.equal(accepted.VOT_not_accept_reason, null);
      assert.equal(accepted.VOT_not_accept_reason_other, null);
      const period = await fo.update(`report-period/${ids.first}`, { report_period: 'FY26Q1' });
      assert.equal(period.json().data.report_period, 'FY26Q1');
      assert.deepEqual((await fo.update(`report-period/${ids.first}`, {})).json().errors, {
        report_period: ['Reporting Period is required'],
      });
    });

    it('lists each category newest first, 10 a page, with searches and township filters', async () => {
      // More patients in Insein for paging and categories.
      const made: Patient[] = [];
      for (let i = 0; i < 11; i++)
        made.push(
          await create({ township_id: ids.ins, SP_code: `INS-${i}`, name: `U Kyaw ${i}`, DRTB_code: `D-${i}` }),
        );
      await meal.update(`VOT-eligible/${made[0]!.id}`, {
        VOT_eligible: 'No',
        VOT_not_eligible_reason: 'Adherence issues',
      });
      await meal.update(`VOT-eligible/${made[1]!.id}`, { VOT_eligible: 'Yes' });
      await meal.update(`VOT-accept/${made[1]!.id}`, { VOT_accept: 'No', VOT_not_accept_reason: 'Privacy concern' });

      const all = await list('township_id=' + ids.ins);
      assert.equal(all.data.length, 10);
      // The stored (encrypted) password never leaves under any key.
      assert.ok(all.data.every((r) => !('plain_password_enc' in r) && typeof r.plain_password === 'string'));
      assert.equal(all.total, 12);
      assert.deepEqual(
        all.data.map((r) => r.id),
        [...all.data.map((r) => r.id)].sort((a, b) => b - a),
      );
      const noPage = (await meal.get(`${P}?township_id=${ids.ins}`)).json();
      assert.deepEqual([noPage.data.length, noPage.total], [10, 12]);
      // The last page, and past it: the total still.
      const page2 = (await meal.get(`${P}?page=2&township_id=${ids.ins}`)).json();
      assert.deepEqual([page2.data.length, page2.total], [2, 12]);
      const past = (await meal.get(`${P}?page=3&township_id=${ids.ins}`)).json();
      assert.deepEqual([past.data.length, past.total], [0, 12]);
      const tb = await list('TB_patient=true');
      assert.ok(tb.data.every((r) => r.SP_code !== null));
      assert.ok(!tb.data.some((r) => r.id === ids.noSps));
      assert.deepEqual(
        (await list('NO_SP_CODE=true')).data.map((r) => r.id).sort(),
        (await list('NO_SP_CODE=true&township_id=' + ids.hmb)).data.map((r) => r.id).sort(),
      );
      assert.equal((await list('NO_SP_CODE=true')).total, 2);
      assert.deepEqual(new Set((await list('no_DOT=true')).data.map((r) => r.id)), new Set([made[0]!.id, made[1]!.id]));
      assert.deepEqual(
        new Set((await list('screened=true')).data.map((r) => r.id)),
        new Set([made[0]!.id, made[1]!.id, ids.first]),
      );
      assert.deepEqual(
        (await list('VOT_eligible=Yes')).data.map((r) => r.id),
        [made[1]!.id, ids.first],
      );
      assert.deepEqual(
        (await list('VOT_accept=Yes')).data.map((r) => r.id),
        [ids.first],
      );
      assert.deepEqual(
        (await list('VOT_declined=true')).data.map((r) => r.id),
        [made[1]!.id],
      );
      assert.equal((await list('clinic=true', await t.signInAs('Project Officer'))).total, (await list('')).total);
      assert.deepEqual(
        (await list('status=0')).data.map((r) => r.id),
        [ids.trashed],
      );
      assert.deepEqual((await list('status=0&township_id=' + ids.ins)).data, []);
      // Searches: the name by the beginnings of its words in any order ignoring case, codes from their beginning.
      assert.deepEqual((await list('name=KYAW 1')).data.map((r) => r.name).sort(), ['U Kyaw 1', 'U Kyaw 10']);
      assert.deepEqual((await list('name=1%20ky%20%20u')).data.map((r) => r.name).sort(), ['U Kyaw 1', 'U Kyaw 10']);
      assert.deepEqual((await list('name=yaw')).data, []);
      assert.deepEqual((await list('name=hla%')).data, []);
      assert.equal((await list('name=kyaw')).total, 11);
      // A name search's pages by the ids its count found: newest first, the last page, past it.
      const kyaw = (await list('name=kyaw')).data.map((r) => r.id);
      assert.deepEqual(
        kyaw,
        [...kyaw].sort((a, b) => b - a),
      );
      const kyaw2 = (await meal.get(`${P}?page=2&name=kyaw`)).json();
      assert.deepEqual([kyaw2.data.length, kyaw2.total], [1, 11]);
      assert.ok(kyaw2.data[0].id < Math.min(...kyaw));
      assert.deepEqual((await meal.get(`${P}?page=3&name=kyaw`)).json().data, []);
      assert.equal((await meal.get(`${P}?page=3&name=kyaw`)).json().total, 11);
      assert.deepEqual((await list('SP_code=ins-1')).data.map((r) => r.SP_code).sort(), ['INS-1', 'INS-10']);
      assert.deepEqual(
        (await list('unique_id=ins-d-3')).data.map((r) => r.unique_id),
        ['INS-D-3'],
      );
      const both = await list(`township_id[]=${ids.hty}&township_id[]=${ids.hmb}`);
      assert.ok(both.data.every((r) => r.township!.id === ids.hty || r.township!.id === ids.hmb));
      assert.equal(both.total, (await list('')).total - 12);
      // One list at a time.
      assert.equal((await meal.get(`${P}?TB_patient=true&screened=true`)).statusCode, 400);
    });

    it('searches a name within a few townships (on the township index) exactly as nationally (on the word-beginnings index)', async () => {
      const names = [
        'Daw (Hla) Mya',
        'Ma.Su Su',
        'Ko_Ko Aung',
        'U Aung  Myint',
        'ဒေါ်လှ မြင့်',
        'Su*Su 1+1',
        'Ma [Aye] ^Aye$',
      ];
      for (const [i, name] of names.entries()) await create({ township_id: ids.hmb, SP_code: `HMB-S${i}`, name });
      const typed = [
        'hla',
        '(hla)',
        'ma.su',
        'su',
        'ko_ko',
        'ko_',
        'k.',
        '.',
        'ဒေါ်',
        'မြင့်',
        'လှ',
        'aung myint',
        'myint u',
        '1+1',
        '*su',
        '[aye]',
        '^aye$',
        'aye',
        'y',
      ];
      for (const name of typed) {
        const q = `name=${encodeURIComponent(name)}`;
        const national = (await list(q)).data.filter((r) => r.township!.id === ids.hmb).map((r) => r.name);
        const few = await list(`${q}&township_id=${ids.hmb}`);
        assert.ok(few.total < 10, name);
        assert.deepEqual(few.data.map((r) => r.name).sort(), national.sort(), name);
      }
      // What each finds, so the two forms cannot agree by both finding nothing.
      const found = async (name: string) =>
        (await list(`name=${encodeURIComponent(name)}&township_id=${ids.hmb}`)).data.map((r) => r.name).sort();
      assert.deepEqual(await found('(hla)'), ['Daw (Hla) Mya']);
      assert.ok(!(await found('hla')).includes('Daw (Hla) Mya'));
      assert.deepEqual(await found('ma.su'), ['Ma.Su Su']);
      assert.deepEqual(await found('ko_'), ['Ko_Ko Aung']);
      assert.deepEqual(await found('aung myint'), ['U Aung  Myint']);
      assert.deepEqual(await found('လှ'), []);
      assert.deepEqual(await found('မြင့်'), ['ဒေါ်လှ မြင့်']);
      assert.deepEqual(await found('[aye]'), ['Ma [Aye] ^Aye$']);
      assert.ok(!(await found('aye')).includes('Ma [Aye] ^Aye$'));
      assert.deepEqual(await found('1+1'), ['Su*Su 1+1']);
    });

    it('exports the list rows flat, with passwords only for those who may update patients', async () => {
      const res = await meal.get('patients-export?TB_patient=true&township_id=' + ids.hty);
      assert.equal(res.statusCode, 200, res.body);
      const rows = res.json().data as Record<string, unknown>[];
      assert.ok(rows.length > 0);
      const row = rows.find((r) => r.id === ids.first)!;
      assert.equal(row.TSP, 'HTY');
      assert.equal(row.township, 'Hlaingthaya');
      assert.equal(row.unique_id, 'HTY-0123');
      assert.ok(typeof row.plain_password === 'string');
      // Every column as the patient's own record has it: numbers as numbers, dates as dates, nulls.
      const detail = (await meal.get(`${P}/${ids.first}`)).json().data as Record<string, unknown>;
      const own = Object.keys(row).filter((k) => !['TSP', 'township', 'plain_password'].includes(k));
      assert.equal(own.length, 24);
      for (const k of own) assert.deepEqual(row[k], detail[k], k);
      assert.match(String(row.treatment_start_date), /^\d{4}-\d{2}-\d{2}$/);
      assert.equal(typeof row.age, 'number');
      // One page (fewer than PATIENT_EXPORT_PAGE_SIZE rows): no next; `after` starts below an id.
      assert.equal(res.json().next, null);
      const exportedIds = rows.map((r) => r.id as number);
      assert.deepEqual(
        exportedIds,
        [...exportedIds].sort((a, b) => b - a),
      );
      const below = (
        await meal.get(`patients-export?TB_patient=true&township_id=${ids.hty}&after=${exportedIds[0]}`)
      ).json();
      assert.deepEqual(
        below.data.map((r: { id: number }) => r.id),
        exportedIds.slice(1),
      );
      const reader = await t.signInAs('Project Officer');
      const readerRows = (await reader.get('patients-export?TB_patient=true')).json().data as Record<string, unknown>[];
      assert.ok(readerRows.every((r) => r.plain_password === null));
      assert.ok((await reader.get(`${P}?page=1`)).json().data.every((r: PatientListRow) => r.plain_password === null));
      assert.equal((await reader.get(`${P}/${ids.first}`)).json().data.plain_password, null);
    });

    it('keeps a Field Officer to their townships: lists, counts, exports, detail, forms', async () => {
      const ins = (await list('township_id=' + ids.ins)).data[0]!;
      assert.equal((await fo.get(`${P}/${ins.id}`)).statusCode, 404);
      assert.equal((await fo.update(`sputum/${ins.id}`, { sputum_done_or_not_done: 'Not Done' })).statusCode, 404);
      assert.equal((await fo.get(`patients-delete/${ins.id}`)).statusCode, 404);
      const mine = await list('', fo);
      assert.ok(mine.total > 0 && mine.data.every((r) => r.township!.id === ids.hty));
      assert.deepEqual((await list('township_id=' + ids.ins, fo)).data, []);
      const exported = (await fo.get('patients-export')).json().data as { TSP: string }[];
      assert.ok(exported.length > 0 && exported.every((r) => r.TSP === 'HTY'));
      const counts = (await fo.get('dstb-patient-count')).json().data;
      assert.equal(counts.clinic, undefined);
      assert.equal(counts.tb, mine.total);
      const outside = await fo.post(P, body({ township_id: ids.ins, SP_code: 'FO-1' }));
      assert.deepEqual(outside.json().errors, { township_id: ['Township is required!'] });
      assert.equal((await fo.post(P, body({ SP_code: 'FO-1' }))).statusCode, 201);
      const move = await fo.update(`patients/${ids.first}`, body({ township_id: ids.ins, DRTB_code: '0123' }));
      assert.deepEqual(move.json().errors, { township_id: ['Township is required!'] });
    });

    it('counts each list the user may read, as the lists do', async () => {
      const counts = (await meal.get('dstb-patient-count')).json().data as Record<string, number>;
      for (const [key, query] of [
        ['tb', 'TB_patient=true'],
        ['noSpCode', 'NO_SP_CODE=true'],
        ['noDot', 'no_DOT=true'],
        ['eligible', 'VOT_eligible=Yes'],
        ['screened', 'screened=true'],
        ['acceptable', 'VOT_accept=Yes'],
        ['declined', 'VOT_declined=true'],
        ['trash', 'status=0'],
      ] as const) {
        assert.equal(counts[key], (await list(query)).total, key);
      }
      assert.equal(counts.clinic, undefined);
      // The counts kept by the triggers agree with counting the patients by their columns.
      const direct = async (where: SQL) => (await t.handle.db.select({ n: count() }).from(patients).where(where))[0]!.n;
      const active = eq(patients.status, 1);
      assert.deepEqual(counts, {
        tb: await direct(and(active, isNotNull(patients.SP_code))!),
        noSpCode: await direct(and(active, isNull(patients.SP_code))!),
        noDot: await direct(and(active, or(eq(patients.VOT_eligible, 'No'), eq(patients.VOT_accept, 'No')))!),
        screened: await direct(and(active, isNotNull(patients.VOT_eligible))!),
        eligible: await direct(and(active, eq(patients.VOT_eligible, 'Yes'))!),
        acceptable: await direct(and(active, eq(patients.VOT_accept, 'Yes'))!),
        declined: await direct(and(active, eq(patients.VOT_accept, 'No'))!),
        trash: await direct(eq(patients.status, 0)),
        // No patient of this suite is on VOT yet (test/vot.test.ts counts those lists).
        pure: 0,
        pureWithVolunteer: 0,
        pureWithoutVolunteer: 0,
        missedDoses: 0,
        hybrid: 0,
      });
      const clinic = (await (await t.signInAs('Clinic MO')).get('dstb-patient-count')).json().data;
      assert.deepEqual(Object.keys(clinic), ['clinic']);
    });

    it('moves a patient to the trash and back, and deletes permanently only from the trash', async () => {
      const p = await create({ SP_code: 'SP-GONE' });
      assert.equal((await meal.del(`${P}/${p.id}`)).statusCode, 409);
      const del = await meal.get(`patients-delete/${p.id}`);
      assert.equal(del.json().data.recover_township.id, ids.hty);
      assert.equal(del.json().data.township, null);
      // The trash list names the township it was deleted from (its TSP), the one Recover returns it to.
      const inTrash = (await list('status=0')).data.find((r) => r.id === p.id)!;
      assert.equal(inTrash.township, null);
      assert.deepEqual(inTrash.recover_township, { id: ids.hty, name: 'Hlaingthaya', abbreviation: 'HTY' });
      assert.equal((await meal.get(`${P}/${p.id}`)).statusCode, 404);
      const rec = await meal.get(`patients-recover/${p.id}`);
      assert.equal(rec.statusCode, 200);
      assert.equal(rec.json().message, 'Patient has been recovered successfully!');
      assert.equal(rec.json().data.township.id, ids.hty);
      assert.equal((await meal.get(`patients-recover/${p.id}`)).statusCode, 409);
      await meal.get(`patients-delete/${p.id}`);
      assert.equal((await fo.del(`${P}/${p.id}`)).statusCode, 403);
      const gone = await meal.del(`${P}/${p.id}`);
      assert.equal(gone.statusCode, 200, gone.body);
      assert.equal((await meal.get(`patients-recover/${p.id}`)).statusCode, 404);
      // A patient who has been on VOT stays.
      const vot = await create({ SP_code: 'SP-VOT' });
      await t.handle.db.update(patients).set({ DOT_start_date: '2026-02-01' }).where(eq(patients.id, vot.id));
      await meal.get(`patients-delete/${vot.id}`);
      const refused = await meal.del(`${P}/${vot.id}`);
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().message, 'This patient has been on VOT and cannot be deleted permanently.');
    });

    it('answers junk with 400 (or 404 for ids), never 500', async () => {
      const bad = [
        `${P}?page=1&township_id=3000000000`,
        `${P}?page=1&township_id=abc`,
        `${P}?page=1&name=a&name=b`,
        `${P}?page=1&TB_patient=yes`,
        `${P}?page=1&VOT_eligible=No`,
        `${P}?page=1&status=2`,
        `${P}?page=0`,
        `patients-export?township_id[]=x`,
        'patients-export?after=0',
        'patients-export?after=x',
      ];
      for (const url of bad) assert.equal((await meal.get(url)).statusCode, 400, url);
      // The export's cursor is a paging parameter, refused with its field's message as ?page is.
      assert.deepEqual((await meal.get('patients-export?after=1.5')).json().errors, {
        after: ['After must be a whole number from 1.'],
      });
      assert.equal((await meal.get(`${P}/99999999999`)).statusCode, 404);
      for (const payload of [
        { ...body(), township_id: 3e9, dot_patient_id_gf: 3e9 },
        { ...body(), name: ['a'], SP_code: { x: 1 } },
        { ...body(), household_contacts: [null] },
        { ...body(), DOB: '0000-01-01' },
        { ...body(), height: 'tall' },
      ]) {
        const res = await meal.post(P, payload);
        assert.equal(res.statusCode, 400, JSON.stringify(payload) + res.body);
      }
      assert.equal((await meal.update(`TB-conclusion/${ids.first}`, { TB_status: ['TB'] })).statusCode, 400);
      assert.equal(
        (
          await meal.update(`sputum/${ids.first}`, {
            sputum_done_or_not_done: 'Done',
            sputum_examination_date: '2026-02-30',
            sputum_smear_result: '+',
          })
        ).statusCode,
        400,
      );
    });
  });
}
