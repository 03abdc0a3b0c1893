import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import type {
  NoAppDay,
  NoAppDayList,
  NoAppExportRow,
  Patient,
  VisitDetail,
  VisitExportRow,
  VisitRecord,
} from '@vot/shared/schemas';
import type { Database } from '../src/db/client';
import { auditLog, dots, patients, userTownships, users } from '../src/db/schema';
import { backends, emailOf, useApp, type Client } from './helpers';
import { daysAgo, eligiblePatient, votPlaces, type VotPlaces } from './vot-fixtures';

/** A record as the phone app makes it (created 'app'): the visit screens only read these. */
async function appVisit(
  db: Database,
  patientId: number,
  entryId: number | null,
  date: string,
  over: Partial<typeof dots.$inferInsert> = {},
) {
  const [row] = await db
    .insert(dots)
    .values({
      uuid: randomUUID(),
      patient_id: patientId,
      change_volunteer_id: entryId,
      date,
      work: 1,
      work_status: true,
      created: 'app',
      ...over,
    })
    .returning();
  return row!;
}

for (const backend of await backends()) {
  describe(`VOT visit screens on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;
    let fo: Client;
    let places: VotPlaces;
    /** With a volunteer (App) since 40 days ago. */
    let withVolunteer: Patient;
    let entry: number;
    /** Without a volunteer since 30 days ago. */
    let alone: Patient;
    /** A No App volunteer's patient since 20 days ago, and an Insein one out of the Field Officer's reach. */
    let noApp: Patient;
    let insein: Patient;

    async function onVot(client: Client, township: number, startDaysAgo: number, change: object) {
      const p = await eligiblePatient(client, township, 60);
      assert.equal(
        (await client.update(`move-to-DOT/${p.id}`, { VOT_accept: 'Yes', DOT_start_date: daysAgo(startDaysAgo) }))
          .statusCode,
        200,
      );
      const res = await client.post('change-volunteers', {
        patient_id: p.id,
        change_date: daysAgo(startDaysAgo),
        ...change,
      });
      assert.equal(res.statusCode, 201, res.body);
      return { patient: p, entry: res.json().data.id as number };
    }

    // Sets up patients on VOT with and without a volunteer, and a No App one
    before(async () => {
      places = await votPlaces(t.handle.db);
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      fo = await t.signInAs('Field Officer');
      const a = await onVot(fo, places.hty, 40, {
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
        volunteer_id: places.volunteer1,
        type: 'App',
      });
      withVolunteer = a.patient;
      entry = a.entry;
      alone = (await onVot(fo, places.hty, 30, { pure_or_hybrid: 'Pure', with_volunteer: 'No' })).patient;
      noApp = (
        await onVot(fo, places.hty, 20, {
          pure_or_hybrid: 'Pure',
          with_volunteer: 'Yes',
          volunteer_id: places.volunteer2,
          type: 'No App',
        })
      ).patient;
      insein = (
        await onVot(meal, places.ins, 20, {
          pure_or_hybrid: 'Pure',
          with_volunteer: 'Yes',
          volunteer_id: places.inseinVolunteer,
          type: 'No App',
        })
      ).patient;
    });

    it('lists a patient’s visits newest first, 28 a page, within the date filter; the calendar too', async () => {
      const db = t.handle.db;
      for (let d = 35; d >= 1; d -= 1)
        await appVisit(db, withVolunteer.id, entry, daysAgo(d), {
          work: d % 2 ? 1 : 2,
          late_remark: d === 5 ? 'Phone was off' : null,
        });
      await appVisit(db, withVolunteer.id, entry, daysAgo(3), { work: 3 });
      const page1 = (await fo.get(`DOTs/${withVolunteer.id}?page=1`)).json();
      assert.equal(page1.total, 35);
      assert.equal(page1.data.length, 28);
      assert.equal((page1.data as VisitRecord[])[0]!.date, daysAgo(1));
      const page2 = (await fo.get(`DOTs/${withVolunteer.id}?page=2`)).json().data as VisitRecord[];
      assert.equal(page2.length, 7);
      assert.equal(page2.at(-1)!.date, daysAgo(35));
      // Past the last page: no rows, the total still (the page's rows carry it; an empty page asks again).
      assert.deepEqual((await fo.get(`DOTs/${withVolunteer.id}?page=3`)).json(), {
        data: [],
        total: 35,
        status: 'success',
      });
      const filtered = (
        await fo.get(`DOTs/${withVolunteer.id}?page=1&start_date=${daysAgo(10)}&end_date=${daysAgo(6)}`)
      ).json();
      assert.equal(filtered.total, 5);
      assert.ok((filtered.data as VisitRecord[]).every((r) => r.date >= daysAgo(10) && r.date <= daysAgo(6)));
      const calendar = (await fo.get(`all-DOTs/${withVolunteer.id}?page=1`)).json();
      assert.equal(calendar.total, 36, 'the calendar has every work, the video sent too');
      assert.equal((calendar.data as VisitRecord[])[0]!.date, daysAgo(1));
      assert.equal(calendar.data.length, 28);
    });

    it('refuses bad date filters with the spec messages', async () => {
      const future = await fo.get(`DOTs/${withVolunteer.id}?start_date=${daysAgo(-1)}`);
      assert.equal(future.statusCode, 400);
      assert.equal(future.json().message, 'Start Date may not be after today!');
      const reversed = await fo.get(`all-DOTs/${withVolunteer.id}?start_date=${daysAgo(2)}&end_date=${daysAgo(5)}`);
      assert.deepEqual(reversed.json().errors, { end_date: ['End Date must not be before Start Date!'] });
      assert.equal((await fo.get(`DOTs/${withVolunteer.id}?page=0`)).statusCode, 400);
      assert.equal((await fo.get(`DOTs/${withVolunteer.id}?start_date=yesterday`)).statusCode, 400);
    });

    it('lists a patient without a volunteer 30 a page, as DOTs and total', async () => {
      for (let d = 31; d >= 1; d -= 1)
        await appVisit(t.handle.db, alone.id, null, daysAgo(d % 30), { work: 3, video: `v-${d}.webm` });
      const made = await fo.post('DOT-without-volunteer-dashboard', {
        patient_id: alone.id,
        date: daysAgo(0),
        dose_taken: 'Yes',
        remark: 'Called the patient',
      });
      assert.equal(made.statusCode, 201, made.body);
      const res = (await fo.get(`NoVolunteer-DOTs/${alone.id}?page=1`)).json();
      assert.equal(res.total, 32);
      assert.equal(res.DOTs.length, 30);
      assert.deepEqual(res.DOTs, res.data);
      assert.equal((res.DOTs as VisitRecord[])[0]!.created, 'dashboard');
    });

    it('shows one record with its volunteer, type, patient and township', async () => {
      const [visit] = await t.handle.db
        .select()
        .from(dots)
        .where(and(eq(dots.patient_id, withVolunteer.id), eq(dots.date, daysAgo(2))));
      await t.handle.db
        .update(dots)
        .set({ DOT_records: [{ medicine_name: 'Bedaquiline', quantity: 2 }], actions: '1,3', sign: 'stored-sign.png' })
        .where(eq(dots.id, visit!.id));
      const res = await fo.get(`DOT/${visit!.id}`);
      assert.equal(res.statusCode, 200, res.body);
      const detail = res.json().data as VisitDetail;
      assert.deepEqual(detail.DOT_records, [{ medicine_name: 'Bedaquiline', quantity: 2 }]);
      assert.deepEqual(detail.change_volunteer, {
        type: 'App',
        volunteer: { name: 'Daw Aye', code: 'code-Daw Aye', volunteer_id_gf: null },
      });
      assert.equal(detail.patient.name, withVolunteer.name);
      assert.equal(detail.township.name, 'Hlaingthaya');
      assert.equal(detail.actions, '1,3');
      // Signed links by the visit's uuid (the app API's file routes serve them); none without a file.
      assert.match(
        detail.sign_url ?? '',
        new RegExp(`^/api/v1/DOT-sign/${visit!.uuid}\\?expires=\\d+&session=s\\d+&signature=[0-9a-f]+$`),
      );
      assert.equal(detail.video_url, null);
      assert.equal((await fo.get('DOT/999999')).statusCode, 404);
    });

    it('updates Dose taken and the remark, and deletes only records made on the dashboard: app records are a 409', async () => {
      const made = await fo.post('DOT-with-volunteer-dashboard', {
        patient_id: withVolunteer.id,
        date: daysAgo(1),
        dose_taken: 'Yes',
        remark: 'Visited',
      });
      const id = made.json().data.id as number;
      const empty = await fo.update(`DOT/${id}`, { dose_taken: 'Yes', remark: '' });
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().message, 'Remark is required!');
      const updated = await fo.update(`DOT/${id}`, { dose_taken: 'Yes', remark: 'Visited at home' });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal(updated.json().message, 'DOT has been updated successfully!');
      assert.equal(((await fo.get(`DOT/${id}`)).json().data as VisitDetail).remark, 'Visited at home');
      const [app] = await t.handle.db
        .select()
        .from(dots)
        .where(and(eq(dots.patient_id, withVolunteer.id), eq(dots.created, 'app')))
        .limit(1);
      const appUpdate = await fo.update(`DOT/${app!.id}`, { dose_taken: 'Yes', remark: 'x' });
      assert.equal(appUpdate.statusCode, 409);
      assert.equal(appUpdate.json().message, 'This VOT record was made in the phone app and cannot be changed here.');
      assert.equal((await fo.del(`DOT/${app!.id}`)).statusCode, 409);
      const deleted = await fo.del(`DOT/${id}`);
      assert.equal(deleted.statusCode, 200);
      assert.equal(deleted.json().message, 'DOT has been deleted successfully!');
      assert.equal((await fo.get(`DOT/${id}`)).statusCode, 404);
      const audit = await t.handle.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'dots'), eq(auditLog.entity_id, id)));
      assert.deepEqual(audit.map((a) => a.action).sort(), ['create', 'delete', 'update']);
      const update = audit.find((a) => a.action === 'update')!;
      assert.equal((update.before as VisitRecord).remark, 'Visited');
      assert.equal((update.after as VisitRecord).remark, 'Visited at home');
    });

    it('exports DOT-APP, All-VOT and All-Patient-VOTs rows with medicines, volunteer and township', async () => {
      const dotApp = (
        await fo.get(`export-DOTs/${withVolunteer.id}?start_date=${daysAgo(2)}&end_date=${daysAgo(2)}`)
      ).json().data as VisitExportRow[];
      assert.equal(dotApp.length, 1);
      assert.equal(dotApp[0]!.medicines, 'Bedaquiline x 2');
      assert.deepEqual(dotApp[0]!.volunteer, { name: 'Daw Aye', code: 'code-Daw Aye' });
      assert.equal(dotApp[0]!.type, 'App');
      assert.equal(dotApp[0]!.township.name, 'Hlaingthaya');
      assert.equal(((await fo.get(`export-all-DOTs/${withVolunteer.id}`)).json().data as VisitExportRow[]).length, 36);
      const missing = await fo.get('export-all-patient-DOTs');
      assert.equal(missing.statusCode, 400);
      assert.equal(missing.json().message, 'Start Date is required!');
      const all = (await meal.get(`export-all-patient-DOTs?start_date=${daysAgo(40)}&end_date=${daysAgo(0)}`)).json()
        .data as VisitExportRow[];
      assert.deepEqual([...new Set(all.map((r) => r.patient.name))].sort(), [alone.name, withVolunteer.name].sort());
      const hty = (
        await meal.get(
          `export-all-patient-DOTs?start_date=${daysAgo(40)}&end_date=${daysAgo(0)}&township_id=${places.ins}`,
        )
      ).json().data as VisitExportRow[];
      assert.equal(hty.length, 0);
    });

    it('creates no-app days from a range: every day once, within the VOT dates, only for a No App patient', async () => {
      const create = (dates: string[], patient_id = noApp.id, client = fo) =>
        client.post('NoApp-DOTs', { patient_id, dates });
      const empty = await fo.post('NoApp-DOTs', {});
      assert.equal(empty.statusCode, 400);
      assert.equal(empty.json().errors.dates[0], 'Start Date is required!');
      assert.equal((await create([daysAgo(21)])).statusCode, 400, 'before the DOT start date');
      assert.equal((await create([daysAgo(-1)])).statusCode, 400, 'after today');
      assert.equal((await create(['not a day'])).statusCode, 400);
      assert.equal((await create([daysAgo(1)], withVolunteer.id)).statusCode, 409, 'an App patient');
      const week = [6, 5, 4, 3, 2, 1, 0].map(daysAgo);
      const first = await create(week.slice(0, 4));
      assert.equal(first.statusCode, 201, first.body);
      assert.equal(first.json().message, 'DOT has been created successfully!');
      // The next range starts on the last existing day (SPEC.md §5): that day is not made twice.
      const second = await create(week.slice(3));
      assert.equal((second.json().data as NoAppDay[]).length, 3);
      const list = (await fo.get(`NoApp-DOTs/${noApp.id}?page=1`)).json() as NoAppDayList;
      assert.deepEqual(
        list.data.map((d) => d.date),
        [...week].reverse(),
      );
      assert.equal(list.last_date, daysAgo(0));
      assert.deepEqual(list.counts, { achieved: 0, notAchieved: 0, notMarked: 7 });
      const none = (await fo.get(`NoApp-DOTs/${alone.id}`)).json() as NoAppDayList;
      assert.deepEqual([none.data, none.total, none.last_date], [[], 0, null]);
      // Past the last page: no days, the counters still.
      const past = (await fo.get(`NoApp-DOTs/${noApp.id}?page=2`)).json() as NoAppDayList;
      assert.deepEqual(
        [past.data, past.total, past.counts, past.last_date],
        [[], 7, { achieved: 0, notAchieved: 0, notMarked: 7 }, daysAgo(0)],
      );
      // No-app days are in no visit list.
      assert.equal((await fo.get(`all-DOTs/${noApp.id}`)).json().total, 0);
    });

    it('ticks, resets and deletes a day; counts and export follow; another township’s day is not found', async () => {
      const days = ((await fo.get(`NoApp-DOTs/${noApp.id}`)).json() as NoAppDayList).data.reverse();
      const tick = (id: number) => fo.get(`change-status-NoApp-DOTs/${id}`);
      assert.equal(((await tick(days[0]!.id)).json().data as NoAppDay).work_status, true);
      assert.equal(((await tick(days[1]!.id)).json().data as NoAppDay).work_status, true);
      assert.equal(
        ((await tick(days[1]!.id)).json().data as NoAppDay).work_status,
        false,
        'a second tick: not achieved',
      );
      await tick(days[2]!.id);
      const reset = await fo.get(`delete-status-NoApp-DOTs/${days[2]!.id}`);
      assert.equal((reset.json().data as NoAppDay).work_status, null);
      const removed = await fo.del(`NoApp-DOTs/${days[3]!.id}`);
      assert.equal(removed.json().message, 'DOT has been deleted successfully!');
      const list = (await fo.get(`NoApp-DOTs/${noApp.id}?start_date=${daysAgo(6)}`)).json() as NoAppDayList;
      assert.deepEqual(list.counts, { achieved: 1, notAchieved: 1, notMarked: 4 });
      const rows = (await fo.get(`export-NoApp-DOTs/${noApp.id}`)).json().data as NoAppExportRow[];
      assert.deepEqual(
        rows.slice(0, 3).map((r) => [r.patient.name, r.date, r.work_status]),
        [
          [noApp.name, daysAgo(6), true],
          [noApp.name, daysAgo(5), false],
          [noApp.name, daysAgo(4), null],
        ],
      );
      assert.equal(rows.length, 6);
      // Insein is not the Field Officer's.
      await meal.post('NoApp-DOTs', { patient_id: insein.id, dates: [daysAgo(1)] });
      const theirs = ((await meal.get(`NoApp-DOTs/${insein.id}`)).json() as NoAppDayList).data[0]!;
      assert.equal((await tick(theirs.id)).statusCode, 404);
      assert.equal((await fo.del(`NoApp-DOTs/${theirs.id}`)).statusCode, 404);
      assert.equal((await fo.get(`NoApp-DOTs/${insein.id}`)).statusCode, 404);
      assert.equal((await fo.post('NoApp-DOTs', { patient_id: insein.id, dates: [daysAgo(2)] })).statusCode, 404);
      // A visit id is not a no-app day.
      const [visit] = await t.handle.db.select().from(dots).where(eq(dots.patient_id, withVolunteer.id)).limit(1);
      assert.equal((await tick(visit!.id)).statusCode, 404);
    });

    it('keeps a Field Officer to their townships on every visit call', async () => {
      const [theirs] = await t.handle.db
        .insert(dots)
        .values({
          uuid: randomUUID(),
          patient_id: insein.id,
          date: daysAgo(1),
          work: 6,
          created: 'dashboard',
          remark: 'x',
        })
        .returning();
      for (const url of [
        `DOTs/${insein.id}`,
        `all-DOTs/${insein.id}`,
        `NoVolunteer-DOTs/${insein.id}`,
        `DOT/${theirs!.id}`,
        `export-DOTs/${insein.id}`,
        `export-all-DOTs/${insein.id}`,
        `export-NoApp-DOTs/${insein.id}`,
      ]) {
        assert.equal((await fo.get(`${url}`)).statusCode, 404, url);
      }
      assert.equal((await fo.update(`DOT/${theirs!.id}`, { dose_taken: 'Yes', remark: 'y' })).statusCode, 404);
      assert.equal((await fo.del(`DOT/${theirs!.id}`)).statusCode, 404);
      const all = (await fo.get(`export-all-patient-DOTs?start_date=${daysAgo(40)}&end_date=${daysAgo(0)}`)).json()
        .data as VisitExportRow[];
      assert.ok(all.every((r) => r.township.name === 'Hlaingthaya'));
      assert.ok(all.length > 0);

      // The visit reads are statements kept once for every Field Officer, their townships a value
      // (lib/scope.ts inGivenScope): moved to Insein, the same Field Officer reads Insein only.
      const [account] = await t.handle.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, emailOf('Field Officer')));
      const moveTo = async (township: number) => {
        await t.handle.db.delete(userTownships).where(eq(userTownships.user_id, account!.id));
        await t.handle.db.insert(userTownships).values({ user_id: account!.id, township_id: township });
      };
      await moveTo(places.ins);
      try {
        for (const url of [
          `DOTs/${insein.id}?page=1`,
          `all-DOTs/${insein.id}?page=1`,
          `NoVolunteer-DOTs/${insein.id}?page=1`,
          `NoApp-DOTs/${insein.id}?page=1`,
          `DOT/${theirs!.id}`,
        ]) {
          assert.equal((await fo.get(`${url}`)).statusCode, 200, url);
        }
        for (const url of [`DOTs/${withVolunteer.id}?page=1`, `NoApp-DOTs/${noApp.id}?page=1`])
          assert.equal((await fo.get(`${url}`)).statusCode, 404, url);
      } finally {
        await moveTo(places.hty);
      }
      assert.equal((await fo.get(`DOTs/${withVolunteer.id}?page=1`)).statusCode, 200);
      assert.equal((await fo.get(`DOTs/${insein.id}?page=1`)).statusCode, 404);

      // A patient in the trash has no visit screens: the reads ask for an active patient.
      const [record] = await t.handle.db
        .select({ id: dots.id })
        .from(dots)
        .where(eq(dots.patient_id, withVolunteer.id))
        .limit(1);
      const setStatus = (id: number, status: number) =>
        t.handle.db.update(patients).set({ status }).where(eq(patients.id, id));
      await setStatus(withVolunteer.id, 0);
      await setStatus(noApp.id, 0);
      try {
        for (const url of [
          `DOTs/${withVolunteer.id}?page=1`,
          `all-DOTs/${withVolunteer.id}?page=9`,
          `NoVolunteer-DOTs/${withVolunteer.id}`,
          `DOT/${record!.id}`,
          `NoApp-DOTs/${noApp.id}`,
        ]) {
          assert.equal((await meal.get(`${url}`)).statusCode, 404, url);
        }
      } finally {
        await setStatus(withVolunteer.id, 1);
        await setStatus(noApp.id, 1);
      }
      assert.equal((await meal.get(`DOTs/${withVolunteer.id}?page=1`)).statusCode, 200);
    });
  });
}
