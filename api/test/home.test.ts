import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { HomeFigures, SupervisedTownship } from '@vot/shared/schemas';
import { dots, sessions, users } from '../src/db/schema';
import { emailOf, backends, useApp, type Client } from './helpers';
import { appSignIn, appWorld, MP4_BYTES, sendVisit, type AppWorld } from './app-fixtures';
import { daysAgo, eligiblePatient } from './vot-fixtures';

/**
 * The home's one call (docs/decisions/0190–0191): the counts of what waits today in the user's
 * townships (the Video Reviews queue, the worklist and its actions due), and for a supervising role
 * the review timeliness and staff weekdays with a sign-in per township over the period.
 */
for (const backend of await backends()) {
  describe(`Home figures on ${backend.name}`, () => {
    const t = useApp(backend);
    let w: AppWorld;
    let fo: Client;
    let po: Client;
    let lastMonday: string;

    const home = async (client: Client, query = '') => {
      const res = await client.get(`home${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as HomeFigures;
    };
    const video = async (client: Client, patient_id: number, date: string) => {
      const res = await sendVisit(
        client,
        { uuid: randomUUID(), patient_id, date, work: 3, late_remark: 'No network' },
        { video: MP4_BYTES },
      );
      assert.equal(res.statusCode, 201, res.body);
      return res.json().data.id as number;
    };
    /** Moves a video's arrival `hours` back. */
    const arrivedAgo = (id: number, hours: number) =>
      t.handle.db
        .update(dots)
        .set({ created_at: sql`now() - make_interval(hours => ${hours})` })
        .where(eq(dots.id, id));

    // Hlaingthaya's A and B on VOT for 40 days without a dose (B on the worklist); A's videos:
    // one reviewed in time, one reviewed after 4 days, one 4 days old unreviewed, one just sent; an
    // Insein patient's video reviewed in time. The Field Officer signed in twice last Monday and on
    // last Saturday, and 40 days ago.
    before(async () => {
      w = await appWorld(t);
      fo = await t.signInAs('Field Officer');
      po = await t.signInAs('Project Officer');
      const a = await appSignIn(t.app, 'patient', w.codes.a);
      const inTime = await video(a, w.a.id, daysAgo(4));
      const late = await video(a, w.a.id, daysAgo(6));
      const unreviewed = await video(a, w.a.id, daysAgo(5));
      await video(a, w.a.id, daysAgo(1));
      await arrivedAgo(inTime, 10);
      await arrivedAgo(late, 5 * 24);
      await arrivedAgo(unreviewed, 4 * 24);
      for (const id of [inTime, late])
        assert.equal((await po.post(`video-reviews/${id}`, { dose_taken: true })).statusCode, 200);
      const insein = await eligiblePatient(w.meal, w.places.ins, 30);
      const [row] = await t.handle.db
        .insert(dots)
        .values({
          uuid: randomUUID(),
          patient_id: insein.id,
          date: daysAgo(3),
          work: 3,
          created: 'app',
          video: 'x.mp4',
        })
        .returning({ id: dots.id });
      assert.equal((await po.post(`video-reviews/${row!.id}`, { dose_taken: false })).statusCode, 200);

      const [officer] = await t.handle.db
        .select()
        .from(users)
        .where(eq(users.email, emailOf('Field Officer')));
      const today = new Date(`${daysAgo(0)}T00:00:00Z`);
      lastMonday = daysAgo(((today.getUTCDay() + 6) % 7) + 7);
      const at = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00+06:30`);
      const saturday = daysAgo(((today.getUTCDay() + 1) % 7) + 7);
      await t.handle.db.insert(sessions).values(
        [
          [lastMonday, 8],
          [lastMonday, 15],
          [saturday, 9],
          [daysAgo(40), 9],
        ].map(([day, hour]) => ({
          user_id: officer!.id,
          token_hash: randomUUID(),
          created_at: at(day as string, hour as number),
          last_seen_at: at(day as string, hour as number),
          expires_at: at(day as string, hour as number),
        })),
      );
      // Opened on the Tuesday night and used on the Wednesday morning: two days.
      const [tuesday, wednesday] = [
        daysAgo(((today.getUTCDay() + 6) % 7) + 6),
        daysAgo(((today.getUTCDay() + 6) % 7) + 5),
      ];
      await t.handle.db.insert(sessions).values({
        user_id: officer!.id,
        token_hash: randomUUID(),
        created_at: at(tuesday, 23),
        last_seen_at: at(wednesday, 9),
        expires_at: at(wednesday, 11),
      });
    });

    it("counts what waits in the user's townships today, and gives a Field Officer no supervisors' figures", async () => {
      const { headlines: _shownBelow, ...figures } = await home(fo);
      // A's unreviewed video, past its volunteer's day (the just-sent one is still the volunteer's to
      // review: docs/decisions/0176; the Insein one is reviewed anyway); B, who sent nothing.
      assert.deepEqual(figures, { videos_to_review: 1, follow_ups: 1, follow_ups_due: 1, supervision: null });
      const call = await fo.post('follow-ups', {
        patient_id: w.b.id,
        action: 'Phone call',
        outcome: 'Not reached',
        next_date: daysAgo(-1),
      });
      assert.equal(call.statusCode, 201, call.body);
      const after = await home(fo);
      assert.deepEqual([after.follow_ups, after.follow_ups_due], [1, 0], "B's next call is due tomorrow");
    });

    it("gives each card's headline as its dashboard shows it with no period, in the user's townships", async () => {
      for (const role of ['Field Officer', 'MEAL and Digital Tool Officer', 'MIS Officer'] as const) {
        const client = await t.signInAs(role);
        const dashboard = async (name: string) => {
          const res = await client.get(`${name}`);
          assert.equal(res.statusCode, 200, res.body);
          return res.json().data;
        };
        const [figures, volunteers, patients, votStatus] = await Promise.all([
          home(client),
          dashboard('volunteer-dashboard'),
          dashboard('patient-dashboard'),
          dashboard('dot-status-dashboard'),
        ]);
        assert.deepEqual(
          figures.headlines,
          {
            volunteers: volunteers.total_volunteers,
            patients: patients.total_patients.total,
            on_vot: votStatus.with_volunteers + votStatus.without_volunteers,
          },
          role,
        );
        assert.ok(figures.headlines.patients > 0 && figures.headlines.on_vot > 0, `${role} sees patients on VOT`);
      }
    });

    it('answers a role that reads dashboards but does not follow up with its headlines alone', async () => {
      const figures = await home(await t.signInAs('MIS Officer'));
      assert.deepEqual(
        [figures.videos_to_review, figures.follow_ups, figures.follow_ups_due, figures.supervision],
        [null, null, null, null],
      );
    });

    it('answers a role that follows up but does not review without a video count', async () => {
      const figures = await home(await t.signInAs('Senior Technical Adviser (TB)'));
      assert.equal(figures.videos_to_review, null);
      assert.ok(figures.supervision, 'a programme leader supervises');
    });

    it('gives a supervisor the review timeliness and staff weekdays signed in, per township over the period', async () => {
      const { supervision } = await home(po);
      assert.ok(supervision);
      assert.equal(supervision.end_date, daysAgo(0));
      assert.equal(supervision.start_date, daysAgo(27));
      assert.equal(supervision.review_target_hours, 72);
      assert.ok(supervision.weekdays === 20, 'four whole weeks hold 20 weekdays');
      const byName = (name: string | null) =>
        supervision.townships.find((r) => (r.township?.name ?? null) === name) as SupervisedTownship;
      const hty = byName('Hlaingthaya');
      assert.deepEqual(
        [hty.videos, hty.reviewed_in_time, hty.reviewed_late, hty.not_reviewed],
        [3, 1, 1, 1],
        'the just-sent video is not yet due',
      );
      const officer = hty.staff.find((s) => s.role === 'Field Officer');
      const today = new Date(`${daysAgo(0)}T00:00:00Z`).getUTCDay();
      // Last Monday (twice: one day), Tuesday and Wednesday (one session), not Saturday, not 40 days
      // ago; and today's sign-in on a weekday.
      assert.equal(officer?.days_signed_in, 3 + (today === 0 || today === 6 ? 0 : 1));
      const ins = byName('Insein');
      assert.deepEqual([ins.videos, ins.reviewed_in_time, ins.staff], [1, 1, []]);
      const national = byName(null);
      assert.ok(national.staff.some((s) => s.role === 'Project Officer'));
      assert.ok(!national.staff.some((s) => s.role === 'Admin' || s.role === 'Clinic MO'), 'only reviewing roles');
      assert.equal(supervision.townships.at(-1)?.township, null, 'the staff of no township last');
    });

    it('takes a period and a township, and refuses a bad day with its message', async () => {
      const { supervision } = await home(
        po,
        `?start_date=${lastMonday}&end_date=${lastMonday}&township_id=${w.places.hty}`,
      );
      assert.equal(supervision?.weekdays, 1);
      assert.deepEqual(
        supervision?.townships.map((r) => [r.township?.name, r.staff.map((s) => s.days_signed_in)]),
        [['Hlaingthaya', [1]]],
      );
      const bad = await po.get('home?start_date=2026-13-01');
      assert.equal(bad.statusCode, 400);
      assert.match(bad.json().message, /Start Date/);
    });
  });
}
