import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { successMessage, type HandoutKind } from '@vot/shared/domain';
import { HANDOUT_OPERATIONS } from '@vot/shared/operations';
import { handouts } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-errors';
import { linksFor } from '../../lib/link-sessions';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors';
import { idOf } from '../../lib/requests';
import { register } from '../../lib/operations';
import { auditOf, findHandout, handoutOfKind, handoutRecord, type HandoutRow } from './repository';
import { receivePdf, type PdfUpload } from './upload';

const ENTITY: Record<HandoutKind, string> = { volunteer: 'Volunteer Handout', patient: 'Patient Handout' };

/**
 * One handout kind (SPEC.md §7: `<kind>-handouts`): a list of 0 or 1, show, create (refused once
 * one exists) and replace. A new file is written completely before the row points at it and the
 * old file is removed only after the row has changed, so a failure at any step leaves the
 * previous handout whole; at worst an unreferenced file stays behind, never a broken link.
 */
export function registerHandoutKind(app: FastifyInstance, kind: HandoutKind): void {
  const { db } = app;
  const store = app.handoutFiles;
  const OPS = HANDOUT_OPERATIONS[kind];
  const entity = ENTITY[kind];
  const notFoundMessage = `${entity} not found.`;
  const exists = `The ${kind} handout already exists: update it instead.`;
  const record = (request: FastifyRequest, row: HandoutRow) => handoutRecord(row, app.prefix, linksFor(request));

  /** Puts the received file under a generated name, runs `change`, and takes the new file away again if it fails. */
  async function withStoredFile<T>(upload: PdfUpload, change: (stored: string) => Promise<T>): Promise<T> {
    const stored = upload.file.key;
    try {
      return await change(stored);
    } catch (error) {
      await store.delete(stored).catch(() => undefined);
      throw error;
    }
  }

  register(app, OPS.list, async ({ request }) => {
    const row = await handoutOfKind(db, kind);
    return { data: row ? [record(request, row)] : [], status: 'success' as const, total: row ? 1 : 0 };
  });

  register(app, OPS.show, async ({ request }) => ({
    data: record(request, await findHandout(db, kind, idOf(request, notFoundMessage), notFoundMessage)),
    status: 'success' as const,
  }));

  register(app, OPS.create, async ({ request }) => {
    if (await handoutOfKind(db, kind)) throw conflict(exists);
    const upload = await receivePdf(request, store);
    const row = await withStoredFile(upload, (stored_name) =>
      mutate(db, request, async (tx) => {
        const [created] = await tx
          .insert(handouts)
          .values({ kind, stored_name, original_name: upload.originalName, size: upload.file.size })
          .returning();
        return {
          audit: { action: 'create', entity: 'handouts', entity_id: created!.id, after: auditOf(created!) },
          result: created!,
        };
      }),
    ).catch((error: unknown) => {
      // Two uploads at once: the unique index on kind lets one win.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw conflict(exists);
      throw error;
    });
    return { data: record(request, row), status: 'success' as const, message: successMessage(entity, 'created') };
  });

  register(app, OPS.update, async ({ request }) => {
    const id = idOf(request, notFoundMessage);
    // Read before the upload is received, and again locked in the change: the one update that
    // reads twice, so a missing handout is a 404 before megabytes of PDF are streamed and stored.
    await findHandout(db, kind, id, notFoundMessage);
    const upload = await receivePdf(request, store);
    const { before, after } = await withStoredFile(upload, (stored_name) =>
      mutate(db, request, async (tx) => {
        // Locked, so two replacements at once each remove the file the other did not keep.
        const [before] = await tx.select().from(handouts).where(eq(handouts.id, id)).for('update');
        if (!before || before.kind !== kind) throw notFound(notFoundMessage);
        const [after] = await tx
          .update(handouts)
          .set({ stored_name, original_name: upload.originalName, size: upload.file.size, updated_at: new Date() })
          .where(eq(handouts.id, id))
          .returning();
        return {
          audit: {
            action: 'update',
            entity: 'handouts',
            entity_id: id,
            before: auditOf(before),
            after: auditOf(after!),
          },
          result: { before, after: after! },
        };
      }),
    );
    // The row points at the new file now; an old file that cannot be removed is only clutter.
    await store
      .delete(before.stored_name)
      .catch((error: unknown) => request.log.warn({ err: error }, 'old handout file not removed'));
    return { data: record(request, after), status: 'success' as const, message: successMessage(entity, 'updated') };
  });
}
