import type { FastifyInstance } from 'fastify';
import { PATIENT_PAGE_SIZE, successMessage } from '@vot/shared/domain';
import { FOLLOW_UP_OPERATIONS as OPS } from '@vot/shared/operations';
import type { FollowUpFilterInput } from '@vot/shared/schemas';
import { followUps } from '../../db/schema';
import { ledgerOf } from '../../ledger';
import { mutate } from '../../lib/audit';
import { conflict } from '../../lib/http-errors';
import { register } from '../../lib/operations';
import { pagingOf } from '../../lib/paging';
import { idOf } from '../../lib/requests';
import { signedInUser } from '../../http/auth';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { NOT_ON_VOT, VOT_ENDED, assertOnVot, patientOf } from '../vot/patient';
import { visitPatient } from '../vot/visit-repository';
import { followUpById, historyOf, worklist, type WorklistFilter } from './repository';

const ENTITY = 'Follow-up';

/** The day before a yyyy-mm-dd day. */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

const filterOf = (query: FollowUpFilterInput): WorklistFilter => ({
  townshipIds: query.township_id as number[],
  level: query.level,
  name: query.name,
});

/**
 * The missed-dose worklist (docs/decisions/0170-missed-dose-worklist.md), served from its declared
 * operations (@vot/shared/operations): GET follow-ups (a page, in order of risk), its export, a
 * patient's history, and POST follow-ups, an action recorded about the patient's current missed
 * run. Scoped like every patient route: another township's patient is a 404.
 */
export default async function followUpRoutes(app: FastifyInstance) {
  const { db, secretKey: key, config } = app;
  const threshold = config.followUpThresholdDays;

  register(app, OPS.worklist, async ({ request, query }) => {
    const paging = pagingOf(request, PATIENT_PAGE_SIZE, 'first');
    const { data, total } = await worklist(db, signedInUser(request), filterOf(query), threshold, paging);
    return { data, status: 'success' as const, total };
  });

  register(app, OPS.worklistExport, async ({ request, query }) => {
    const { data } = await worklist(db, signedInUser(request), filterOf(query), threshold, {});
    return { data, status: 'success' as const };
  });

  register(app, OPS.history, async ({ request }) => {
    const id = idOf(request, PATIENT_NOT_FOUND);
    // The patient's scope checked while the history is read (one round trip, not two): the history
    // is answered only once the patient is found in the user's townships, else the 404 is.
    const [, data] = await Promise.all([visitPatient(db, signedInUser(request), id), historyOf(db, id)]);
    return { data, status: 'success' as const, total: data.length };
  });

  register(app, OPS.record, async ({ request, body: input }) => {
    const user = signedInUser(request);
    const data = await mutate(db, request, async (tx) => {
      const patient = await patientOf(tx, key, request, input.patient_id);
      assertOnVot(patient);
      if (patient.DOT_end_date) throw conflict(VOT_ENDED);
      const ledger = await ledgerOf(tx, patient.id);
      if (!ledger) throw conflict(NOT_ON_VOT);
      const [row] = await tx
        .insert(followUps)
        .values({
          patient_id: patient.id,
          case_since: ledger.last_observed_date ?? dayBefore(ledger.counted_from),
          action: input.action,
          outcome: input.outcome,
          remark: input.remark ?? null,
          next_date: input.next_date ?? null,
          recorded_by: user.id,
        })
        .returning();
      const record = await followUpById(tx, row!.id);
      return { audit: { action: 'create', entity: 'follow_ups', entity_id: row!.id, after: row }, result: record };
    });
    return { data, status: 'success' as const, message: successMessage(ENTITY, 'created') };
  });
}
