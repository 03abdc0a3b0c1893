import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { todayIn } from '@vot/shared/domain';
import type { Patient, VotReport } from '@vot/shared/schemas';
import { patients } from '../src/db/schema';
import { backends, useApp, type Client } from './helpers';
import { daysAgo, eligiblePatient, votPlaces, type VotPlaces } from './vot-fixtures';

/**
 * Screened / eligible / declined decisions carry the day they were made
 * (docs/decisions/0132-dated-decisions.md): stored when made, whatever the route; the VOT report
 * counts them as of its End Date, so a past quarter's report does not count a later decision.
 */
for (const backend of await backends()) {
  describe(`Dated VOT decisions on ${backend.name}`, () => {
    const t = useApp(backend);
    let places: VotPlaces;
    let meal: Client;
    let patient: Patient;
    const row = async (endDate: string, township = 'Hlaingthaya') => {
      const res = await meal.get(`VOT-report?start_date=${daysAgo(400)}&end_date=${endDate}`);
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as VotReport).data.find((r) => r.township === township);
    };

    // A Hlaingthaya patient whose treatment started 60 days ago, screened eligible today, then declining VOT today
    before(async () => {
      places = await votPlaces(t.handle.db);
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      patient = await eligiblePatient(meal, places.hty, 60);
    });

    it('stores the day each decision is made, and clears it with the decision', async () => {
      assert.equal(patient.VOT_eligible_date, todayIn());
      assert.equal(patient.VOT_accept_date, null);
      const declined = await meal.update(`VOT-accept/${patient.id}`, {
        VOT_accept: 'No',
        VOT_not_accept_reason: 'Family does not agree',
      });
      assert.equal(declined.statusCode, 200, declined.body);
      assert.equal((declined.json().data as Patient).VOT_accept_date, todayIn());
      // A change of another field keeps the day; a new answer is a new decision of today.
      await t.handle.db
        .update(patients)
        .set({ VOT_eligible_date: daysAgo(30), VOT_accept_date: daysAgo(20) })
        .where(eq(patients.id, patient.id));
      const reason = await meal.update(`VOT-accept/${patient.id}`, {
        VOT_accept: 'No',
        VOT_not_accept_reason: 'Privacy concern',
      });
      assert.equal(reason.statusCode, 200, reason.body);
      const kept = (await meal.get(`patients/${patient.id}`)).json().data as Patient;
      assert.deepEqual([kept.VOT_eligible_date, kept.VOT_accept_date], [daysAgo(30), daysAgo(20)]);
    });

    it('counts screened, eligible and declined as of the report day: not before the decision was made', async () => {
      const before = await row(daysAgo(31));
      assert.equal(before, undefined, 'screened 30 days ago: in no row of a report as of 31 days ago');
      const screenedOnly = await row(daysAgo(25));
      assert.deepEqual(
        [screenedOnly?.screened.total, screenedOnly?.eligible.total, screenedOnly?.declined.total],
        [1, 1, 0],
      );
      const now = await row(todayIn());
      assert.deepEqual(
        [now?.screened.total, now?.eligible.total, now?.declined.total, now?.declined.privacy],
        [1, 1, 1, 1],
      );
    });

    it('keeps each decision changed later, and counts the one in force on the report day', async () => {
      // An Insein patient: not eligible 50 days ago, eligible 40 days ago, declined (family) 30 days
      // ago, accepted today. The days are given as an import of past decisions gives them.
      const p = await eligiblePatient(meal, places.ins, 60);
      const dated = (set: Partial<typeof patients.$inferInsert>) =>
        t.handle.db.update(patients).set(set).where(eq(patients.id, p.id));
      await dated({ VOT_eligible: 'No', VOT_eligible_date: daysAgo(50) });
      await dated({ VOT_eligible: 'Yes', VOT_eligible_date: daysAgo(40) });
      await dated({ VOT_accept: 'No', VOT_not_accept_reason: 'Family does not agree', VOT_accept_date: daysAgo(30) });
      const accepted = await meal.update(`VOT-accept/${p.id}`, { VOT_accept: 'Yes' });
      assert.equal(accepted.statusCode, 200, accepted.body);

      const groups = async (day: string) => {
        const r = await row(day, 'Insein');
        return r && [r.screened.total, r.eligible.total, r.declined.total, r.declined.family];
      };
      assert.equal(await groups(daysAgo(55)), undefined, 'not yet screened');
      assert.deepEqual(await groups(daysAgo(45)), [1, 0, 0, 0], 'screened, not eligible');
      assert.deepEqual(await groups(daysAgo(35)), [1, 1, 0, 0], 'eligible, not yet decided');
      assert.deepEqual(await groups(daysAgo(25)), [1, 1, 1, 1], 'declined for the family');
      assert.deepEqual(await groups(todayIn()), [1, 1, 0, 0], 'accepted today');

      // The patient's answer lists the decisions, oldest first.
      const history = ((await meal.get(`patients/${p.id}`)).json().data as Patient).VOT_decisions;
      assert.deepEqual(
        history.map((d) => [d.kind, d.value, d.decided_at]),
        [
          ['eligible', 'Yes', todayIn()],
          ['eligible', 'No', daysAgo(50)],
          ['eligible', 'Yes', daysAgo(40)],
          ['accept', 'No', daysAgo(30)],
          ['accept', 'Yes', todayIn()],
        ],
      );
    });
  });
}
