import { asc, count, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import { BASIC_DATA_OPERATIONS } from '@vot/shared/operations';
import type { Township } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { districts, projects, regions, townships } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { pageOf, pagingOf } from '../../lib/paging';
import { FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, pgErrorCode } from '../../lib/pg-errors';
import { register } from '../../lib/operations';
import { idOf } from '../../lib/requests';

const NOT_FOUND = 'Township not found.';
const r = alias(regions, 'r');
const d = alias(districts, 'd');
const p = alias(projects, 'p');

/** A township as the lists and forms need it: its region, district and project by id and name. */
function selectTownships(db: Database) {
  return db
    .select({
      id: townships.id,
      name: townships.name,
      abbreviation: townships.abbreviation,
      region: { id: r.id, name: r.name },
      district: { id: d.id, name: d.name },
      project: { id: p.id, name: p.name },
    })
    .from(townships)
    .innerJoin(r, eq(r.id, townships.region_id))
    .innerJoin(d, eq(d.id, townships.district_id))
    .innerJoin(p, eq(p.id, townships.project_id));
}

async function findTownship(db: Database, id: number): Promise<Township> {
  const [row] = await selectTownships(db).where(eq(townships.id, id)).limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row satisfies Township;
}

/** A chosen region, district or project must exist: a 400 on that field, not a foreign-key 500. */
async function mustExist(db: Database, input: { region_id?: number; district_id?: number; project_id?: number }) {
  const checks: [keyof typeof input, typeof regions | typeof districts | typeof projects, string][] = [
    ['region_id', regions, 'Region'],
    ['district_id', districts, 'District'],
    ['project_id', projects, 'Project'],
  ];
  for (const [field, table, label] of checks) {
    const id = input[field];
    if (id === undefined) continue;
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
    if (!row) throw fieldError(field, `${label} does not exist!`);
  }
}

/** GET townships?project_id&page, show, create (with project), update (project fixed), delete. */
export default async function townshipRoutes(app: FastifyInstance) {
  const { db } = app;

  const ops = BASIC_DATA_OPERATIONS.townships;
  const SUCCESS = 'success' as const;

  register(app, ops.list, async ({ request, query: { project_id } }) => {
    const { limit, offset } = pagingOf(request);
    const where = project_id === undefined ? undefined : eq(townships.project_id, project_id);
    const list = selectTownships(db).where(where).orderBy(asc(townships.id)).offset(offset);
    const { data, total } = await pageOf(list, db.select({ total: count() }).from(townships).where(where), limit);
    return { data: data satisfies Township[], status: SUCCESS, total };
  });

  register(app, ops.show, async ({ request }) => ({
    data: await findTownship(db, idOf(request, NOT_FOUND)),
    status: SUCCESS,
  }));

  register(app, ops.create, async ({ request, body: input }) => {
    const data = await mutate(db, request, async (tx) => {
      await mustExist(tx, input);
      const [row] = await tx.insert(townships).values(input).returning({ id: townships.id });
      const created = await findTownship(tx, row!.id);
      return {
        audit: { action: 'create', entity: 'townships', entity_id: row!.id, after: created },
        result: created,
      };
    });
    return { data, status: SUCCESS, message: successMessage('Township', 'created') };
  });

  register(app, ops.update, async ({ request, body: input }) => {
    const id = idOf(request, NOT_FOUND);
    const data = await mutate(db, request, async (tx) => {
      const before = await findTownship(tx, id);
      await mustExist(tx, input);
      await tx
        .update(townships)
        .set({ ...input, updated_at: new Date() })
        .where(eq(townships.id, id));
      const after = await findTownship(tx, id);
      return { audit: { action: 'update', entity: 'townships', entity_id: id, before, after }, result: after };
    });
    return { data, status: SUCCESS, message: successMessage('Township', 'updated') };
  });

  register(app, ops.remove, async ({ request }) => {
    const id = idOf(request, NOT_FOUND);
    await mutate(db, request, async (tx) => {
      const before = await findTownship(tx, id);
      await tx
        .delete(townships)
        .where(eq(townships.id, id))
        .catch((e: unknown) => {
          const code = pgErrorCode(e);
          if (code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION) {
            throw conflict('This township has accounts, volunteers or patients and cannot be deleted.');
          }
          throw e;
        });
      return { audit: { action: 'delete', entity: 'townships', entity_id: id, before }, result: null };
    });
    return { message: successMessage('Township', 'deleted') };
  });
}
