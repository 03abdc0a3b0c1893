import { asc, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import type { ResourceOperations } from '@vot/shared/operations';
import { mutate } from './audit';
import { conflict, fieldError, notFound } from './http-errors';
import { pageOf, pagingOf } from './paging';
import { FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, UNIQUE_VIOLATION, pgErrorCode } from './pg-errors';
import { register } from './operations';
import { idOf } from './requests';

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
 * projects, medicines): its five declared operations (@vot/shared/operations resourceOperations)
 * served over its table. The routes, messages, permission checks and audit entries are the same for
 * each; only this declaration differs.
 */
export interface NamedResource<T extends Table> {
  operations: ResourceOperations;
  table: T;
  /** The columns answered for a record. */
  columns: Record<string, PgColumn>;
  /** The field label for the duplicate message: 'Region Name has already been taken!'. */
  nameLabel: string;
  /** Why a referenced record cannot be deleted. */
  inUseMessage: string;
}

export function registerNamedResource<T extends Table>(app: FastifyInstance, r: NamedResource<T>): void {
  const { db } = app;
  const ops = r.operations;
  const entity = ops.show.answer.type;
  /** The audit's entity: the resource's path ('regions'). */
  const auditEntity = ops.list.path.slice(1);
  const notFoundMessage = `${entity} not found.`;

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

  const SUCCESS = 'success' as const;
  // The rows are the shared type by the resource's `columns … satisfies ColumnsOf<T>`.
  type Row = { id: number } & Record<string, unknown>;

  register(app, ops.list, async ({ request }) => {
    const { limit, offset } = pagingOf(request);
    const query = db
      .select(r.columns)
      .from(r.table as PgTable)
      .orderBy(asc(r.table.id))
      .offset(offset);
    const { data, total } = await pageOf(query, db.select({ total: count() }).from(r.table as PgTable), limit);
    return { data, status: SUCCESS, total };
  });

  register(app, ops.show, async ({ request }) => ({
    data: await find(idOf(request, notFoundMessage)),
    status: SUCCESS,
  }));

  register(app, ops.create, async ({ request, body }) => {
    const data = await mutate(db, request, async (tx) => {
      const [row] = (await tx.insert(r.table).values(body).returning(r.columns).catch(translate)) as Row[];
      return { audit: { action: 'create', entity: auditEntity, entity_id: row!.id, after: row }, result: row! };
    });
    return { data, status: SUCCESS, message: successMessage(entity, 'created') };
  });

  register(app, ops.update, async ({ request, body }) => {
    const id = idOf(request, notFoundMessage);
    const data = await mutate(db, request, async (tx) => {
      const before = await find(id, tx);
      const [row] = await tx
        .update(r.table)
        .set({ ...body, updated_at: new Date() })
        .where(eq(r.table.id, id))
        .returning(r.columns)
        .catch(translate);
      return { audit: { action: 'update', entity: auditEntity, entity_id: id, before, after: row }, result: row! };
    });
    return { data, status: SUCCESS, message: successMessage(entity, 'updated') };
  });

  register(app, ops.remove, async ({ request }) => {
    const id = idOf(request, notFoundMessage);
    await mutate(db, request, async (tx) => {
      const before = await find(id, tx);
      await tx.delete(r.table).where(eq(r.table.id, id)).catch(translate);
      return { audit: { action: 'delete', entity: auditEntity, entity_id: id, before }, result: null };
    });
    return { message: successMessage(entity, 'deleted') };
  });
}
