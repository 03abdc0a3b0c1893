// A patient's trash: moved there from a list, recovered to its township, or deleted for good.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PATIENT_STATUS, successMessage } from '@vot/shared/domain';
import type { Database } from '../../db/client';
import { patients } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict } from '../../lib/http-errors';
import { FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, pgErrorCode } from '../../lib/pg-errors';
import { PATIENT_OPERATIONS } from '@vot/shared/operations';
import { register } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { signedInUser } from '../../plugins/auth';
import { PATIENT_NOT_FOUND, findPatient, type PatientStatus } from './repository';

const NOT_IN_TRASH = 'Only a patient in the trash can be deleted permanently.';
const NOT_IN_TRASH_RECOVER = 'Only a patient in the trash can be recovered.';
const HAS_HISTORY = 'This patient has been on VOT and cannot be deleted permanently.';

export async function patientTrashRoutes(app: FastifyInstance) {
  const { db, secretKey } = app;
  const find = (request: FastifyRequest, id: number, status?: PatientStatus, tx: Database = db) =>
    findPatient(tx, secretKey, signedInUser(request), id, status);

  // Soft delete: the patient leaves its township for the trash, remembering where to come back to.
  register(app, PATIENT_OPERATIONS.moveToTrash, async ({ request }) => {
    const id = idOf(request, PATIENT_NOT_FOUND);
    const data = await mutate(db, request, async (tx) => {
      const before = await find(request, id, PATIENT_STATUS.active, tx);
      await tx
        .update(patients)
        .set({
          status: PATIENT_STATUS.trash,
          deleted_at: new Date(),
          recover_township_id: before.township?.id ?? null,
          township_id: null,
          updated_at: new Date(),
        })
        .where(eq(patients.id, id));
      const after = await find(request, id, PATIENT_STATUS.trash, tx);
      return { audit: { action: 'delete', entity: 'patients', entity_id: id, before, after }, result: after };
    });
    return { data, status: 'success' as const, message: successMessage('Patient', 'deleted') };
  });

  register(app, PATIENT_OPERATIONS.recover, async ({ request }) => {
    const id = idOf(request, PATIENT_NOT_FOUND);
    const data = await mutate(db, request, async (tx) => {
      const before = await find(request, id, undefined, tx);
      if (before.status !== PATIENT_STATUS.trash) throw conflict(NOT_IN_TRASH_RECOVER);
      await tx
        .update(patients)
        .set({
          status: PATIENT_STATUS.active,
          township_id: before.recover_township?.id ?? null,
          recover_township_id: null,
          deleted_at: null,
          updated_at: new Date(),
        })
        .where(eq(patients.id, id));
      const after = await find(request, id, PATIENT_STATUS.active, tx);
      return { audit: { action: 'update', entity: 'patients', entity_id: id, before, after }, result: after };
    });
    return { data, status: 'success' as const, message: successMessage('Patient', 'recovered') };
  });

  /*
   * Permanent delete, only from the trash. The registration, investigations and TB conclusion live
   * on the patient's row and go with it (the audit log keeps the whole record as `before`). A
   * patient who has been on VOT (a VOT start date, a volunteer) is refused: VOT visits and the VOT
   * report count them. The VOT tables reference patients with RESTRICT, and a violation is
   * the same 409.
   */
  register(app, PATIENT_OPERATIONS.deleteForGood, async ({ request }) => {
    const id = idOf(request, PATIENT_NOT_FOUND);
    await mutate(db, request, async (tx) => {
      const before = await find(request, id, undefined, tx);
      if (before.status !== PATIENT_STATUS.trash) throw conflict(NOT_IN_TRASH);
      if (before.DOT_start_date || before.volunteer) throw conflict(HAS_HISTORY);
      await tx
        .delete(patients)
        .where(eq(patients.id, id))
        .catch((error: unknown) => {
          const code = pgErrorCode(error);
          throw code === FOREIGN_KEY_VIOLATION || code === RESTRICT_VIOLATION ? conflict(HAS_HISTORY) : error;
        });
      return { audit: { action: 'delete', entity: 'patients', entity_id: id, before }, result: null };
    });
    return { data: null, status: 'success' as const, message: successMessage('Patient', 'deleted') };
  });
}
