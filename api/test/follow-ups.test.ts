import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { todayIn } from '@vot/shared/domain';
import type { FollowUpCase, FollowUpRecord, FollowUpRow, Patient } from '@vot/shared/schemas';
import { patients, users } from '../src/db/schema';
import { refreshLedgers } from '../src/ledger';
import { backends, useApp, type Client } from './helpers';
import { daysAgo, eligiblePatient, votPatientInDb, votPlaces, type VotPlaces } from './vot-fixtures';

/**
 * The missed-dose worklist (docs/decisions/0170–0172): who is on it and in what order, the action
 * recorded (validated, audited, scoped), the case closing when a dose is observed or VOT ends, and
 * the escalation of a case left open.
 */
for (const backend of await backends()) {
  describe(`Missed-dose worklist on ${backend.name}`, () => {
    const t = useApp(backend);
    let places: VotPlaces;
    let fo: Client;
    let meal: Client;
    let mine: Patient;
    let theirs: Patient;

    const onVot = async (client: Client, p: Patient, days: number) => {
      const moved = await client.update(`move-to-DOT/${p.id}`, {
        VOT_accept: 'Yes',
        DOT_start_date: daysAgo(days),
      });
      assert.equal(moved.statusCode, 200, moved.body);
      const entry = await client.post('change-volunteers', {
        patient_id: p.id,
        change_date: daysAgo(days),
        pure_or_hybrid: 'Pure',
        with_volunteer: 'No',
      });
      assert.equal(entry.statusCode, 201, entry.body);
    };
    const visit = async (client: Client, p: Patient, days: number) => {
      const res = await client.post('DOT-without-volunteer-dashboard', {
        patient_id: p.id,
        date: daysAgo(days),
        dose_taken: 'Yes',
        remark: 'Took the dose',
      });
      assert.equal(res.statusCode, 201, res.body);
    };
    const worklist = async (client: Client, query = '') => {
      const res = await client.get(`follow-ups?page=1${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { data: FollowUpRow[]; total: number };
    };
    const history = async (client: Client, p: { id: number }) =>
      (await client.get(`follow-ups/${p.id}`)).json().data as FollowUpCase[];
    /** The test account of a role, by name (the owner the worklist names). */
    const nameOf = async (role: string) =>
      (await t.handle.db.select({ name: users.name }).from(users).where(eq(users.role, role)))[0]!.name;
    const call = { action: 'Phone call', outcome: 'Reached and will take the dose', remark: 'Will take it tonight' };

    // A patient of each township on VOT: Hlaingthaya's observed 5 and 4 days ago, Insein's never
    before(async () => {
      places = await votPlaces(t.handle.db);
      fo = await t.signInAs('Field Officer');
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      mine = await eligiblePatient(fo, places.hty, 30);
      theirs = await eligiblePatient(meal, places.ins, 30);
      await onVot(fo, mine, 5);
      await onVot(meal, theirs, 3);
      await visit(fo, mine, 5);
      await visit(fo, mine, 4);
    });

    it('lists the patients of the user’s townships whose run reached 2 days, longest run then lowest adherence first', async () => {
      const own = await worklist(fo);
      assert.equal(own.total, 1);
      // A township's page carries its total in its rows; a page past the end still says it (docs/decisions/0208).
      assert.equal((await worklist(meal, `&township_id=${places.hty}`)).total, 1);
      const past = (await fo.get('follow-ups?page=2')).json() as { data: FollowUpRow[]; total: number };
      assert.deepEqual([past.data, past.total], [[], 1]);
      const {
        data: [row],
      } = own;
      assert.deepEqual(
        {
          ...row,
          township: row?.township?.name,
        },
        {
          id: mine.id,
          name: mine.name,
          SP_code: mine.SP_code,
          township: 'Hlaingthaya',
          patient_phone_no: mine.patient_phone_no,
          volunteer: null,
          current_missed_run: 3,
          adherence: 40,
          missed_band: 'over50',
          last_observed_date: daysAgo(4),
          opened_on: daysAgo(2),
          days_open: 1,
          // No volunteer: the case starts at the Field Officer, named.
          level: 'Field Officer',
          owner: await nameOf('Field Officer'),
          last_action: null,
          last_outcome: null,
          last_action_at: null,
          due_date: daysAgo(2),
        },
      );
      // The same run of 3 days: the lower adherence (none observed) first.
      assert.deepEqual(
        (await worklist(meal)).data.map((r) => [r.id, r.current_missed_run, r.adherence]),
        [
          [theirs.id, 3, 0],
          [mine.id, 3, 40],
        ],
      );
      assert.deepEqual(
        (await worklist(meal, `&township_id=${places.ins}`)).data.map((r) => r.id),
        [theirs.id],
      );
      assert.equal((await fo.get('follow-ups?page=0')).statusCode, 400);
      assert.equal(
        (await fo.get('follow-ups?level=Nobody')).json().message,
        'Level must be one of Volunteer, Field Officer, Project Officer!',
      );
    });

    it('finds a patient by word beginnings of the name, Latin or Burmese, in any order', async () => {
      await t.handle.db.update(patients).set({ name: 'Daw Khin Myat' }).where(eq(patients.id, mine.id));
      await t.handle.db.update(patients).set({ name: 'ဒေါ်ခင် မြတ်' }).where(eq(patients.id, theirs.id));
      const found = async (name: string) =>
        (await worklist(meal, `&name=${encodeURIComponent(name)}`)).data.map((r) => r.id);
      assert.deepEqual(await found('myat khin'), [mine.id]);
      assert.deepEqual(await found('MYA'), [mine.id]);
      assert.deepEqual(await found('yat'), [], 'word beginnings, not any part');
      assert.deepEqual(await found('မြတ်'), [theirs.id]);
      assert.deepEqual(await found('ဒေါ်ခင်'), [theirs.id]);
      assert.equal((await worklist(meal, '&name=myat')).total, 1, 'the total counts the search');
      assert.deepEqual(await found('myat'), [mine.id]);
      assert.equal((await meal.get(`follow-ups?name=${'x'.repeat(256)}`)).statusCode, 400);
      await t.handle.db.update(patients).set({ name: mine.name }).where(eq(patients.id, mine.id));
      await t.handle.db.update(patients).set({ name: theirs.name }).where(eq(patients.id, theirs.id));
    });

    it('refuses an action without its fields, with the field’s message; Other needs a remark', async () => {
      const empty = await fo.post('follow-ups', { patient_id: mine.id });
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().errors.action[0], 'Action is required!');
      assert.equal(empty.json().errors.outcome[0], 'Outcome is required!');
      const other = await fo.post('follow-ups', { patient_id: mine.id, action: 'Other', outcome: 'Not reached' });
      assert.equal(other.json().errors.remark[0], 'Remark is required when Other is chosen!');
      const past = await fo.post('follow-ups', { patient_id: mine.id, ...call, next_date: daysAgo(1) });
      assert.equal(past.json().errors.next_date[0], 'Next Date may not be before today!');
    });

    it('hides another township’s patient: its history and a new action are 404', async () => {
      const read = await fo.get(`follow-ups/${theirs.id}`);
      assert.equal(read.statusCode, 404);
      assert.equal(read.json().message, 'Patient not found.');
      const write = await fo.post('follow-ups', { patient_id: theirs.id, ...call });
      assert.equal(write.statusCode, 404);
      assert.deepEqual(await history(meal, theirs), []);
    });

    it('records an action (audited) on the case: the worklist shows it and when it is due again', async () => {
      const next = daysAgo(-1);
      const res = await fo.post('follow-ups', { patient_id: mine.id, ...call, next_date: next });
      assert.equal(res.statusCode, 201, res.body);
      const record = res.json().data as FollowUpRecord;
      assert.deepEqual(
        { ...record, id: 0, created_at: '' },
        {
          id: 0,
          patient_id: mine.id,
          case_since: daysAgo(4),
          ...call,
          next_date: next,
          recorded_by: 'Test Field Officer',
          created_at: '',
        },
      );
      const audit = (await t.auditEntries()).filter((e) => e.entity === 'follow_ups');
      assert.deepEqual(
        audit.map((e) => [e.action, e.entity_id]),
        [['create', record.id]],
      );
      const [row] = (await worklist(fo)).data;
      assert.deepEqual(
        [row?.last_action, row?.last_outcome, row?.last_action_at, row?.due_date],
        ['Phone call', call.outcome, record.created_at, next],
      );
      assert.deepEqual(await history(fo, mine), [{ case_since: daysAgo(4), closed: null, actions: [record] }]);
    });

    it('takes the patient off when a dose is observed, and the case closes with that reason', async () => {
      await visit(fo, mine, 0);
      assert.deepEqual((await worklist(fo)).data, []);
      const [closed] = await history(fo, mine);
      assert.deepEqual(closed?.closed, { reason: 'Dose observed', on: todayIn() });
      assert.equal(closed?.actions.length, 1);
    });

    it('takes the patient off when VOT ends, and the case closes with that reason', async () => {
      await meal.post('follow-ups', {
        patient_id: theirs.id,
        action: 'Home visit by staff',
        outcome: 'Moved away',
      });
      await t.handle.db.update(patients).set({ DOT_end_date: todayIn() }).where(eq(patients.id, theirs.id));
      await refreshLedgers(t.handle.db, [theirs.id]);
      assert.deepEqual((await worklist(meal)).data, []);
      assert.deepEqual((await history(meal, theirs))[0]?.closed, { reason: 'VOT ended', on: todayIn() });
      const late = await meal.post('follow-ups', { patient_id: theirs.id, ...call });
      assert.equal(late.statusCode, 409);
    });

    it('escalates a case left open: volunteer, then Field Officer from day 2, Project Officer from day 5', async () => {
      const made = [];
      // Runs of 2, 4 and 9 days: open 0, 2 and 7 days.
      for (const start of [2, 4, 9]) {
        const p = await votPatientInDb(t.handle.db, fo, places, daysAgo(start), { type: 'App' });
        await t.handle.db.update(patients).set({ volunteer_id: places.volunteer1 }).where(eq(patients.id, p.id));
        made.push(p.id);
      }
      await refreshLedgers(t.handle.db, made);
      const rows = (await worklist(fo)).data;
      assert.deepEqual(
        rows.map((r) => [r.id, r.current_missed_run, r.days_open, r.level, r.volunteer?.name, r.owner]),
        [
          [made[2], 9, 7, 'Project Officer', 'Daw Aye', await nameOf('Project Officer')],
          [made[1], 4, 2, 'Field Officer', 'Daw Aye', await nameOf('Field Officer')],
          [made[0], 2, 0, 'Volunteer', 'Daw Aye', 'Daw Aye'],
        ],
      );
      assert.deepEqual(
        (await worklist(fo, '&level=Volunteer')).data.map((r) => r.id),
        [made[0]],
      );
      const exported = (await fo.get('follow-ups-export')).json().data as FollowUpRow[];
      assert.deepEqual(
        exported.map((r) => r.id),
        made.slice().reverse(),
      );
    });
  });
}

describe('Missed-dose worklist threshold', async () => {
  const [backend] = await backends();
  const t = useApp(backend!, { followUpThresholdDays: 5 });

  it('lists only runs that reached the configured threshold', async () => {
    const places = await votPlaces(t.handle.db);
    const fo = await t.signInAs('Field Officer');
    const short = await votPatientInDb(t.handle.db, fo, places, daysAgo(4), { type: null });
    const long = await votPatientInDb(t.handle.db, fo, places, daysAgo(6), { type: null });
    await refreshLedgers(t.handle.db, [short.id, long.id]);
    const rows = (await fo.get('follow-ups?page=1')).json().data as FollowUpRow[];
    assert.deepEqual(
      rows.map((r) => [r.id, r.current_missed_run, r.opened_on, r.days_open]),
      [[long.id, 6, daysAgo(2), 1]],
    );
  });
});
