import type { FastifyInstance } from 'fastify';
import { PATIENT_PAGE_SIZE, successMessage } from '@vot/shared/domain';
import { followUpFilterSchema, followUpSchema, type FollowUpInput } from '@vot/shared/schemas';
import { followUps } from '../../db/schema';
import { ledgerOf } from '../../ledger';
import { mutate } from '../../lib/audit';
import { conflict } from '../../lib/http-errors';
import { pagingOf } from '../../lib/paging';
import { bodyOf, idOf, queryOf } from '../../lib/requests';
import { answers, routeSchema } from '../../openapi/routes';
import { allow, signedInUser } from '../../plugins/auth';
import { PATIENT_NOT_FOUND } from '../patients/repository';
import { NOT_ON_VOT, VOT_ENDED, assertOnVot, patientOf } from '../vot/patient';
import { followUpById, historyOf, worklist } from './repository';

const ENTITY = 'Follow-up';

/** The day before a yyyy-mm-dd day. */
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * The missed-dose worklist (docs/decisions/0170-missed-dose-worklist.md): GET follow-ups (a page,
 * in order of risk), its export, a patient's history, and POST follow-ups, an action recorded
 * about the patient's current missed run. Scoped like every patient route: another township's
 * patient is a 404.
 */
export default async function followUpRoutes(app: FastifyInstance) {
  const { db, secretKey: key, config } = app;
  const threshold = config.followUpThresholdDays;

  const filterOf = async (request: Parameters<typeof queryOf>[1]) => {
    const query = await queryOf(followUpFilterSchema, request);
    return { townshipIds: query.township_id as number[], level: query.level };
  };

  app.get(
    '/follow-ups',
    {
      preHandler: allow('follow-ups', 'read'),
      schema: routeSchema({
        summary:
          'The missed-dose worklist: patients whose current missed run reached the threshold, most at risk first',
        querystring: followUpFilterSchema,
        paged: true,
        response: answers.list('FollowUpRow'),
      }),
    },
    async (request) => {
      const filter = await filterOf(request);
      const paging = pagingOf(request, PATIENT_PAGE_SIZE, 'first');
      const { data, total } = await worklist(db, signedInUser(request), filter, threshold, paging);
      return { data, status: 'success', total };
    },
  );

  app.get(
    '/follow-ups-export',
    {
      preHandler: allow('follow-ups', 'export'),
      schema: routeSchema({
        summary: 'The whole missed-dose worklist for the spreadsheet, most at risk first',
        querystring: followUpFilterSchema,
        response: answers.rows('FollowUpRow'),
      }),
    },
    async (request) => {
      const { data } = await worklist(db, signedInUser(request), await filterOf(request), threshold, {});
      return { data, status: 'success' };
    },
  );

  app.get(
    '/follow-ups/:id',
    {
      preHandler: allow('follow-ups', 'read'),
      schema: routeSchema({
        summary: "A patient's follow-up history: cases newest first, each with its actions and how it closed",
        response: answers.list('FollowUpCase'),
      }),
    },
    async (request) => {
      const patient = await patientOf(db, key, request, idOf(request, PATIENT_NOT_FOUND));
      const data = await historyOf(db, patient.id);
      return { data, status: 'success', total: data.length };
    },
  );

  app.post(
    '/follow-ups',
    {
      preHandler: allow('follow-ups', 'create'),
      schema: routeSchema({
        summary: "Record an action about a VOT patient's missed doses (the current missed run's case)",
        body: followUpSchema,
        refusals: [404, 409],
        response: answers.item('FollowUpRecord', 201),
      }),
    },
    async (request, reply) => {
      const input: FollowUpInput = await bodyOf(followUpSchema, request);
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
      return reply.status(201).send({ data, status: 'success', message: successMessage(ENTITY, 'created') });
    },
  );
}
