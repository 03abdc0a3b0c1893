import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVESTIGATION_KINDS, PATIENT_PAGE_SIZE, PATIENT_STATUS, successMessage } from '@vot/shared/domain';
import { INVESTIGATION_OPERATIONS, PATIENT_OPERATIONS, registrationQuerySchema } from '@vot/shared/operations';
import {
  INVESTIGATIONS,
  noSpsPatientCreateSchema,
  noSpsPatientSchema,
  patientCreateSchema,
  patientSchema,
  votAcceptSchema,
  type NoSpsPatientInput,
} from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { patients, townships } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { register, registerList } from '../../lib/operations';
import { MESSAGES, conflict, notFound } from '../../lib/http-errors';
import { cursorOf, pagingOf } from '../../lib/paging';
import { limitResets, newInitialPassword } from '../../lib/initial-passwords';
import { bodyOf, idOf, queryOf, updateRoute } from '../../lib/requests';
import { answers, routeSchema } from '../../openapi/routes';
import { townshipInScope } from '../../lib/scope';
import { allow, signedInUser } from '../../http/auth';
import { resetAppPassword } from '../app/auth';
import { lockPatients } from '../../ledger';
import { TOWNSHIP_MISSING, chosenTownship } from '../townships/repository';
import { PATIENT_NOT_FOUND, findPatient, listPatients, type PatientStatus } from './repository';
import { exportPatients } from './export';
import { assertUnique, uniqueViolation } from './uniqueness';
import { patientCode } from './codes';
import { permittedFilterOf } from './list-filter';
import { countPatients, latestPresumptiveNumber } from './counts';
import { patientTrashRoutes } from './trash';
import { allOf, informationColumns, tbConclusionColumns, type Columns } from './columns';

const NOT_ELIGIBLE = 'VOT Accept needs VOT Eligible Yes first!';
const ON_VOT = 'This patient has started VOT: VOT Eligible can no longer be No.';

const VOT_ACCEPT_FIELDS = Object.keys(votAcceptSchema.fields);
const isTrue = (v: unknown) => v === 'true' || v === '1';

/**
 * SPEC.md §7 patients: the lists and their export, counts, registration, detail, the updates of
 * the detail and investigation screens, and the trash. Every query goes through the repository's
 * scope, so a Field Officer neither lists, counts, exports nor finds (404) another township's patients.
 */
export default async function patientsRoutes(app: FastifyInstance) {
  const { db, secretKey } = app;
  const find = (request: FastifyRequest, id: number, status?: PatientStatus, tx: Database = db) =>
    findPatient(tx, secretKey, signedInUser(request), id, status);

  // The lists, their export and their counts: the list the query names decides the permission,
  // checked as the list is read, with the user it was read for (registerList).
  registerList(app, PATIENT_OPERATIONS.list, async ({ request, user }) => {
    const filter = await permittedFilterOf(request, user, 'read');
    // Always a page (the first when none is asked): no screen needs every patient of the country at once; the export has them.
    const paging = pagingOf(request, PATIENT_PAGE_SIZE, 'first');
    const { data, total } = await listPatients(db, secretKey, user, filter, paging);
    return { data, status: 'success' as const, total };
  });

  registerList(app, PATIENT_OPERATIONS.exportParts, async ({ request, user }) => {
    const filter = await permittedFilterOf(request, user, 'export');
    return exportPatients(db, secretKey, user, filter, cursorOf(request));
  });

  registerList(app, PATIENT_OPERATIONS.counts, async ({ user }) => ({
    data: await countPatients(db, user),
    status: 'success' as const,
  }));

  // The detail screens belong to the DSTB and VOT-eligible groups (patients/read); the clinic list is a list only.
  register(app, PATIENT_OPERATIONS.show, async ({ request }) => ({
    data: await find(request, idOf(request, PATIENT_NOT_FOUND), PATIENT_STATUS.active),
    status: 'success' as const,
  }));

  register(app, PATIENT_OPERATIONS.latestPresumptiveNumber, async ({ request }) => {
    const townshipId = idOf(request, TOWNSHIP_MISSING, 'township_id');
    if (!townshipInScope(signedInUser(request), townshipId)) throw notFound(TOWNSHIP_MISSING);
    const [exists] = await db.select({ id: townships.id }).from(townships).where(eq(townships.id, townshipId)).limit(1);
    if (!exists) throw notFound(TOWNSHIP_MISSING);
    const latest = await latestPresumptiveNumber(db, townshipId);
    return { data: { latest, next: (latest ?? 0) + 1 }, status: 'success' as const };
  });

  // POST patients registers a patient with an SP code; ?NO_SP_CODE=true one without (with its presumptive TB number).
  const registration = routeSchema({
    summary: PATIENT_OPERATIONS.create.summary,
    querystring: registrationQuerySchema,
    body: [patientCreateSchema, noSpsPatientCreateSchema],
    refusals: [503],
    response: answers.item('Patient', 201),
  });
  app.post('/patients', { preHandler: allow('patients', 'create'), schema: registration }, async (request, reply) => {
    const noSps = isTrue((await queryOf(registrationQuerySchema, request)).NO_SP_CODE);
    const input: NoSpsPatientInput = noSps
      ? await bodyOf(noSpsPatientCreateSchema, request)
      : await bodyOf(patientCreateSchema, request);
    const township = await chosenTownship(db, signedInUser(request), input.township_id);
    const initial = await newInitialPassword(app);
    const data = await mutate(db, request, async (tx) => {
      const columns = informationColumns(input, township.abbreviation);
      const presumptive_TB_number = noSps
        ? (input.presumptive_TB_number ?? ((await latestPresumptiveNumber(tx, township.id)) ?? 0) + 1)
        : null;
      await assertUnique(tx, { ...input, presumptive_TB_number });
      // The code needs the id, known only once the row exists: a unique placeholder until then.
      const [row] = await tx
        .insert(patients)
        .values({
          ...(columns as typeof patients.$inferInsert),
          presumptive_TB_number,
          code: `pending-${randomUUID()}`,
          ...initial,
        })
        .returning({ id: patients.id })
        .catch(uniqueViolation);
      await tx
        .update(patients)
        .set({ code: patientCode(township.abbreviation, row!.id) })
        .where(eq(patients.id, row!.id));
      const after = await find(request, row!.id, PATIENT_STATUS.active, tx);
      return { audit: { action: 'create', entity: 'patients', entity_id: row!.id, after }, result: after };
    });
    return reply.status(201).send({ data, status: 'success', message: successMessage('Patient', 'created') });
  });

  /**
   * One update of an active patient in scope: `columns` from the record before (already validated
   * input), written only while the patient is still active, audited with before and after.
   * `ledger`: the update can take the patient on or off VOT (VOT accepted), so the dose ledger's
   * roll-up is refreshed with it, the patient's row locked first (ledger/lock.ts).
   */
  function change(
    request: FastifyRequest,
    id: number,
    columns: (before: Awaited<ReturnType<typeof find>>, tx: Database) => Promise<Columns> | Columns,
    { ledger = false } = {},
  ) {
    return mutate(db, request, async (tx) => {
      const locked = ledger ? await lockPatients(tx, [id], signedInUser(request)) : null;
      const before = await find(request, id, PATIENT_STATUS.active, tx);
      const set = await columns(before, tx);
      const updated = await tx
        .update(patients)
        .set({ ...set, updated_at: new Date() })
        .where(and(eq(patients.id, id), eq(patients.status, PATIENT_STATUS.active)))
        .returning({ id: patients.id })
        .catch(uniqueViolation);
      if (!updated.length) throw notFound(PATIENT_NOT_FOUND);
      await locked?.refreshLedgers();
      const after = await find(request, id, PATIENT_STATUS.active, tx);
      return { audit: { action: 'update' as const, entity: 'patients', entity_id: id, before, after }, result: after };
    });
  }
  const updated = <T>(data: T) => ({ data, status: 'success' as const, message: successMessage('Patient', 'updated') });

  // Patient information. A patient registered without an SP code keeps it optional until one is given.
  updateRoute(
    app,
    '/patients/:id',
    {
      preHandler: allow('patients', 'update'),
      schema: routeSchema({
        summary: PATIENT_OPERATIONS.updateInfo.summary,
        body: [patientSchema, noSpsPatientSchema],
        response: answers.item('Patient'),
      }),
    },
    async (request) => {
      const id = idOf(request, PATIENT_NOT_FOUND);
      return updated(
        await change(request, id, async (before, tx) => {
          // Read once, then validated against what was read: which schema depends on the stored SP code.
          const input = await bodyOf(before.SP_code === null ? noSpsPatientSchema : patientSchema, request);
          const township = await chosenTownship(tx, signedInUser(request), input.township_id);
          await assertUnique(tx, { ...input, presumptive_TB_number: before.presumptive_TB_number }, id);
          return informationColumns(input, township.abbreviation);
        }),
      );
    },
  );

  register(app, PATIENT_OPERATIONS.updateTbConclusion, async ({ request, body }) =>
    updated(await change(request, idOf(request, PATIENT_NOT_FOUND), () => tbConclusionColumns(body))),
  );

  for (const kind of INVESTIGATION_KINDS) {
    const fields = [INVESTIGATIONS[kind].done, ...INVESTIGATIONS[kind].fields.map((f) => f.name)];
    register(app, INVESTIGATION_OPERATIONS[kind], async ({ request, body }) =>
      updated(await change(request, idOf(request, PATIENT_NOT_FOUND), () => allOf(fields, body))),
    );
  }

  // Eligibility No takes the patient out of acceptance (its tab disappears), unless VOT has begun.
  register(app, PATIENT_OPERATIONS.updateVotEligible, async ({ request, body: input }) =>
    updated(
      await change(request, idOf(request, PATIENT_NOT_FOUND), (before) => {
        if (input.VOT_eligible === 'Yes') return { VOT_eligible: 'Yes', VOT_not_eligible_reason: null };
        if (before.DOT_start_date) throw conflict(ON_VOT);
        return {
          VOT_eligible: 'No',
          VOT_not_eligible_reason: input.VOT_not_eligible_reason ?? null,
          ...allOf(VOT_ACCEPT_FIELDS, {}),
        };
      }),
    ),
  );

  // A patient on VOT (a VOT start date) answered No here is no longer on VOT: the roll-up follows.
  register(app, PATIENT_OPERATIONS.updateVotAccept, async ({ request, body }) =>
    updated(
      await change(
        request,
        idOf(request, PATIENT_NOT_FOUND),
        (before) => {
          if (before.VOT_eligible !== 'Yes') throw conflict(NOT_ELIGIBLE);
          return allOf(VOT_ACCEPT_FIELDS, body);
        },
        { ledger: true },
      ),
    ),
  );

  register(app, PATIENT_OPERATIONS.updateReportPeriod, async ({ request, body }) =>
    updated(await change(request, idOf(request, PATIENT_NOT_FOUND), () => ({ report_period: body.report_period }))),
  );

  // A new initial app password for a patient who forgot theirs, as for a volunteer:
  // generated as on registration, shown again in the lists and the detail, every app session of
  // the patient ended. Not in SPEC.md §7; docs/api.md describes it.
  register(
    app,
    PATIENT_OPERATIONS.resetPassword,
    async ({ request }) => {
      const id = idOf(request, PATIENT_NOT_FOUND);
      const initial = await newInitialPassword(app);
      const data = await mutate(db, request, async (tx) => {
        await find(request, id, PATIENT_STATUS.active, tx);
        const sessions_ended = await resetAppPassword(tx, 'patient', id, initial);
        if (sessions_ended === null) throw notFound(PATIENT_NOT_FOUND);
        const after = await find(request, id, PATIENT_STATUS.active, tx);
        return {
          audit: { action: 'reset-password', entity: 'patients', entity_id: id, after: { sessions_ended } },
          result: after,
        };
      });
      return { data, status: 'success' as const, message: MESSAGES.passwordReset };
    },
    [limitResets],
  );

  await patientTrashRoutes(app);
}
