import type { FastifyInstance } from 'fastify';
import { ledgerDays, ledgerOf } from '../../ledger';
import { idOf } from '../../lib/requests';
import { answers, routeSchema } from '../../openapi/routes';
import { allow } from '../../plugins/auth';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { patientOf } from './patient';

/**
 * GET DOT-ledger/{patientId}: the dose ledger of a patient (docs/decisions/0073) for the
 * VOT patient view's panel; null while the patient is not on VOT. The lists carry it on their rows.
 */
export default async function ledgerRoutes(app: FastifyInstance) {
  const { db, secretKey: key } = app;
  app.get(
    '/DOT-ledger/:id',
    {
      preHandler: allow('vot-status', 'read'),
      schema: routeSchema({
        summary: "A patient's dose ledger (null while not on VOT)",
        response: answers.itemOrNull('LedgerSummary'),
      }),
    },
    async (request) => {
      const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
      return { data: await ledgerOf(db, patient.id), status: 'success' };
    },
  );
  // The calendar's tiles: a day per counted day, with its status and provenance (what made it observed).
  app.get(
    '/DOT-ledger-days/:id',
    {
      preHandler: allow('vot-status', 'read'),
      schema: routeSchema({
        summary:
          "A patient's counted days, oldest first, with each day's status and provenance (empty while not on VOT)",
        response: answers.rows('LedgerDay'),
      }),
    },
    async (request) => {
      const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
      return { data: await ledgerDays(db, patient.id), status: 'success' };
    },
  );
}
