import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import {
  INVESTIGATION_KINDS,
  PATIENT_PAGE_SIZE,
  PATIENT_STATUS,
  bmi,
  myanmarPhone,
  successMessage,
} from '@vot/shared/domain';
import { can, type Action } from '@vot/shared/permissions';
import {
  INVESTIGATIONS,
  investigationSchema,
  noSpsPatientCreateSchema,
  noSpsPatientSchema,
  patientCreateSchema,
  patientSchema,
  reportPeriodSchema,
  tbConclusionSchema,
  votAcceptSchema,
  votEligibleSchema,
  votPatientFilterSchema,
  type NoSpsPatientInput,
  type PatientFilterInput,
  type PatientInput,
  type PresumptiveNumber,
  type TbConclusionInput,
} from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { patients, townships } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { MESSAGES, conflict, fieldError, forbidden, notFound } from '../../lib/http-errors';
import { cursorOf, pagingOf } from '../../lib/paging';
import { limitResets, newInitialPassword } from '../../lib/initial-passwords';
import { FOREIGN_KEY_VIOLATION, RESTRICT_VIOLATION, pgErrorCode } from '../../lib/pg-errors';
import { bodyOf, changingGet, idOf, queryOf, updateRoute } from '../../lib/requests';
import { answers, routeSchema, type RouteDoc } from '../../openapi/routes';
import { townshipInScope } from '../../lib/scope';
import { allow, checkedAlongside, signedInUser, type RequestUser } from '../../plugins/auth';
import { resetAppPassword } from '../app/auth';
import { refreshLedgers } from '../../ledger';
import { TOWNSHIP_MISSING, chosenTownship, codePrefix } from '../townships/repository';
import {
  LISTS,
  PATIENT_NOT_FOUND,
  countPatients,
  exportPatients,
  findPatient,
  latestPresumptiveNumber,
  listPatients,
  type PatientFilter,
  type PatientList,
  type PatientStatus,
} from './repository';
import { assertUnique, uniqueViolation } from './uniqueness';

const ONE_LIST = 'Choose one patient list at a time!';
const COMPLETE_OR_NOT = 'Choose Complete or Not Complete, not both!';
const NOT_ELIGIBLE = 'VOT Accept needs VOT Eligible Yes first!';
const ON_VOT = 'This patient has started VOT: VOT Eligible can no longer be No.';
const NOT_IN_TRASH = 'Only a patient in the trash can be deleted permanently.';
const NOT_IN_TRASH_RECOVER = 'Only a patient in the trash can be recovered.';
const HAS_HISTORY = 'This patient has been on VOT and cannot be deleted permanently.';

/**
 * The patient's code, their sign-in to the phone app, like a volunteer's (HTY-P0007): the
 * township's abbreviation at registration and the id. It never changes afterwards.
 */
export function patientCode(abbreviation: string, id: number): string {
  return `${codePrefix(abbreviation)}-P${String(id).padStart(4, '0')}`;
}

/**
 * The Township DRTB Code (unique_id): the township's abbreviation and the DRTB code (HTY-0123),
 * which is unique within the township, so this is unique nationally. None without a DRTB code.
 */
export function townshipDrtbCode(abbreviation: string, drtbCode: string | null | undefined): string | null {
  return drtbCode ? `${codePrefix(abbreviation)}-${drtbCode}` : null;
}

/** The list flags of GET patients and the list each opens (SPEC.md §7; docs/decisions/0060). */
const FLAGS: [keyof PatientFilterInput, PatientList][] = [
  ['TB_patient', 'tb'],
  ['NO_SP_CODE', 'noSpCode'],
  ['no_DOT', 'noDot'],
  ['screened', 'screened'],
  ['VOT_eligible', 'eligible'],
  ['VOT_accept', 'acceptable'],
  ['VOT_declined', 'declined'],
  ['clinic', 'clinic'],
];

const given = (v: unknown) => v !== undefined && v !== '' && v !== 'false';

/** The VOT Status list of a query (DOT_with_volunteer / DOT_with_no_volunteer with pure_or_hybrid), if any. */
function votListOf(query: Record<string, unknown>): PatientList | undefined {
  if (given(query.missed_doses)) return 'missedDoses';
  if (given(query.DOT_with_no_volunteer)) return 'pureWithoutVolunteer';
  if (query.pure_or_hybrid === 'Hybrid') return 'hybrid';
  if (given(query.DOT_with_volunteer)) return 'pureWithVolunteer';
  if (query.pure_or_hybrid === 'Pure') return 'pure';
  return undefined;
}

/** The resources of the patient lists: a role with none of them is refused before its query is read. */
const LIST_RESOURCES = [...new Set(Object.values(LISTS).map((l) => l.resource))];

/**
 * The validated filter of a list query (one list at most), for a user who may `action` (read,
 * export) that list: else 403, before anything is read. The list is decided from the parsed query
 * (lib/requests.ts queryParams), as the filter is, so no spelling of a parameter (`status[]=0`)
 * opens a list the check did not see.
 */
async function permittedFilterOf(request: FastifyRequest, user: RequestUser, action: Action): Promise<PatientFilter> {
  if (!LIST_RESOURCES.some((resource) => can(user, resource, action))) throw forbidden();
  const filter = await filterOf(request);
  if (!can(user, LISTS[filter.list].resource, action)) throw forbidden();
  return filter;
}

/** The validated filter of a list query: one list at most. */
async function filterOf(request: FastifyRequest): Promise<PatientFilter> {
  const query = await queryOf(votPatientFilterSchema, request);
  const lists = FLAGS.filter(([flag]) => query[flag] !== undefined).map(([, list]) => list);
  const vot = votListOf(query);
  if (vot) lists.push(vot);
  if (query.status === '0') lists.push('trash');
  const votFlags = [query.DOT_with_volunteer, query.DOT_with_no_volunteer, query.pure_or_hybrid].filter(
    (f) => f !== undefined,
  );
  if (
    lists.length > 1 ||
    (query.DOT_with_no_volunteer && query.pure_or_hybrid === 'Hybrid') ||
    (query.missed_doses && votFlags.length)
  )
    throw fieldError('list', ONE_LIST);
  if (query.complete && query.not_complete) throw fieldError('complete', COMPLETE_OR_NOT);
  const complete = query.complete ? true : query.not_complete ? false : undefined;
  return {
    list: lists[0] ?? 'all',
    name: query.name,
    SP_code: query.SP_code,
    unique_id: query.unique_id,
    townshipIds: query.township_id,
    complete,
  };
}

type Columns = Partial<typeof patients.$inferInsert>;

/** The columns the information form sets; an optional field left empty clears what was stored. BMI is the server's own. */
function informationColumns(input: PatientInput, abbreviation: string): Columns {
  return {
    year: input.year,
    township_id: input.township_id,
    RR_code: input.RR_code ?? null,
    dot_patient_id_gf: input.dot_patient_id_gf ?? null,
    DRTB_code: input.DRTB_code ?? null,
    SP_code: input.SP_code || null,
    unique_id: townshipDrtbCode(abbreviation, input.DRTB_code),
    name: input.name,
    DOB: input.DOB ?? null,
    age: input.age,
    sex: input.sex,
    treatment_start_date: input.treatment_start_date ?? null,
    treatment_regimen: input.treatment_regimen,
    treatment_regimen_other: input.treatment_regimen_other ?? null,
    patient_address: input.patient_address,
    // The schema let only a Myanmar number through: stored normalised, and as typed to show again.
    patient_phone_no: myanmarPhone(input.patient_phone_no) ?? input.patient_phone_no,
    patient_phone_no_typed: input.patient_phone_no,
    contact_info: input.contact_info,
    contact_phone_no: input.contact_phone_no,
    primary_language: input.primary_language,
    secondary_language: input.secondary_language ?? null,
    height: input.height,
    weight: input.weight,
    BMI: bmi(input.height, input.weight) ?? 0,
    household_contacts: input.household_contacts,
  };
}

/** Every field of a form as validation returned it: what a rule cleared (or the client left out) is stored null. */
function allOf(fields: string[], value: Record<string, unknown>): Columns {
  return Object.fromEntries(fields.map((f) => [f, value[f] ?? null])) as Columns;
}

const TB_CONCLUSION_FIELDS = Object.keys(tbConclusionSchema.fields);

/**
 * The TB conclusion's columns, a field its rules clear stored as null — but the regimen: the
 * registration requires one, so a conclusion without a treated status (no regimen sent) leaves the
 * registered regimen as it is, and a treated one replaces it (docs/decisions/0062).
 */
function tbConclusionColumns(input: TbConclusionInput): Columns {
  const { treatment_regimen, treatment_regimen_other, ...conclusion } = allOf(TB_CONCLUSION_FIELDS, input);
  return input.treatment_regimen ? { ...conclusion, treatment_regimen, treatment_regimen_other } : conclusion;
}

const VOT_ACCEPT_FIELDS = Object.keys(votAcceptSchema.fields);
const isTrue = (v: unknown) => v === 'true' || v === '1';

/** POST patients' query: `NO_SP_CODE=true` (or 1) registers a patient without an SP code. */
const registrationQuery = yup.object({
  NO_SP_CODE: yup.string().optional().meta({
    description:
      'true (or 1): a patient without an SP code (noSpsPatientCreateSchema), with the next presumptive TB number',
  }),
});

/**
 * SPEC.md §7 patients: the lists and their export, counts, registration, detail, the updates of
 * the detail and investigation screens, and the trash. Every query goes through the repository's
 * scope, so a Field Officer neither lists, counts, exports nor finds (404) another township's patients.
 */
export default async function patientsRoutes(app: FastifyInstance) {
  const { db, secretKey } = app;
  const find = (request: FastifyRequest, id: number, status?: PatientStatus, tx: Database = db) =>
    findPatient(tx, secretKey, signedInUser(request), id, status);

  // The lists, their export and their counts are read alongside the session check (plugins/auth.ts
  // checkedAlongside): their permission check is part of the read, with the user it was read for.
  const list = checkedAlongside(async (request, user) => {
    const filter = await permittedFilterOf(request, user, 'read');
    // Always a page (the first when none is asked): no screen needs every patient of the country at once; the export has them.
    const paging = pagingOf(request, PATIENT_PAGE_SIZE, 'first');
    const { data, total } = await listPatients(db, secretKey, user, filter, paging);
    return { data, status: 'success', total };
  });
  app.get(
    '/patients',
    {
      preHandler: list.preHandler,
      schema: routeSchema({
        summary: 'A patient list (one list flag at most; status=0: the trash), newest first, a page at a time',
        querystring: votPatientFilterSchema,
        paged: true,
        response: answers.list('PatientListRow'),
      }),
    },
    list.handler,
  );

  const exported = checkedAlongside(async (request, user) => {
    const filter = await permittedFilterOf(request, user, 'export');
    return exportPatients(db, secretKey, user, filter, cursorOf(request));
  });
  app.get(
    '/patients-export',
    {
      preHandler: exported.preHandler,
      schema: routeSchema({
        summary: "A patient list's export, a part at a time (`after` = the previous part's `next`)",
        querystring: votPatientFilterSchema,
        cursor: true,
        response: answers.whole('PatientExportPage'),
      }),
    },
    exported.handler,
  );

  const counted = checkedAlongside(async (_request, user) => ({
    data: await countPatients(db, user),
    status: 'success',
  }));
  app.get(
    '/dstb-patient-count',
    {
      preHandler: counted.preHandler,
      schema: routeSchema({
        summary: 'How many patients each list the user may read has',
        response: answers.item('PatientCounts'),
      }),
    },
    counted.handler,
  );

  // The detail screens belong to the DSTB and VOT-eligible groups (patients/read); the clinic list is a list only.
  app.get(
    '/patients/:id',
    {
      preHandler: allow('patients', 'read'),
      schema: routeSchema({ summary: 'One active patient', response: answers.item('Patient') }),
    },
    async (request) => ({
      data: await find(request, idOf(request, PATIENT_NOT_FOUND), PATIENT_STATUS.active),
      status: 'success',
    }),
  );

  app.get(
    '/latest-presumptive-TB-Number/:township_id',
    {
      preHandler: allow('patients', 'create'),
      schema: routeSchema({
        summary: "A township's latest presumptive TB number and the next",
        response: answers.item('PresumptiveNumber'),
      }),
    },
    async (request) => {
      const townshipId = idOf(request, TOWNSHIP_MISSING, 'township_id');
      if (!townshipInScope(signedInUser(request), townshipId)) throw notFound(TOWNSHIP_MISSING);
      const [exists] = await db
        .select({ id: townships.id })
        .from(townships)
        .where(eq(townships.id, townshipId))
        .limit(1);
      if (!exists) throw notFound(TOWNSHIP_MISSING);
      const latest = await latestPresumptiveNumber(db, townshipId);
      return { data: { latest, next: (latest ?? 0) + 1 } satisfies PresumptiveNumber, status: 'success' };
    },
  );

  // POST patients registers a patient with an SP code; ?NO_SP_CODE=true one without (with its presumptive TB number).
  const registration = routeSchema({
    summary:
      'Register a patient (with an SP code, or ?NO_SP_CODE=true without: noSpsPatientCreateSchema); a code and an initial app password are generated',
    querystring: registrationQuery,
    body: [patientCreateSchema, noSpsPatientCreateSchema],
    refusals: [503],
    response: answers.item('Patient', 201),
  });
  app.post('/patients', { preHandler: allow('patients', 'create'), schema: registration }, async (request, reply) => {
    const noSps = isTrue((await queryOf(registrationQuery, request)).NO_SP_CODE);
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
   * roll-up is refreshed with it (the update holds the patient's row: ledger/lock.ts).
   */
  function change(
    request: FastifyRequest,
    id: number,
    columns: (before: Awaited<ReturnType<typeof find>>, tx: Database) => Promise<Columns> | Columns,
    { ledger = false } = {},
  ) {
    return mutate(db, request, async (tx) => {
      const before = await find(request, id, PATIENT_STATUS.active, tx);
      const set = await columns(before, tx);
      const updated = await tx
        .update(patients)
        .set({ ...set, updated_at: new Date() })
        .where(and(eq(patients.id, id), eq(patients.status, PATIENT_STATUS.active)))
        .returning({ id: patients.id })
        .catch(uniqueViolation);
      if (!updated.length) throw notFound(PATIENT_NOT_FOUND);
      if (ledger) await refreshLedgers(tx, [id], { locked: true });
      const after = await find(request, id, PATIENT_STATUS.active, tx);
      return { audit: { action: 'update' as const, entity: 'patients', entity_id: id, before, after }, result: after };
    });
  }
  const updated = (data: unknown) => ({ data, status: 'success', message: successMessage('Patient', 'updated') });

  // Patient information. A patient registered without an SP code keeps it optional until one is given.
  const patientUpdated = (summary: string, body: RouteDoc['body'], refusals?: RouteDoc['refusals']) =>
    routeSchema({ summary, body, response: answers.item('Patient'), refusals });
  updateRoute(
    app,
    '/patients/:id',
    {
      preHandler: allow('patients', 'update'),
      schema: patientUpdated("Update a patient's information (a patient without an SP code: noSpsPatientSchema)", [
        patientSchema,
        noSpsPatientSchema,
      ]),
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

  updateRoute(
    app,
    '/TB-conclusion/:id',
    {
      preHandler: allow('patients', 'update'),
      schema: patientUpdated("Record a patient's TB conclusion", tbConclusionSchema),
    },
    async (request) => {
      const id = idOf(request, PATIENT_NOT_FOUND);
      const input = await bodyOf(tbConclusionSchema, request);
      return updated(await change(request, id, () => tbConclusionColumns(input)));
    },
  );

  for (const kind of INVESTIGATION_KINDS) {
    const schema = investigationSchema(kind);
    const fields = [INVESTIGATIONS[kind].done, ...INVESTIGATIONS[kind].fields.map((f) => f.name)];
    updateRoute(
      app,
      `/${kind}/:id`,
      {
        preHandler: allow('patients', 'update'),
        schema: patientUpdated(`Record a patient's ${INVESTIGATIONS[kind].test} investigation`, schema),
      },
      async (request) => {
        const id = idOf(request, PATIENT_NOT_FOUND);
        const input = await bodyOf(schema, request);
        return updated(await change(request, id, () => allOf(fields, input)));
      },
    );
  }

  // Eligibility No takes the patient out of acceptance (its tab disappears), unless VOT has begun.
  updateRoute(
    app,
    '/VOT-eligible/:id',
    {
      preHandler: allow('vot-eligible', 'update'),
      schema: patientUpdated(
        'Whether a patient is eligible for VOT (No takes back the acceptance)',
        votEligibleSchema,
        [409],
      ),
    },
    async (request) => {
      const id = idOf(request, PATIENT_NOT_FOUND);
      const input = await bodyOf(votEligibleSchema, request);
      return updated(
        await change(request, id, (before) => {
          if (input.VOT_eligible === 'Yes') return { VOT_eligible: 'Yes', VOT_not_eligible_reason: null };
          if (before.DOT_start_date) throw conflict(ON_VOT);
          return {
            VOT_eligible: 'No',
            VOT_not_eligible_reason: input.VOT_not_eligible_reason ?? null,
            ...allOf(VOT_ACCEPT_FIELDS, {}),
          };
        }),
      );
    },
  );

  updateRoute(
    app,
    '/VOT-accept/:id',
    {
      preHandler: allow('vot-eligible', 'update'),
      schema: patientUpdated('Whether a patient accepts VOT', votAcceptSchema, [409]),
    },
    async (request) => {
      const id = idOf(request, PATIENT_NOT_FOUND);
      const input = await bodyOf(votAcceptSchema, request);
      return updated(
        // A patient on VOT (a VOT start date) answered No here is no longer on VOT: the roll-up follows.
        await change(
          request,
          id,
          (before) => {
            if (before.VOT_eligible !== 'Yes') throw conflict(NOT_ELIGIBLE);
            return allOf(VOT_ACCEPT_FIELDS, input);
          },
          { ledger: true },
        ),
      );
    },
  );

  updateRoute(
    app,
    '/report-period/:id',
    {
      preHandler: allow('vot-eligible', 'update'),
      schema: patientUpdated("A patient's reporting period", reportPeriodSchema),
    },
    async (request) => {
      const id = idOf(request, PATIENT_NOT_FOUND);
      const input = await bodyOf(reportPeriodSchema, request);
      return updated(await change(request, id, () => ({ report_period: input.report_period })));
    },
  );

  // A new initial app password for a patient who forgot theirs (issue 12), as for a volunteer:
  // generated as on registration, shown again in the lists and the detail, every app session of
  // the patient ended. Not in SPEC.md §7; docs/api.md describes it.
  app.post(
    '/patients/:id/reset-password',
    {
      preHandler: [...allow('patients', 'update'), limitResets],
      schema: routeSchema({
        summary: 'A new initial app password for a patient (their app sessions end)',
        refusals: [429, 503],
        response: answers.item('Patient'),
      }),
    },
    async (request) => {
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
      return { data, status: 'success', message: MESSAGES.passwordReset };
    },
  );

  // Soft delete: the patient leaves its township for the trash, remembering where to come back to.
  changingGet(
    app,
    '/patients-delete/:id',
    {
      preHandler: allow('patients', 'delete'),
      schema: routeSchema({ summary: 'Move a patient to the trash', response: answers.item('Patient') }),
    },
    async (request) => {
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
      return { data, status: 'success', message: successMessage('Patient', 'deleted') };
    },
  );

  changingGet(
    app,
    '/patients-recover/:id',
    {
      preHandler: allow('trash', 'update'),
      schema: routeSchema({
        summary: 'Recover a patient from the trash',
        response: answers.item('Patient'),
        refusals: [409],
      }),
    },
    async (request) => {
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
      return { data, status: 'success', message: successMessage('Patient', 'recovered') };
    },
  );

  /*
   * Permanent delete, only from the trash. The registration, investigations and TB conclusion live
   * on the patient's row and go with it (the audit log keeps the whole record as `before`). A
   * patient who has been on VOT (a VOT start date, a volunteer) is refused: VOT visits and the VOT
   * report count them. The VOT issue's tables reference patients with RESTRICT, and a violation is
   * the same 409.
   */
  app.delete(
    '/patients/:id',
    {
      preHandler: allow('trash', 'delete'),
      schema: routeSchema({
        summary: 'Delete a patient in the trash for good (refused once on VOT)',
        refusals: [409],
        response: answers.removed('Patient has been deleted successfully!'),
      }),
    },
    async (request) => {
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
      return { data: null, status: 'success', message: successMessage('Patient', 'deleted') };
    },
  );
}
