import type { FastifyInstance } from 'fastify';
import { VOT_PATIENT_OPERATIONS as OPS } from '@vot/shared/operations';
import { ledgerDays, ledgerOf } from '../../ledger';
import { register } from '../../lib/operations';
import { idOf } from '../../lib/requests';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { patientOf } from './patient';

/**
 * GET DOT-ledger/{patientId}: the dose ledger of a patient (docs/decisions/0073) for the
 * VOT patient view's panel; null while the patient is not on VOT. The lists carry it on their rows.
 */
export default async function ledgerRoutes(app: FastifyInstance) {
  const { db, secretKey: key } = app;
  register(app, OPS.ledger, async ({ request }) => {
    const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
    return { data: await ledgerOf(db, patient.id), status: 'success' as const };
  });
  // The calendar's tiles: a day per counted day, with its status and provenance (what made it observed).
  register(app, OPS.ledgerDays, async ({ request }) => {
    const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
    return { data: await ledgerDays(db, patient.id), status: 'success' as const };
  });
}
