import { and, eq, lt, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { successMessage } from '@vot/shared/domain';
import { VOT_PATIENT_OPERATIONS as OPS } from '@vot/shared/operations';
import { VOT_END_BEFORE_START, moveToVotSchema, type Patient } from '@vot/shared/schemas';
import { changeVolunteers, dots } from '../../db/schema';
import { conflict, fieldError } from '../../lib/http-errors';
import { register } from '../../lib/operations';
import { bodyOf, idOf } from '../../lib/requests';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { assertOnVot, updatePatient, visitCount } from './patient';

const NOT_ELIGIBLE = 'Move To VOT needs VOT Eligible Yes first!';
export const VISITS_LOCK = 'This patient has VOT visit records: the VOT patient choice and VOT Start Date are locked.';
const CHANGES_BEFORE_START =
  'The pure or hybrid history has changes before this date: delete them first or choose an earlier date.';
const OUTCOME_BEFORE_START = 'Date may not be before the VOT Start Date!';
/** A VOT end before a visit record would drop the record's day from the ledger: refused, naming the day. */
export const votEndBeforeVisit = (lastVisit: string) =>
  `VOT End Date may not be before the last VOT visit record, on ${lastVisit}!`;

/**
 * Move To VOT, VOT End and VDOT Conclusion (SPEC.md §2 Move To VOT page and Patient view, §4):
 * updates of the patient, audited, in the DOT patient group.
 */
export default async function treatmentRoutes(app: FastifyInstance) {
  const { db, secretKey: key } = app;
  const updated = (data: Patient) => ({
    data,
    status: 'success' as const,
    message: successMessage('Patient', 'updated'),
  });

  // Yes sets VOT accepted and the start date; No clears both with the (visit-less) history. Locked once visits exist.
  register(app, OPS.moveToVot, async ({ request }) => {
    const id = idOf(request, PATIENT_NOT_FOUND);
    return updated(
      await updatePatient(db, key, request, id, async (before, tx) => {
        // The VOT start date may not be before the treatment start date: the body is checked against the locked patient.
        const input = await bodyOf(moveToVotSchema(before.treatment_start_date), request);
        if (before.VOT_eligible !== 'Yes') throw conflict(NOT_ELIGIBLE);
        if ((await visitCount(tx, id)) > 0) throw conflict(VISITS_LOCK);
        if (input.VOT_accept === 'Yes') {
          const start = input.DOT_start_date!;
          const [earlier] = await tx
            .select({ id: changeVolunteers.id })
            .from(changeVolunteers)
            .where(and(eq(changeVolunteers.patient_id, id), lt(changeVolunteers.change_date, start)))
            .limit(1);
          if (earlier) throw fieldError('DOT_start_date', CHANGES_BEFORE_START);
          return {
            VOT_accept: 'Yes',
            DOT_start_date: start,
            VOT_not_accept_reason: null,
            VOT_not_accept_reason_other: null,
          };
        }
        await tx.delete(changeVolunteers).where(eq(changeVolunteers.patient_id, id));
        // Without entries the current pure or hybrid VOT, volunteer and type are none (what
        // syncCurrent would write), set in this update: the ledger's roll-up is then refreshed
        // once, by updatePatient, not also by syncCurrent.
        return {
          VOT_accept: 'No',
          DOT_start_date: null,
          DOT_end_date: null,
          pure_or_hybrid: null,
          volunteer_id: null,
          type: null,
        };
      }),
    );
  });

  register(app, OPS.endVot, async ({ request, body: input }) => {
    const id = idOf(request, PATIENT_NOT_FOUND);
    return updated(
      await updatePatient(db, key, request, id, async (before, tx) => {
        assertOnVot(before);
        if (input.DOT_end_date < before.DOT_start_date) throw fieldError('DOT_end_date', VOT_END_BEFORE_START);
        // The patient is locked (updatePatient): the last record read is every one committed, an upload's included.
        const [last] = await tx
          .select({ day: max(dots.date) })
          .from(dots)
          .where(eq(dots.patient_id, id));
        if (last?.day && input.DOT_end_date < last.day) throw fieldError('DOT_end_date', votEndBeforeVisit(last.day));
        return { DOT_end_date: input.DOT_end_date };
      }),
    );
  });

  register(app, OPS.concludeVdot, async ({ request, body: input }) => {
    const id = idOf(request, PATIENT_NOT_FOUND);
    return updated(
      await updatePatient(db, key, request, id, (before) => {
        assertOnVot(before);
        if (input.VDOT_end_date < before.DOT_start_date) throw fieldError('VDOT_end_date', OUTCOME_BEFORE_START);
        return {
          VDOT_end_date: input.VDOT_end_date,
          VDOT_end_type: input.VDOT_end_type,
          VDOT_end_remark: input.VDOT_end_remark ?? null,
          VDOT_stop_reason: input.VDOT_stop_reason ?? null,
        };
      }),
    );
  });
}
