import { asc, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { AnyObjectSchema } from 'yup';
import { successMessage } from '@vot/shared/domain';
import type { Resource } from '@vot/shared/permissions';
import { answers, routeSchema, type RouteDoc } from '../openapi/routes';
import { allow } from '../plugins/auth';
import { mutate } from './audit';
import { conflict, fieldError, notFound } from './http-errors';
import { pageOf, pagingOf } from './paging';
import { FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from './pg-errors';
import { bodyOf, idOf, updateRoute } from './requests';

type Table = PgTable & { id: PgColumn; name: PgColumn };

/**
 * Columns whose selected row is the shared response type `R` (@vot/shared/schemas): a resource's
 * `columns: { … } satisfies ColumnsOf<Region>` fails the build when the two drift apart (a field
 * missing or extra, another type, a nullable column where the type promises a value).
 */
export type ColumnsOf<R> = {
  [K in keyof R]-?: PgColumn & { _: { data: NonNullable<R[K]>; notNull: null extends R[K] ? boolean : true } };
};

/**
 * A basic-data resource whose records are looked up by id and unique by name (regions, districts,
 * projects, medicines): list (paged with ?page), show, create, update (POST ?_method=PUT), delete.
 * The routes, messages, permission checks and audit entries are the same for each; only this
 * declaration differs.
 */
export interface NamedResource<T extends Table> {
  /** URL path under /api/v1 and the permission resource. */
  path: string;
  permission: Resource;
  table: T;
  /** The columns answered for a record. */
  columns: Record<string, PgColumn>;
  /** Validates create and update bodies (the form's schema). */
  schema: AnyObjectSchema;
  /** Used in the notices: 'Region has been created successfully!'; also the name of its shared type (@vot/shared/schemas `Region`). */
  entity: string;
  /** The field label for the duplicate message: 'Region Name has already been taken!'. */
  nameLabel: string;
  /** Why a referenced record cannot be deleted. */
  inUseMessage: string;
}

export function registerNamedResource<T extends Table>(app: FastifyInstance, r: NamedResource<T>): void {
  const { db } = app;
  const notFoundMessage = `${r.entity} not found.`;
  const base = `/${r.path}`;
  const one = `/${r.path}/:id`;

  async function find(id: number, tx = db) {
    const [row] = await tx
      .select(r.columns)
      .from(r.table as PgTable)
      .where(eq(r.table.id, id))
      .limit(1);
    if (!row) throw notFound(notFoundMessage);
    return row;
  }

  function translate(error: unknown): never {
    const code = pgErrorCode(error);
    if (code === UNIQUE_VIOLATION) throw fieldError('name', `${r.nameLabel} has already been taken!`);
    if (code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION) throw conflict(r.inUseMessage);
    throw error;
  }

  const doc = (d: RouteDoc) => routeSchema({ ...d, summary: `${r.entity}: ${d.summary}` });

  app.get(
    base,
    {
      preHandler: allow(r.permission, 'read'),
      schema: doc({ summary: 'list, oldest first', paged: true, response: answers.list(r.entity) }),
    },
    async (request) => {
      const { limit, offset } = pagingOf(request);
      const query = db
        .select(r.columns)
        .from(r.table as PgTable)
        .orderBy(asc(r.table.id))
        .offset(offset);
      const { data, total } = await pageOf(query, db.select({ total: count() }).from(r.table as PgTable), limit);
      return { data, status: 'success', total };
    },
  );

  app.get(
    one,
    { preHandler: allow(r.permission, 'read'), schema: doc({ summary: 'one', response: answers.item(r.entity) }) },
    async (request) => {
      return { data: await find(idOf(request, notFoundMessage)), status: 'success' };
    },
  );

  app.post(
    base,
    {
      preHandler: allow(r.permission, 'create'),
      schema: doc({ summary: 'create', body: r.schema, response: answers.item(r.entity, 201) }),
    },
    async (request, reply) => {
      const input = await bodyOf(r.schema, request);
      const data = await mutate(db, request, async (tx) => {
        const [row] = await tx.insert(r.table).values(input).returning(r.columns).catch(translate);
        return { audit: { action: 'create', entity: r.path, entity_id: row!.id as number, after: row }, result: row! };
      });
      return reply.status(201).send({ data, status: 'success', message: successMessage(r.entity, 'created') });
    },
  );

  updateRoute(
    app,
    one,
    {
      preHandler: allow(r.permission, 'update'),
      schema: doc({ summary: 'update', body: r.schema, response: answers.item(r.entity) }),
    },
    async (request) => {
      const id = idOf(request, notFoundMessage);
      const input = await bodyOf(r.schema, request);
      const data = await mutate(db, request, async (tx) => {
        const before = await find(id, tx);
        const [row] = await tx
          .update(r.table)
          .set({ ...input, updated_at: new Date() })
          .where(eq(r.table.id, id))
          .returning(r.columns)
          .catch(translate);
        return { audit: { action: 'update', entity: r.path, entity_id: id, before, after: row }, result: row! };
      });
      return { data, status: 'success', message: successMessage(r.entity, 'updated') };
    },
  );

  app.delete(
    one,
    {
      preHandler: allow(r.permission, 'delete'),
      schema: doc({
        summary: 'delete',
        response: answers.message(`${r.entity} has been deleted successfully!`),
        refusals: [409],
      }),
    },
    async (request) => {
      const id = idOf(request, notFoundMessage);
      await mutate(db, request, async (tx) => {
        const before = await find(id, tx);
        await tx.delete(r.table).where(eq(r.table.id, id)).catch(translate);
        return { audit: { action: 'delete', entity: r.path, entity_id: id, before }, result: null };
      });
      return { message: successMessage(r.entity, 'deleted') };
    },
  );
}
