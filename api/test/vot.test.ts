import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { INFECTION_CHECKLIST_QUESTIONS } from '@vot/shared/domain';
import type {
  ChangeVolunteerRecord,
  FuSputumRecord,
  Patient,
  PatientListRow,
  PureHybridHistoryRecord,
  VisitRecord,
} from '@vot/shared/schemas';
import { patients } from '../src/db/schema';
import { backends, useApp, type Client } from './helpers';
import { daysAgo, eligiblePatient, votPlaces, type VotPlaces } from './vot-fixtures';

for (const backend of await backends()) {
  describe(`VOT on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;
    let fo: Client;
    let da: Client;
    let places: VotPlaces;
    let p: Patient;
    const entries: number[] = [];
    const patient = async (id = p.id) => (await meal.get(`patients/${id}`)).json().data as Patient;
    const history = async (id = p.id) =>
      (await meal.get(`change-volunteers/${id}`)).json().data as ChangeVolunteerRecord[];
    const listIds = async (query: string, client: Client = meal) => {
      const res = await client.get(`patients?page=1&${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return (res.json().data as PatientListRow[]).map((r) => r.id);
    };
    /** The patient's current pure/hybrid, volunteer and type are the latest history entry's. */
    const assertAgrees = async () => {
      const [latest] = await history();
      const now = await patient();
      assert.equal(now.pure_or_hybrid, latest?.pure_or_hybrid ?? null);
      assert.equal(now.volunteer?.id ?? null, latest?.volunteer?.id ?? null);
      assert.equal(now.type, latest?.type ?? null);
    };

    // Sets up townships, volunteers and an eligible patient of the Field Officer
    before(async () => {
      places = await votPlaces(t.handle.db);
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      fo = await t.signInAs('Field Officer');
      da = await t.signInAs('Data Assistant');
      p = await eligiblePatient(fo, places.hty, 60);
    });

    it('moves a patient to VOT: start date required, not before the treatment start, not after today', async () => {
      const missing = await fo.update(`move-to-DOT/${p.id}`, { VOT_accept: 'Yes' });
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().message, 'Select VOT Start Date');
      assert.equal((await fo.update(`move-to-DOT/${p.id}`, {})).json().message, 'VOT Patient is required!');
      const early = await fo.update(`move-to-DOT/${p.id}`, { VOT_accept: 'Yes', DOT_start_date: daysAgo(61) });
      assert.equal(early.statusCode, 400);
      assert.deepEqual(early.json().errors, {
        DOT_start_date: ['VOT Start Date may not be before the Treatment Start Date!'],
      });
      assert.equal(
        (await fo.update(`move-to-DOT/${p.id}`, { VOT_accept: 'Yes', DOT_start_date: daysAgo(-1) })).statusCode,
        400,
      );
      const no = (await fo.update(`move-to-DOT/${p.id}`, { VOT_accept: 'No', DOT_start_date: daysAgo(40) })).json()
        .data as Patient;
      assert.equal(no.VOT_accept, 'No');
      assert.equal(no.DOT_start_date, null);
      const yes = await fo.update(`move-to-DOT/${p.id}`, { VOT_accept: 'Yes', DOT_start_date: daysAgo(40) });
      assert.equal(yes.statusCode, 200, yes.body);
      assert.equal((yes.json().data as Patient).DOT_start_date, daysAgo(40));
      assert.equal((yes.json().data as Patient).VOT_accept, 'Yes');
      const notEligible = await eligiblePatient(meal, places.hty);
      await meal.update(`VOT-eligible/${notEligible.id}`, {
        VOT_eligible: 'No',
        VOT_not_eligible_reason: 'Adherence issues',
      });
      assert.equal(
        (await meal.update(`move-to-DOT/${notEligible.id}`, { VOT_accept: 'Yes', DOT_start_date: daysAgo(1) }))
          .statusCode,
        409,
      );
    });

    it('refuses a change without the spec messages, before the start date, or with another township’s or a trashed volunteer', async () => {
      const empty = await fo.post('change-volunteers', {});
      assert.equal(empty.statusCode, 400);
      assert.deepEqual(
        Object.fromEntries(Object.entries(empty.json().errors as Record<string, string[]>).map(([k, v]) => [k, v[0]])),
        {
          patient_id: 'Patient is required!',
          change_date: 'Date is required',
          pure_or_hybrid: 'VOT pure and hybrid required!',
          with_volunteer: 'VOT with Volunteer (Yes/No) is required!',
        },
      );
      // Hybrid forces with volunteer Yes, so a volunteer and the type are required.
      const hybridAlone = await fo.post('change-volunteers', {
        patient_id: p.id,
        change_date: daysAgo(40),
        pure_or_hybrid: 'Hybrid',
        with_volunteer: 'No',
      });
      assert.deepEqual(hybridAlone.json().errors, {
        volunteer_id: ['Volunteer is required!'],
        type: ['App or No App is required!'],
      });
      const change = (over: object) =>
        fo.post('change-volunteers', {
          patient_id: p.id,
          change_date: daysAgo(40),
          pure_or_hybrid: 'Pure',
          with_volunteer: 'Yes',
          volunteer_id: places.volunteer1,
          type: 'App',
          ...over,
        });
      assert.equal((await change({ change_date: daysAgo(41) })).statusCode, 400);
      for (const volunteer_id of [places.inseinVolunteer, places.trashedVolunteer, 999999]) {
        const res = await change({ volunteer_id });
        assert.equal(res.statusCode, 400, String(volunteer_id));
        assert.deepEqual(Object.keys(res.json().errors), ['volunteer_id']);
      }
    });

    it('records pure with a volunteer, then hybrid with another: the patient follows the latest entry', async () => {
      const first = await fo.post('change-volunteers', {
        patient_id: p.id,
        change_date: daysAgo(40),
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
        volunteer_id: places.volunteer1,
        type: 'App',
      });
      assert.equal(first.statusCode, 201, first.body);
      assert.equal(first.json().message, 'Change Volunteer has been created successfully!');
      entries.push(first.json().data.id);
      await assertAgrees();
      assert.deepEqual(await listIds('DOT_with_volunteer=true&pure_or_hybrid=Pure'), [p.id]);
      assert.deepEqual(await listIds('DOT_with_no_volunteer=true&pure_or_hybrid=Pure'), []);
      const second = await fo.post('change-volunteers', {
        patient_id: p.id,
        change_date: daysAgo(20),
        pure_or_hybrid: 'Hybrid',
        with_volunteer: 'No',
        volunteer_id: places.volunteer2,
        type: 'No App',
      });
      assert.equal(second.statusCode, 201, second.body);
      assert.equal(second.json().data.with_volunteer, 'Yes');
      entries.push(second.json().data.id);
      await assertAgrees();
      const now = await patient();
      assert.deepEqual([now.pure_or_hybrid, now.volunteer?.id, now.type], ['Hybrid', places.volunteer2, 'No App']);
      assert.equal(
        (
          await fo.post('change-volunteers', {
            patient_id: p.id,
            change_date: daysAgo(30),
            pure_or_hybrid: 'Pure',
            with_volunteer: 'No',
          })
        ).statusCode,
        400,
        'before the latest entry',
      );
      assert.deepEqual(await listIds('DOT_with_volunteer=true&pure_or_hybrid=Hybrid'), [p.id]);
      assert.deepEqual(await listIds('DOT_with_volunteer=true&pure_or_hybrid=Pure'), []);
      const histories = (await fo.get(`pure-hybrid-histories/${p.id}`)).json().data as PureHybridHistoryRecord[];
      assert.deepEqual(
        histories.map((h) => [h.type, h.change_date]),
        [
          ['Hybrid', daysAgo(20)],
          ['Pure', daysAgo(40)],
        ],
      );
    });

    it('makes dashboard visits under the entry in force, within the VOT dates', async () => {
      const visit = (path: string, over: object = {}) =>
        fo.post(path, {
          patient_id: p.id,
          date: daysAgo(10),
          dose_taken: 'Yes',
          remark: 'Took medicine',
          ...over,
        });
      const empty = await fo.post('DOT-with-volunteer-dashboard', {});
      assert.deepEqual(empty.json().errors, {
        patient_id: ['Patient is required!'],
        date: ['Date is required!'],
        dose_taken: ['Dose taken is required!'],
        remark: ['Remark is required!'],
      });
      assert.equal((await visit('DOT-with-volunteer-dashboard', { date: daysAgo(41) })).statusCode, 400);
      assert.equal((await visit('DOT-with-volunteer-dashboard', { date: daysAgo(-1) })).statusCode, 400);
      assert.equal((await visit('DOT-without-volunteer-dashboard')).statusCode, 409);
      const made = await visit('DOT-with-volunteer-dashboard');
      assert.equal(made.statusCode, 201, made.body);
      const record = made.json().data as VisitRecord;
      assert.deepEqual(
        [record.created, record.work, record.work_status, record.change_volunteer_id],
        ['dashboard', 5, true, entries[1]],
      );
      assert.equal((await patient()).DOTs, 1);
    });

    it('locks Move To VOT once a visit exists, and an entry with visits is never deleted', async () => {
      const locked = await fo.update(`move-to-DOT/${p.id}`, { VOT_accept: 'Yes', DOT_start_date: daysAgo(39) });
      assert.equal(locked.statusCode, 409);
      assert.equal((await meal.update(`move-to-DOT/${p.id}`, { VOT_accept: 'No' })).statusCode, 409);
      const withVisits = await da.del(`change-volunteers/${entries[1]}`);
      assert.equal(withVisits.statusCode, 409);
      assert.equal(withVisits.json().message, 'This entry has VOT visit records and cannot be deleted.');
      assert.equal((await da.del(`pure-hybrid-histories/${entries[1]}`)).statusCode, 409);
      assert.equal(
        (await fo.del(`change-volunteers/${entries[0]}`)).statusCode,
        403,
        'the Field Officer does not delete history',
      );
      const changes = await history();
      assert.deepEqual(
        changes.map((c) => c.DOT_count),
        [1, 0],
      );
    });

    it('deleting the latest entry gives the patient the one before it; an older one leaves the state', async () => {
      const later = await fo.post('change-volunteers', {
        patient_id: p.id,
        change_date: daysAgo(5),
        pure_or_hybrid: 'Pure',
        with_volunteer: 'No',
      });
      assert.equal(later.statusCode, 201, later.body);
      assert.deepEqual(await listIds('DOT_with_no_volunteer=true&pure_or_hybrid=Pure'), [p.id]);
      await assertAgrees();
      assert.equal((await da.del(`change-volunteers/${later.json().data.id}`)).statusCode, 200);
      await assertAgrees();
      assert.equal((await patient()).pure_or_hybrid, 'Hybrid');
      assert.equal((await da.del(`pure-hybrid-histories/${entries[0]}`)).statusCode, 200);
      await assertAgrees();
      assert.deepEqual(
        (await history()).map((c) => c.id),
        [entries[1]],
      );
      assert.equal((await da.del(`change-volunteers/${entries[0]}`)).statusCode, 404);
    });

    it('keeps medicines while VOT runs; the VOT end closes them and turns the list complete', async () => {
      assert.equal((await fo.post('patient-medicines', { patient_id: p.id })).json().message, 'Medicine is required!');
      const made = await fo.post('patient-medicines', { patient_id: p.id, medicine_name: 'Bedaquiline' });
      assert.equal(made.statusCode, 201, made.body);
      assert.equal(made.json().message, 'Patient Medicine has been created successfully!');
      const id = made.json().data.id as number;
      assert.equal(
        (await fo.update(`patient-medicines/${id}`, { patient_id: p.id, medicine_name: 'Pretomanid' })).json().data
          .medicine_name,
        'Pretomanid',
      );
      assert.deepEqual(
        ((await fo.get(`patient-medicines/${p.id}`)).json().data as { medicine_name: string }[]).map(
          (m) => m.medicine_name,
        ),
        ['Pretomanid'],
      );
      assert.equal((await fo.get(`patient-medicine/${id}`)).json().data.medicine_name, 'Pretomanid');

      assert.deepEqual(await listIds('DOT_with_volunteer=true&pure_or_hybrid=Hybrid&not_complete=true'), [p.id]);
      assert.equal((await fo.update(`DOT-end/${p.id}`, { DOT_end_date: daysAgo(41) })).statusCode, 400);
      assert.equal((await fo.update(`DOT-end/${p.id}`, { DOT_end_date: daysAgo(-1) })).statusCode, 400);
      const ended = await fo.update(`DOT-end/${p.id}`, { DOT_end_date: daysAgo(1) });
      assert.equal(ended.statusCode, 200, ended.body);
      assert.deepEqual(await listIds('DOT_with_volunteer=true&pure_or_hybrid=Hybrid&complete=true'), [p.id]);
      assert.deepEqual(await listIds('DOT_with_volunteer=true&pure_or_hybrid=Hybrid&not_complete=true'), []);
      assert.equal(
        (await meal.get('patients?page=1&pure_or_hybrid=Hybrid&complete=true&not_complete=true')).statusCode,
        400,
      );

      assert.equal(
        (await fo.post('patient-medicines', { patient_id: p.id, medicine_name: 'Linezolid' })).statusCode,
        409,
      );
      assert.equal(
        (await fo.update(`patient-medicines/${id}`, { patient_id: p.id, medicine_name: 'Linezolid' })).statusCode,
        409,
      );
      assert.equal((await fo.del(`patient-medicines/${id}`)).statusCode, 409);
      assert.equal(
        (
          await fo.post('change-volunteers', {
            patient_id: p.id,
            change_date: daysAgo(0),
            pure_or_hybrid: 'Pure',
            with_volunteer: 'No',
          })
        ).statusCode,
        409,
      );
    });

    it('records the VDOT conclusion with a WHO outcome', async () => {
      const empty = await fo.update(`VDOT-end/${p.id}`, {});
      assert.deepEqual(Object.keys(empty.json().errors).sort(), ['VDOT_end_date', 'VDOT_end_type']);
      const done = await fo.update(`VDOT-end/${p.id}`, {
        VDOT_end_date: daysAgo(1),
        VDOT_end_type: 'Treatment Complete',
        VDOT_end_remark: 'Well',
      });
      assert.equal(done.statusCode, 200, done.body);
      const after = done.json().data as Patient;
      assert.deepEqual(
        [after.VDOT_end_date, after.VDOT_end_type, after.VDOT_end_remark],
        [daysAgo(1), 'Treatment Complete', 'Well'],
      );
    });

    it('records follow-up sputum: Done needs date and result, Not Done stores neither; export', async () => {
      const empty = await fo.post('fu-sputum-examinitions', { patient_id: p.id, smear: 'Done' });
      assert.deepEqual(empty.json().errors, {
        month: ['Month is required!'],
        smear_date: ['Smear Date is required!'],
        smear_result: ['Smear Result is required!'],
      });
      assert.equal(
        (await fo.post('fu-sputum-examinitions', { patient_id: p.id, month: '2' })).json().errors.smear[0],
        'Smear is required!',
      );
      const made = await fo.post('fu-sputum-examinitions', {
        patient_id: p.id,
        month: '2',
        smear: 'Not Done',
        smear_date: daysAgo(3),
        smear_result: '+',
      });
      assert.equal(made.statusCode, 201, made.body);
      assert.equal(made.json().message, 'F/U Sputum Examinition has been created successfully!');
      const row = made.json().data as FuSputumRecord;
      assert.deepEqual([row.smear_date, row.smear_result], [null, null]);
      const updated = await fo.update(`fu-sputum-examinitions/${row.id}`, {
        patient_id: p.id,
        month: 'End of Month',
        smear: 'Done',
        smear_date: daysAgo(3),
        smear_result: 'Scanty',
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal((await fo.get(`fu-sputum-examinition/${row.id}`)).json().data.smear_result, 'Scanty');
      const exported = (await fo.get(`fu-sputum-examinitions-export/${p.id}`)).json().data;
      assert.deepEqual(
        exported.map((r: { patient_name: string; month: string }) => [r.patient_name, r.month]),
        [[p.name, 'End of Month']],
      );
      assert.equal((await fo.del(`fu-sputum-examinitions/${row.id}`)).statusCode, 200);
      assert.deepEqual((await fo.get(`fu-sputum-examinitions/${p.id}`)).json().data, []);
    });

    it('stores a dated infection-control checklist of 19 answers; only its own group deletes it', async () => {
      const answers = INFECTION_CHECKLIST_QUESTIONS.map((_, i) => ({
        answer: i % 2 ? 'Yes' : 'No',
        action: i % 2 ? null : 'Advised',
      }));
      assert.equal(
        (await fo.post('infection-checklists', { patient_id: p.id, date: daysAgo(2), answers: answers.slice(1) }))
          .statusCode,
        400,
      );
      const made = await fo.post('infection-checklists', { patient_id: p.id, date: daysAgo(2), answers });
      assert.equal(made.statusCode, 201, made.body);
      const id = made.json().data.id as number;
      assert.deepEqual((await fo.get(`infection-checklist/${id}`)).json().data.answers, answers);
      assert.equal((await fo.get(`infection-checklists/${p.id}`)).json().total, 1);
      assert.equal((await fo.del(`infection-checklists/${id}`)).statusCode, 403);
      assert.equal((await da.del(`infection-checklists/${id}`)).statusCode, 200);
    });

    it('keeps a Field Officer to their townships: another township’s VOT patient and its records are not found', async () => {
      const other = await eligiblePatient(meal, places.ins);
      await meal.update(`move-to-DOT/${other.id}`, { VOT_accept: 'Yes', DOT_start_date: daysAgo(10) });
      const entry = await meal.post('change-volunteers', {
        patient_id: other.id,
        change_date: daysAgo(10),
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
        volunteer_id: places.inseinVolunteer,
        type: 'App',
      });
      assert.equal(entry.statusCode, 201, entry.body);
      const medicine = await meal.post('patient-medicines', { patient_id: other.id, medicine_name: 'Isoniazid' });
      const sputum = await meal.post('fu-sputum-examinitions', {
        patient_id: other.id,
        month: '3',
        smear: 'Not Done',
      });
      assert.deepEqual(await listIds('DOT_with_volunteer=true&pure_or_hybrid=Pure', meal), [other.id]);
      assert.deepEqual(await listIds('DOT_with_volunteer=true&pure_or_hybrid=Pure', fo), []);
      for (const url of [
        `change-volunteers/${other.id}`,
        `pure-hybrid-histories/${other.id}`,
        `patient-medicines/${other.id}`,
        `patient-medicine/${medicine.json().data.id}`,
        `fu-sputum-examinitions/${other.id}`,
        `fu-sputum-examinition/${sputum.json().data.id}`,
        `fu-sputum-examinitions-export/${other.id}`,
        `infection-checklists/${other.id}`,
      ]) {
        assert.equal((await fo.get(`${url}`)).statusCode, 404, url);
      }
      assert.equal((await fo.update(`move-to-DOT/${other.id}`, { VOT_accept: 'No' })).statusCode, 404);
      assert.equal(
        (
          await fo.post('change-volunteers', {
            patient_id: other.id,
            change_date: daysAgo(1),
            pure_or_hybrid: 'Pure',
            with_volunteer: 'No',
          })
        ).statusCode,
        404,
      );
      assert.equal(
        (
          await fo.post('DOT-with-volunteer-dashboard', {
            patient_id: other.id,
            date: daysAgo(1),
            dose_taken: 'Yes',
            remark: 'x',
          })
        ).statusCode,
        404,
      );
      assert.equal((await fo.post('patient-medicines', { patient_id: other.id, medicine_name: 'x' })).statusCode, 404);
      assert.equal(
        (await fo.update(`patient-medicines/${medicine.json().data.id}`, { patient_id: p.id, medicine_name: 'x' }))
          .statusCode,
        404,
      );
      // A Field Officer who may delete nothing still gets 403 first; the Data Assistant sees every township.
      assert.equal((await da.del(`change-volunteers/${entry.json().data.id}`)).statusCode, 200);
    });

    it('counts the VOT Status lists in dstb-patient-count and exports them', async () => {
      const counts = (await meal.get('dstb-patient-count')).json().data as Record<string, number>;
      assert.equal(counts.hybrid, 1);
      assert.equal(counts.pure, 0);
      assert.equal(counts.pureWithVolunteer, 0);
      assert.equal(counts.pureWithoutVolunteer, 0);
      const exported = (await meal.get('patients-export?DOT_with_volunteer=true&pure_or_hybrid=Hybrid')).json()
        .data as { id: number; DOT_end_date: string | null }[];
      assert.deepEqual(
        exported.map((r) => [r.id, r.DOT_end_date]),
        [[p.id, daysAgo(1)]],
      );
    });

    it('refuses bad input with 400 and unknown records with 404', async () => {
      assert.equal(
        (await meal.get('patients?page=1&DOT_with_no_volunteer=true&pure_or_hybrid=Hybrid')).statusCode,
        400,
      );
      assert.equal((await meal.get('patients?page=1&pure_or_hybrid=Mixed')).statusCode, 400);
      assert.equal((await meal.get('patients?page=1&pure_or_hybrid=Pure&VOT_accept=Yes')).statusCode, 400);
      assert.equal(
        (
          await meal.post('change-volunteers', {
            patient_id: [p.id],
            change_date: daysAgo(1),
            pure_or_hybrid: 'Pure',
            with_volunteer: 'No',
          })
        ).statusCode,
        400,
      );
      assert.equal(
        (
          await meal.post('change-volunteers', {
            patient_id: 99999999999,
            change_date: '0000-01-01',
            pure_or_hybrid: ['Pure'],
            with_volunteer: 'No',
          })
        ).statusCode,
        400,
      );
      assert.equal(
        (
          await meal.post('fu-sputum-examinitions', {
            patient_id: p.id,
            month: '4',
            smear: 'Done',
            smear_date: '2026-02-30',
            smear_result: '++++',
          })
        ).statusCode,
        400,
      );
      assert.equal((await meal.update(`move-to-DOT/${p.id}`, { VOT_accept: 'Maybe' })).statusCode, 400);
      assert.equal((await meal.get('change-volunteers/99999999999')).statusCode, 404);
      assert.equal((await meal.get('patient-medicine/abc')).statusCode, 404);
      assert.equal((await meal.del('change-volunteers/999999')).statusCode, 404);
      assert.equal((await meal.post('patient-medicines/1', { patient_id: p.id, medicine_name: 'x' })).statusCode, 405);
    });

    it('audits every change of the history with before and after', async () => {
      const audited = (await t.auditEntries()).filter((e) => e.entity === 'change_volunteers');
      assert.ok(audited.some((e) => e.action === 'create'));
      assert.ok(audited.some((e) => e.action === 'delete' && e.before));
      const [row] = await t.handle.db
        .select({ volunteer_id: patients.volunteer_id })
        .from(patients)
        .where(eq(patients.id, p.id));
      assert.equal(row!.volunteer_id, places.volunteer2);
    });
  });
}
