import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { districts, projects, townships } from '../src/db/schema';
import { backends, useApp, type Client } from './helpers';

for (const backend of await backends()) {
  describe(`regions on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;

    it('a MEAL officer creates a region: 201, the spec notice, an audit entry', async () => {
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      const res = await meal.post('regions', { name: '  Yangon Region ', id: 999, created_at: 'x' });
      assert.equal(res.statusCode, 201);
      assert.deepEqual(res.json(), {
        data: { id: res.json().data.id, name: 'Yangon Region' },
        status: 'success',
        message: 'Region has been created successfully!',
      });
      assert.notEqual(res.json().data.id, 999, 'unknown keys are dropped');
      const audit = (await t.auditEntries()).at(-1)!;
      assert.equal(audit.action, 'create');
      assert.equal(audit.entity, 'regions');
      assert.equal(audit.entity_id, res.json().data.id);
      assert.equal(audit.actor_email, 'meal.and.digital.tool.officer@test.local');
      assert.deepEqual(audit.after, { id: res.json().data.id, name: 'Yangon Region' });
    });

    it("validates with the shared schema's messages", async () => {
      for (const body of [{}, { name: '   ' }]) {
        const res = await meal.post('regions', body);
        assert.equal(res.statusCode, 400);
        assert.deepEqual(res.json(), {
          message: 'Region Name is required!',
          errors: { name: ['Region Name is required!'] },
        });
      }
      const array = await meal.inject({ method: 'POST', url: '/api/v1/regions', payload: [1, 2] as never });
      assert.equal(array.statusCode, 400);
    });

    it('refuses a duplicate name in any case with a field message', async () => {
      const res = await meal.post('regions', { name: 'YANGON region' });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json().errors, { name: ['Region Name has already been taken!'] });
    });

    it('lists all regions, or one page of ten with ?page, with the total', async () => {
      for (let i = 1; i <= 11; i++) assert.equal((await meal.post('regions', { name: `Region ${i}` })).statusCode, 201);
      const all = await meal.get('regions');
      assert.equal(all.json().total, 12);
      assert.equal(all.json().data.length, 12);
      const page2 = await meal.get('regions?page=2');
      assert.equal(page2.json().status, 'success');
      assert.equal(page2.json().total, 12);
      assert.deepEqual(
        page2.json().data.map((r: { name: string }) => r.name),
        ['Region 10', 'Region 11'],
      );
      assert.equal((await meal.get('regions?page=0')).statusCode, 400);
      assert.equal((await meal.get('regions?page=abc')).statusCode, 400);
    });

    it('shows, updates with POST ?_method=PUT and audits before and after', async () => {
      const { id } = (await meal.get('regions')).json().data[0];
      assert.deepEqual((await meal.get(`regions/${id}`)).json().data, { id, name: 'Yangon Region' });
      // The override spelled out, not through `update()`: this test is about it (SPEC.md §7).
      const res = await meal.post(`regions/${id}?_method=PUT`, { name: 'Yangon' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.json().message, 'Region has been updated successfully!');
      assert.deepEqual(res.json().data, { id, name: 'Yangon' });
      const audit = (await t.auditEntries()).at(-1)!;
      assert.deepEqual(
        [audit.action, audit.before, audit.after],
        ['update', { id, name: 'Yangon Region' }, { id, name: 'Yangon' }],
      );
      assert.equal((await meal.post(`regions/${id}`, { name: 'x' })).statusCode, 405);
      assert.equal((await meal.update(`regions/${id}`, { name: 'Region 1' })).statusCode, 400);
      assert.equal((await meal.update(`regions/${id}`, { name: '' })).json().message, 'Region Name is required!');
    });

    it('answers 404 for a missing region, on every verb', async () => {
      for (const res of [
        await meal.get('regions/99999'),
        await meal.get('regions/abc'),
        await meal.update('regions/99999', { name: 'Nowhere' }),
        await meal.del('regions/99999'),
      ]) {
        assert.equal(res.statusCode, 404);
        assert.equal(res.json().message, 'Region not found.');
      }
    });

    it('refuses to delete a region that has townships (409) and deletes one that has none', async () => {
      const regions = (await meal.get('regions')).json().data as { id: number; name: string }[];
      const used = regions[0]!;
      const [district] = await t.handle.db.insert(districts).values({ name: 'Yangon East' }).returning();
      const [project] = await t.handle.db.insert(projects).values({ name: 'MDR-TB' }).returning();
      await t.handle.db.insert(townships).values({
        name: 'Thingangyun',
        abbreviation: 'TGK',
        region_id: used.id,
        district_id: district!.id,
        project_id: project!.id,
      });
      const refused = await meal.del(`regions/${used.id}`);
      assert.equal(refused.statusCode, 409);
      assert.equal(refused.json().message, 'This region has townships and cannot be deleted.');

      const free = regions.at(-1)!;
      const res = await meal.del(`regions/${free.id}`);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: 'Region has been deleted successfully!' });
      assert.equal((await meal.get(`regions/${free.id}`)).statusCode, 404);
      const audit = (await t.auditEntries()).at(-1)!;
      assert.deepEqual([audit.action, audit.entity_id, audit.before], ['delete', free.id, free]);
    });

    it('lets read-only roles read but not write, and others not even read (403)', async () => {
      const reader = await t.signInAs('Data Assistant');
      assert.equal((await reader.get('regions')).statusCode, 200);
      const denied = await reader.post('regions', { name: 'Chin State' });
      assert.equal(denied.statusCode, 403);
      assert.equal(denied.json().message, 'You do not have permission to do this.');
      const officer = await t.signInAs('Field Officer');
      assert.equal((await officer.get('regions')).statusCode, 403);
      assert.equal((await officer.del('regions/1')).statusCode, 403);
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/regions' });
      assert.equal(anonymous.statusCode, 401);
    });

    it('an unknown route is a 404 with a message, not a crash', async () => {
      const res = await meal.get('nothing-here');
      assert.equal(res.statusCode, 404);
      assert.ok(res.json().message);
    });
  });
}
