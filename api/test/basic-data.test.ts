import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { users } from '../src/db/schema';
import { backends, useApp, type Client } from './helpers';

for (const backend of await backends()) {
  describe(`districts, projects, medicines and townships on ${backend.name}`, () => {
    const t = useApp(backend);
    let meal: Client;
    const ids: Record<string, number> = {};

    it('districts, projects and medicines follow the resource pattern with their own messages', async () => {
      meal = await t.signInAs('MEAL and Digital Tool Manager');
      const cases = [
        ['districts', 'District', { name: 'Yangon East' }],
        ['projects', 'Project', { name: 'MDR-TB', abbreviation: 'MDR' }],
        ['medicines', 'Medicine', { name: 'Bedaquiline', abbreviation: 'Bdq' }],
      ] as const;
      for (const [path, entity, body] of cases) {
        const created = await meal.post(path, body);
        assert.equal(created.statusCode, 201, created.body);
        assert.equal(created.json().message, `${entity} has been created successfully!`);
        assert.deepEqual({ ...created.json().data, id: 0 }, { id: 0, ...body });
        ids[path] = created.json().data.id;
        const empty = await meal.post(path, { name: '' });
        assert.equal(empty.json().message, `${entity} Name is required!`);
        const twice = await meal.post(path, { name: body.name.toUpperCase() });
        assert.deepEqual(twice.json().errors, { name: [`${entity} Name has already been taken!`] });
        const updated = await meal.update(`${path}/${ids[path]}`, {
          ...body,
          name: `${body.name} 2`,
        });
        assert.equal(updated.json().message, `${entity} has been updated successfully!`);
        assert.equal((await meal.get(`${path}?page=1`)).json().total, 1);
      }
      const region = await meal.post('regions', { name: 'Yangon Region' });
      ids.regions = region.json().data.id;
    });

    it('creates a township in a project with every message of the form, then lists it by project', async () => {
      const empty = await meal.post('townships', {});
      assert.equal(empty.statusCode, 400);
      assert.deepEqual(Object.values(empty.json().errors).flat().sort(), [
        'District is required!',
        'Project is required!',
        'Region is required!',
        'Township Acronym is required!',
        'Township Name is required!',
      ]);
      const ghost = await meal.post('townships', {
        name: 'Insein',
        abbreviation: 'INS',
        region_id: 99999,
        district_id: ids.districts,
        project_id: ids.projects,
      });
      assert.deepEqual(ghost.json().errors, { region_id: ['Region does not exist!'] });

      const body = {
        name: 'Thingangyun',
        abbreviation: 'TGK',
        region_id: ids.regions,
        district_id: ids.districts,
        project_id: ids.projects,
      };
      const created = await meal.post('townships', body);
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(created.json().message, 'Township has been created successfully!');
      const township = created.json().data;
      assert.deepEqual(township.region, { id: ids.regions, name: 'Yangon Region' });
      assert.equal(township.project.name, 'MDR-TB 2');
      ids.townships = township.id;

      const byProject = await meal.get(`townships?project_id=${ids.projects}&page=1`);
      assert.equal(byProject.json().total, 1);
      assert.equal((await meal.get('townships?project_id=99999')).json().total, 0);

      // The update form has no project: it is ignored if sent.
      const updated = await meal.update(`townships/${township.id}`, {
        ...body,
        name: 'Thingangyun ',
        project_id: 99999,
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal(updated.json().message, 'Township has been updated successfully!');
      assert.equal(updated.json().data.project.id, ids.projects);
      assert.equal((await meal.get('townships/99999')).json().message, 'Township not found.');
    });

    it('refuses to delete what is still referenced, with a message, and deletes the rest', async () => {
      await t.handle.db.insert(users).values({
        name: 'FO',
        email: 'fo@ref.test',
        role: 'Field Officer',
        password_hash: 'x',
        project_id: ids.projects,
        township_id: ids.townships,
      });
      const township = await meal.del(`townships/${ids.townships}`);
      assert.equal(township.statusCode, 409);
      assert.equal(
        township.json().message,
        'This township has accounts, volunteers or patients and cannot be deleted.',
      );
      assert.equal(
        (await meal.del(`projects/${ids.projects}`)).json().message,
        'This project has townships or accounts and cannot be deleted.',
      );
      assert.equal((await meal.del(`districts/${ids.districts}`)).statusCode, 409);
      const medicine = await meal.del(`medicines/${ids.medicines}`);
      assert.deepEqual(medicine.json(), { message: 'Medicine has been deleted successfully!' });
      const audit = (await t.auditEntries()).filter((e) => e.entity === 'townships').map((e) => e.action);
      assert.deepEqual(audit, ['create', 'update']);
    });
  });
}
