// A patient's trash: moved there from a list, recovered to its township, or deleted for good.
import type { FastifyInstance } from 'fastify';
import { PATIENT_STATUS } from '@vot/shared/domain';
import { PATIENT_OPERATIONS } from '@vot/shared/operations';
import { patients } from '../../db/schema';
import { registerTrash } from '../../lib/trash-routes';
import { signedInUser } from '../../http/auth';
import { PATIENT_NOT_FOUND, findPatient, type PatientStatus } from './repository';

const HAS_HISTORY = 'This patient has been on VOT and cannot be deleted permanently.';

export async function patientTrashRoutes(app: FastifyInstance) {
  const { secretKey } = app;
  registerTrash(app, {
    operations: PATIENT_OPERATIONS,
    table: patients,
    entity: 'patients',
    label: 'Patient',
    noun: 'patient',
    status: PATIENT_STATUS,
    notFound: PATIENT_NOT_FOUND,
    find: (request, id, status, tx) =>
      findPatient(tx, secretKey, signedInUser(request), id, status as PatientStatus | undefined),
    /*
     * The registration, investigations and TB conclusion live on the patient's row and go with it
     * (the audit log keeps the whole record as `before`). A patient who has been on VOT (a VOT start
     * date, a volunteer) is kept: VOT visits and the VOT report count them; the VOT tables
     * reference patients with RESTRICT.
     */
    keptFor: async (_tx, before) => (before.DOT_start_date || before.volunteer ? HAS_HISTORY : null),
    hasHistory: HAS_HISTORY,
  });
}
