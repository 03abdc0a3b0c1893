import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DASHBOARD_WORK, successMessage } from '@vot/shared/domain';
import { dashboardVisitSchema, type VisitRecord } from '@vot/shared/schemas';
import { dots } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict, fieldError } from '../../lib/http-errors';
import { bodyOf } from '../../lib/requests';
import { answers, routeSchema } from '../../openapi/routes';
import { allow, signedInUser } from '../../plugins/auth';
import { assertOnVot, entryOn, patientOf } from './patient';
import { visitRecord } from '../app/visits';
import { lockPatients, rollUpNewVisit } from '../../ledger';

export const BEFORE_START = 'Date may not be before the VOT Start Date!';
export const AFTER_END = 'Date may not be after the VOT End Date!';
const NEEDS_VOLUNTEER = 'On this date the patient has no volunteer: make the visit without volunteer.';
const HAS_VOLUNTEER = 'On this date the patient has a volunteer: make the visit with volunteer.';

/**
 * The two dashboard visit calls of SPEC.md §7 (DOT-with-volunteer-dashboard,
 * DOT-without-volunteer-dashboard): a visit record made on the web (created 'dashboard', work 5 or
 * 6), under the change-volunteer entry in force on its date. The staff's visit screens read them through routes/vot/visit-lists.ts.
 */
export default async function visitRoutes(app: FastifyInstance) {
  const { db, secretKey: key } = app;

  for (const withVolunteer of [true, false]) {
    const path = withVolunteer ? '/DOT-with-volunteer-dashboard' : '/DOT-without-volunteer-dashboard';
    const summary = `A visit record made on the dashboard, on a day the patient has ${withVolunteer ? 'a' : 'no'} volunteer`;
    app.post(
      path,
      {
        preHandler: allow('vot-status', 'create'),
        schema: routeSchema({
          summary,
          body: dashboardVisitSchema,
          response: answers.item('VisitRecord', 201),
          refusals: [404, 409],
        }),
      },
      async (request, reply) => {
        const input = await bodyOf(dashboardVisitSchema, request);
        const data = await mutate(db, request, async (tx) => {
          // The patient's row first, then the record (the app upload's order: ledger/lock.ts), and
          // before the reads: the VOT dates and the entry in force are every write committed before.
          await lockPatients(tx, [input.patient_id], signedInUser(request));
          const patient = await patientOf(tx, key, request, input.patient_id);
          assertOnVot(patient);
          if (input.date < patient.DOT_start_date) throw fieldError('date', BEFORE_START);
          if (patient.DOT_end_date && input.date > patient.DOT_end_date) throw fieldError('date', AFTER_END);
          const entry = await entryOn(tx, patient.id, input.date);
          const hasVolunteer = entry?.volunteer_id != null;
          if (withVolunteer && !hasVolunteer) throw conflict(NEEDS_VOLUNTEER);
          if (!withVolunteer && hasVolunteer) throw conflict(HAS_VOLUNTEER);
          const [row] = await tx
            .insert(dots)
            .values({
              uuid: randomUUID(),
              patient_id: patient.id,
              change_volunteer_id: entry?.id ?? null,
              date: input.date,
              work: withVolunteer ? DASHBOARD_WORK.withVolunteer : DASHBOARD_WORK.withoutVolunteer,
              // The staff's answer decides the day (docs/decisions/0131-staff-record-dose-taken.md).
              work_status: input.dose_taken === 'Yes',
              remark: input.remark,
              created: 'dashboard',
            })
            .returning();
          // The roll-up from this record alone (ledger/rollup.ts).
          await rollUpNewVisit(tx, row!, { locked: true });
          const { created_at: _c, updated_at: _u, ...stored } = row!;
          return {
            audit: { action: 'create', entity: 'dots', entity_id: row!.id, after: stored },
            result: visitRecord(row!) satisfies VisitRecord,
          };
        });
        return reply.status(201).send({ data, status: 'success', message: successMessage('DOT', 'created') });
      },
    );
  }
}
