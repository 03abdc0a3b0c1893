import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { todayIn } from '@vot/shared/domain';
import { assignTownships, createTownships } from './fixtures';
import { backends, useApp, type Client } from './helpers';

for (const backend of await backends()) {
  describe(`trainings on ${backend.name}`, () => {
    const t = useApp(backend);
    /** Trainings are kept by activity staff; volunteers by MEAL. */
    let officer: Client;
    let meal: Client;
    let fo: Client;
    const ids: { [key: string]: number } = {};

    async function volunteerIn(townshipId: number, name: string): Promise<number> {
      const res = await meal.post('volunteers', {
        name,
        gender: 'Male',
        age: 41,
        address: 'Ward 3',
        phone1: '09450000000',
        both_mdr_and_picts: 1,
        education_status: 'Higher',
        occupation: 'AMW',
        township_id: townshipId,
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().data.id;
    }

    // A volunteer in Hlaingthaya (the Field Officer’s) and one in Insein.
    before(async () => {
      const { hty, ins } = await createTownships(t, { hty: 'Hlaingthaya', ins: 'Insein' });
      await assignTownships(t, 'Field Officer', [hty]);
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      officer = await t.signInAs('Project Officer');
      fo = await t.signInAs('Field Officer');
      ids.hty = hty;
      ids.aung = await volunteerIn(hty, 'Ko Aung');
      ids.min = await volunteerIn(ins, 'Ko Min');
    });

    it("answers the training schema's messages as 400 field errors", async () => {
      const empty = await officer.post('trainings', {});
      assert.equal(empty.statusCode, 400);
      assert.deepEqual(empty.json().errors, {
        volunteer_id: ['Volunteer is required!'],
        date: ['Date is required!'],
        type: ['Type is required!'],
      });
      const bad = await officer.post('trainings', {
        volunteer_id: ids.aung,
        date: '2025-02-30',
        type: 'Weekend',
      });
      assert.deepEqual(bad.json().errors, { date: ['Date must be a date (yyyy-mm-dd)!'], type: ['Type is required!'] });
      const future = await officer.post('trainings', {
        volunteer_id: ids.aung,
        date: '2999-01-01',
        type: 'New',
      });
      assert.deepEqual(future.json().errors, { date: ['Date may not be after today!'] });
      const nobody = await officer.post('trainings', { volunteer_id: 999999, date: '2025-03-01', type: 'New' });
      assert.equal(nobody.statusCode, 404);
      assert.equal(nobody.json().message, 'Volunteer not found.');
    });

    it('creates, shows, updates and deletes a training, each audited', async () => {
      const res = await officer.post('trainings', {
        volunteer_id: String(ids.aung),
        date: todayIn(),
        type: 'New',
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().message, 'Training has been created successfully!');
      const training = res.json().data;
      assert.deepEqual(training, {
        id: training.id,
        volunteer: { id: ids.aung, name: 'Ko Aung', township: { id: ids.hty, name: 'Hlaingthaya' } },
        date: todayIn(),
        type: 'New',
      });
      assert.deepEqual((await officer.get(`trainings/${training.id}`)).json(), {
        data: training,
        status: 'success',
      });

      const updated = await officer.update(`trainings/${training.id}`, {
        volunteer_id: ids.aung,
        date: '2025-01-15',
        type: 'Refresher',
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal(updated.json().message, 'Training has been updated successfully!');
      assert.equal(updated.json().data.type, 'Refresher');
      assert.equal(updated.json().data.date, '2025-01-15');

      const deleted = await officer.del(`trainings/${training.id}`);
      assert.equal(deleted.json().message, 'Training has been deleted successfully!');
      assert.equal((await officer.get(`trainings/${training.id}`)).statusCode, 404);
      assert.equal((await officer.del(`trainings/${training.id}`)).statusCode, 404);

      const audit = (await t.auditEntries()).filter((e) => e.entity === 'trainings' && e.entity_id === training.id);
      assert.deepEqual(
        audit.map((e) => e.action),
        ['create', 'update', 'delete'],
      );
      assert.equal((audit[1]!.before as { type: string }).type, 'New');
      assert.equal((audit[1]!.after as { type: string }).type, 'Refresher');
    });

    it('lists one volunteer’s trainings newest first, paged, with the month filter', async () => {
      for (let day = 1; day <= 11; day++) {
        const res = await officer.post('trainings', {
          volunteer_id: ids.aung,
          date: `2025-03-${String(day).padStart(2, '0')}`,
          type: 'On Job',
        });
        assert.equal(res.statusCode, 201, res.body);
      }
      await officer.post('trainings', { volunteer_id: ids.aung, date: '2025-04-01', type: 'Refresher' });
      await officer.post('trainings', { volunteer_id: ids.min, date: '2025-03-05', type: 'New' });

      const all = (await officer.get(`volunteer-trainings/${ids.aung}?page=1`)).json();
      assert.equal(all.status, 'success');
      assert.equal(all.total, 12);
      assert.equal(all.data.length, 10);
      assert.equal(all.data[0].date, '2025-04-01');
      const march = (await officer.get(`volunteer-trainings/${ids.aung}?page=2&month_year=2025-03`)).json();
      assert.equal(march.total, 11);
      assert.deepEqual(
        march.data.map((x: { date: string }) => x.date),
        ['2025-03-01'],
      );
      assert.equal((await officer.get(`volunteer-trainings/${ids.aung}?month_year=2025-04`)).json().data.length, 1);
      assert.equal((await officer.get(`volunteer-trainings/${ids.aung}?month_year=2025-05`)).json().total, 0);
      assert.equal((await officer.get(`volunteer-trainings/${ids.aung}?month_year=`)).json().total, 12);
      for (const month of ['2025-13', '2025-3', 'March']) {
        const bad = await officer.get(`volunteer-trainings/${ids.aung}?month_year=${month}`);
        assert.equal(bad.statusCode, 400, month);
        assert.deepEqual(bad.json().errors, { month_year: ['Month must be a month (yyyy-mm)!'] });
      }
      assert.equal((await officer.get('volunteer-trainings/999999')).statusCode, 404);
      assert.equal((await officer.get('volunteer-trainings/abc')).statusCode, 404);
    });

    it('exports one volunteer’s trainings of a month as the contract’s rows', async () => {
      const res = await officer.get(`volunteer-trainings-export/${ids.aung}?month_year=2025-04`);
      assert.deepEqual(res.json(), {
        data: [{ volunteer: 'Ko Aung', township: 'Hlaingthaya', date: '2025-04-01', type: 'Refresher' }],
        status: 'success',
      });
      assert.equal((await officer.get(`volunteer-trainings-export/${ids.aung}`)).json().data.length, 12);
    });

    it('shows a Field Officer only their townships’ volunteers’ trainings', async () => {
      assert.equal((await fo.get(`volunteer-trainings/${ids.aung}?page=1`)).json().total, 12);
      assert.equal((await fo.get(`volunteer-trainings/${ids.min}`)).statusCode, 404);
      assert.equal((await fo.get(`volunteer-trainings-export/${ids.min}`)).statusCode, 404);
      const other = (await officer.get(`volunteer-trainings/${ids.min}`)).json().data[0];
      assert.equal((await fo.get(`trainings/${other.id}`)).statusCode, 404);
      assert.equal(
        (await fo.post('trainings', { volunteer_id: ids.aung, date: '2025-03-01', type: 'New' })).statusCode,
        403,
      );
    });

    it('hides the trainings of a volunteer in the trash, and refuses to move a training to one', async () => {
      const first = (await officer.get(`volunteer-trainings/${ids.aung}?page=1`)).json().data[0];
      assert.equal((await meal.get(`volunteers-delete/${ids.min}`)).statusCode, 200);
      assert.equal((await officer.get(`volunteer-trainings/${ids.min}`)).statusCode, 404);
      const move = await officer.update(`trainings/${first.id}`, {
        volunteer_id: ids.min,
        date: first.date,
        type: first.type,
      });
      assert.equal(move.statusCode, 404);
      assert.equal(
        (await officer.post('trainings', { volunteer_id: ids.min, date: '2025-03-01', type: 'New' })).statusCode,
        404,
      );
      assert.equal((await officer.get(`trainings/${first.id}`)).json().data.volunteer.id, ids.aung);
    });
  });
}
