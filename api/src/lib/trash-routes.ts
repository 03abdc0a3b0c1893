import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import type { TrashOperations } from '@vot/shared/operations';
import type { Database } from '../db/client';
import type { patients, volunteers } from '../db/schema';
import { mutate } from './audit';
import { conflict } from './http-errors';
import { FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, pgErrorCode } from './pg-errors';
import { register } from './operations';
import { idOf } from './requests';

/** A record that can go to the trash: its status, and the township it left (kept to come back to). */
interface Trashable {
  status: number;
  township: { id: number } | null;
  recover_township: { id: number } | null;
}

/** One entity's trash: where it is kept, how a record is found within the user's scope, and what it is called. */
export interface TrashOf<T extends Trashable> {
  operations: TrashOperations<T>;
  table: typeof volunteers | typeof patients;
  /** The audit log's entity (the table's name). */
  entity: 'volunteers' | 'patients';
  /** `Volunteer`: the notices' subject. */
  label: string;
  /** `volunteer`: the refusals' subject. */
  noun: string;
  status: { active: number; trash: number };
  notFound: string;
  /** The record within the user's township scope (a 404 outside it), of `status` or either. */
  find(request: FastifyRequest, id: number, status: number | undefined, tx: Database): Promise<T>;
  /** The refusal of a permanent delete when the programme keeps the record's history, or null. */
  keptFor(tx: Database, before: T): Promise<string | null>;
  /** The same refusal when a RESTRICT foreign key stops the delete (a record added in between). */
  hasHistory: string;
}

/**
 * The trash of volunteers and patients from one definition (SPEC.md §7): move to the trash (the
 * record leaves its township, remembering where to come back to), recover (back to that township;
 * the recover township is cleared once used, so a stale one is never mistaken for where an active
 * record belongs), and delete for good, only from the trash and refused while the programme keeps
 * the record's history. Refuse rather than cascade: the foreign keys are RESTRICT as a second guard,
 * and a violation is the same 409.
 */
export function registerTrash<T extends Trashable>(app: FastifyInstance, trash: TrashOf<T>): void {
  const { db } = app;
  const { operations: ops, table, entity, label, noun, status, notFound } = trash;

  register(app, ops.moveToTrash, async ({ request }) => {
    const id = idOf(request, notFound);
    const data = await mutate(db, request, async (tx) => {
      const before = await trash.find(request, id, status.active, tx);
      await tx
        .update(table)
        .set({
          status: status.trash,
          deleted_at: new Date(),
          recover_township_id: before.township?.id ?? null,
          township_id: null,
          updated_at: new Date(),
        })
        .where(eq(table.id, id));
      const after = await trash.find(request, id, status.trash, tx);
      return { audit: { action: 'delete', entity, entity_id: id, before, after }, result: after };
    });
    return { data, status: 'success' as const, message: successMessage(label, 'deleted') };
  });

  register(app, ops.recover, async ({ request }) => {
    const id = idOf(request, notFound);
    const data = await mutate(db, request, async (tx) => {
      const before = await trash.find(request, id, undefined, tx);
      if (before.status !== status.trash) throw conflict(`Only a ${noun} in the trash can be recovered.`);
      await tx
        .update(table)
        .set({
          status: status.active,
          township_id: before.recover_township?.id ?? null,
          recover_township_id: null,
          deleted_at: null,
          updated_at: new Date(),
        })
        .where(eq(table.id, id));
      const after = await trash.find(request, id, status.active, tx);
      return { audit: { action: 'update', entity, entity_id: id, before, after }, result: after };
    });
    return { data, status: 'success' as const, message: successMessage(label, 'recovered') };
  });

  register(app, ops.deleteForGood, async ({ request }) => {
    const id = idOf(request, notFound);
    await mutate(db, request, async (tx) => {
      const before = await trash.find(request, id, undefined, tx);
      if (before.status !== status.trash) throw conflict(`Only a ${noun} in the trash can be deleted permanently.`);
      const kept = await trash.keptFor(tx, before);
      if (kept) throw conflict(kept);
      await tx
        .delete(table)
        .where(eq(table.id, id))
        .catch((error: unknown) => {
          const code = pgErrorCode(error);
          throw code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION ? conflict(trash.hasHistory) : error;
        });
      return { audit: { action: 'delete', entity, entity_id: id, before }, result: null };
    });
    return { data: null, status: 'success' as const, message: successMessage(label, 'deleted') };
  });
}
