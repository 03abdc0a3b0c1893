import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { REFERRAL_MESSAGES } from '@vot/shared/schemas';
import { auditLog, communityReferrals } from '../src/db/schema';
import type { RequestUser } from '../src/http/auth';
import { findCommunity, listCommunities } from '../src/routes/communities/repository';
import { createTownships, createVolunteer } from './fixtures';
import { backends, useApp, type Client } from './helpers';

const row = (place: string, male: number, female: number) => ({ place, male, female, total: male + female });

for (const backend of await backends()) {
  describe(`communities on ${backend.name}`, () => {
    const t = useApp(backend);
    let staff: Client;
    let reader: Client;
    const ids = {} as Record<'hty' | 'ins' | 'aye' | 'mya' | 'trashed' | 'first' | 'second', number>;

    // Two townships and their volunteers, one in the trash.
    before(async () => {
      staff = await t.signInAs('Project Officer');
      reader = await t.signInAs('MEAL Associate');
      const { hty, ins } = await createTownships(t, { hty: 'Hlaingthaya', ins: 'Insein' });
      const aye = await createVolunteer(t, 'Daw Aye', hty);
      const mya = await createVolunteer(t, 'Daw Mya', ins);
      const trashed = await createVolunteer(t, 'U Ba', hty, { trash: true });
      Object.assign(ids, { hty, ins, aye, mya, trashed });
    });

    it("validates with the spec's messages", async () => {
      const empty = await staff.post('communities', {});
      assert.equal(empty.statusCode, 400);
      assert.deepEqual(empty.json().errors, {
        volunteer_id: ['Volunteer is required!'],
        date: ['Date is required!'],
        referral: ['Referral is required!'],
      });
      const base = { volunteer_id: ids.aye, date: '2025-03-01', referral: 1 };
      assert.deepEqual((await staff.post('communities', base)).json().errors, {
        referrals: [REFERRAL_MESSAGES.noRows],
      });
      const blank = await staff.post('communities', {
        ...base,
        referrals: [{ male: '', female: '', total: '', place: '' }],
      });
      assert.deepEqual(blank.json().errors, {
        'referrals[0].male': [REFERRAL_MESSAGES.male],
        'referrals[0].female': [REFERRAL_MESSAGES.female],
        'referrals[0].total': [REFERRAL_MESSAGES.total],
        'referrals[0].place': [REFERRAL_MESSAGES.place],
      });
      const wrongSum = await staff.post('communities', {
        ...base,
        referrals: [{ place: 'Township Hospital', male: 1, female: 2, total: 4 }],
      });
      assert.deepEqual(wrongSum.json().errors, { 'referrals[0].total': [REFERRAL_MESSAGES.totalMismatch] });
      const twice = await staff.post('communities', {
        ...base,
        referrals: [row('Township Hospital', 1, 1), row('Township Hospital', 2, 0)],
      });
      assert.deepEqual(twice.json().errors, { referrals: [REFERRAL_MESSAGES.placeTwice] });
      const future = await staff.post('communities', { ...base, date: '2999-01-01', referral: 0 });
      assert.deepEqual(future.json().errors, { date: ['Date may not be after today!'] });
    });

    it('needs an active volunteer', async () => {
      for (const volunteer_id of [999999, ids.trashed]) {
        const res = await staff.post('communities', { volunteer_id, date: '2025-03-01', referral: 0 });
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().message, 'Volunteer not found.');
      }
    });

    it('creates an activity with its referral rows, and drops rows when referral is No', async () => {
      const res = await staff.post('communities', {
        volunteer_id: ids.aye,
        date: '2025-03-01',
        referral: 1,
        referrals: [row('Township Hospital', 2, 3), row('Private Clinic (PPM)', 0, 1)],
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().message, 'Community has been created successfully!');
      const data = res.json().data;
      ids.first = data.id;
      assert.deepEqual(data, {
        id: data.id,
        volunteer: { id: ids.aye, name: 'Daw Aye', township: { id: ids.hty, name: 'Hlaingthaya' } },
        date: '2025-03-01',
        referral: 1,
        referrals: [
          { place: 'Township Hospital', male: 2, female: 3, total: 5 },
          { place: 'Private Clinic (PPM)', male: 0, female: 1, total: 1 },
        ],
      });
      const no = await staff.post('communities', {
        volunteer_id: ids.mya,
        date: '2025-03-02',
        referral: 0,
        referrals: [row('Other', 1, 1)],
      });
      assert.equal(no.statusCode, 201);
      assert.deepEqual(no.json().data.referrals, []);
      ids.second = no.json().data.id;
      assert.deepEqual((await staff.get(`communities/${ids.first}`)).json().data, data);
      assert.equal((await staff.get('communities/999999')).statusCode, 404);
      assert.equal(
        (await reader.post('communities', { volunteer_id: ids.aye, date: '2025-03-01', referral: 0 })).statusCode,
        403,
      );
    });

    it('lists newest date first, paged, with the township, volunteer and date filters', async () => {
      for (let day = 10; day <= 20; day++) {
        const res = await staff.post('communities', {
          volunteer_id: day % 2 ? ids.aye : ids.mya,
          date: `2025-04-${day}`,
          referral: 0,
        });
        assert.equal(res.statusCode, 201);
      }
      const page1 = (await reader.get('communities?page=1')).json();
      assert.equal(page1.total, 13);
      assert.equal(page1.data.length, 10);
      assert.equal(page1.data[0].date, '2025-04-20');
      const page2 = (await reader.get('communities?page=2')).json();
      assert.deepEqual(
        page2.data.map((c: { date: string }) => c.date),
        ['2025-04-10', '2025-03-02', '2025-03-01'],
      );
      assert.equal(page2.data[2].referrals.length, 2);

      const dates = async (query: string) =>
        (await reader.get(`communities?${query}`)).json().data.map((c: { date: string }) => c.date);
      assert.equal((await dates(`township_id=${ids.ins}`)).length, 7);
      assert.equal((await dates(`township_id[]=${ids.ins}`)).length, 7, 'the bracket form filters too');
      assert.deepEqual(await dates(`volunteer_id=${ids.aye}&start_date=2025-04-12&end_date=2025-04-16`), [
        '2025-04-15',
        '2025-04-13',
      ]);
      assert.deepEqual(await dates('start_date=2025-04-19'), ['2025-04-20', '2025-04-19']);
      assert.deepEqual(await dates('end_date=2025-03-31&township_id='), ['2025-03-02', '2025-03-01']);
      assert.deepEqual(await dates(`township_id=${ids.hty}&volunteer_id=${ids.mya}`), []);

      const backwards = await reader.get('communities?start_date=2025-04-12&end_date=2025-04-01');
      assert.equal(backwards.statusCode, 400);
      assert.deepEqual(backwards.json().errors, { end_date: ['End Date must not be before Start Date!'] });
      assert.deepEqual((await reader.get('communities?start_date=2025-02-30')).json().errors, {
        start_date: ['Start Date must be a date (yyyy-mm-dd)!'],
      });
      assert.deepEqual((await reader.get('communities?township_id=abc')).json().errors, {
        township_id: ['Township is not valid!'],
      });
      assert.equal((await reader.get('communities?page=0')).statusCode, 400);
    });

    it('takes several townships as township_id[], as the volunteers list does, and refuses a repeated plain township_id', async () => {
      const total = async (query: string) => (await reader.get(`communities?${query}`)).json().total as number;
      const both = (await total(`township_id=${ids.ins}`)) + (await total(`township_id=${ids.hty}`));
      assert.equal(await total(`township_id[]=${ids.ins}&township_id[]=${ids.hty}`), both);
      assert.equal((await reader.get(`communities?township_id=${ids.ins}&township_id=${ids.hty}`)).statusCode, 400);
    });

    it("limits a township-bound user to their townships' volunteers", async () => {
      const fieldOfficer = (township_ids: number[]): RequestUser => ({
        id: 1,
        name: 'FO',
        email: 'fo@test.local',
        role: 'Field Officer',
        project_id: null,
        township_id: null,
        session_id: 1,
        township_ids,
      });
      const all = { limit: undefined, offset: 0 };
      const inHty = await listCommunities(t.handle.db, fieldOfficer([ids.hty]), {}, all);
      assert.equal(inHty.total, 6);
      assert.ok(inHty.data.every((c) => c.volunteer.township?.id === ids.hty));
      assert.equal(
        (await listCommunities(t.handle.db, fieldOfficer([ids.hty]), { township_id: [ids.ins] }, all)).total,
        0,
      );
      assert.equal((await listCommunities(t.handle.db, fieldOfficer([]), {}, all)).total, 0);
      assert.equal((await findCommunity(t.handle.db, fieldOfficer([ids.hty]), ids.first)).id, ids.first);
      await assert.rejects(findCommunity(t.handle.db, fieldOfficer([ids.hty]), ids.second), {
        statusCode: 404,
        message: 'Community not found.',
      });
    });

    it('updates and replaces every referral row', async () => {
      const url = `communities/${ids.first}`;
      const res = await staff.update(url, {
        volunteer_id: ids.mya,
        date: '2025-03-05',
        referral: 1,
        referrals: [row('Station Hospital', 4, 4)],
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Community has been updated successfully!');
      assert.deepEqual(res.json().data.volunteer, {
        id: ids.mya,
        name: 'Daw Mya',
        township: { id: ids.ins, name: 'Insein' },
      });
      assert.deepEqual(res.json().data.referrals, [{ place: 'Station Hospital', male: 4, female: 4, total: 8 }]);
      const stored = await t.handle.db
        .select()
        .from(communityReferrals)
        .where(eq(communityReferrals.community_id, ids.first));
      assert.equal(stored.length, 1);

      assert.equal(
        (await staff.update(url, { volunteer_id: ids.trashed, date: '2025-03-05', referral: 0 })).statusCode,
        404,
      );
      assert.equal(
        (
          await staff.update('communities/999999', {
            volunteer_id: ids.aye,
            date: '2025-03-05',
            referral: 0,
          })
        ).statusCode,
        404,
      );
      assert.equal((await staff.post(url, {})).statusCode, 405);
      const none = await staff.update(url, { volunteer_id: ids.mya, date: '2025-03-05', referral: 0 });
      assert.deepEqual(none.json().data.referrals, []);

      const [entry] = await t.handle.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'communities'), eq(auditLog.action, 'update'), eq(auditLog.entity_id, ids.first)),
        )
        .orderBy(auditLog.id)
        .limit(1);
      assert.equal((entry!.before as { referrals: unknown[] }).referrals.length, 2);
      assert.equal((entry!.after as { referrals: unknown[] }).referrals.length, 1);
    });

    it('deletes an activity with its referral rows, keeping them in the audit entry', async () => {
      await staff.update(`communities/${ids.first}`, {
        volunteer_id: ids.mya,
        date: '2025-03-05',
        referral: 1,
        referrals: [row('Other', 1, 0)],
      });
      assert.equal((await reader.del(`communities/${ids.first}`)).statusCode, 403);
      const res = await staff.del(`communities/${ids.first}`);
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().message, 'Community has been deleted successfully!');
      assert.equal((await staff.get(`communities/${ids.first}`)).statusCode, 404);
      assert.equal((await staff.del(`communities/${ids.first}`)).statusCode, 404);
      assert.deepEqual(
        await t.handle.db.select().from(communityReferrals).where(eq(communityReferrals.community_id, ids.first)),
        [],
      );
      const [entry] = await t.handle.db.select().from(auditLog).where(eq(auditLog.action, 'delete'));
      assert.equal(entry!.entity_id, ids.first);
      assert.deepEqual((entry!.before as { referrals: unknown[] }).referrals, [
        { place: 'Other', male: 1, female: 0, total: 1 },
      ]);
      assert.equal((await reader.get('communities')).json().total, 12);
    });
  });
}
