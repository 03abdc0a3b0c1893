import { and, count, desc, eq, getTableColumns, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnyObjectSchema } from 'yup';
import { alreadyStoredMessage, successMessage } from '@vot/shared/domain';
import {
  activityFilterSchema,
  contactTracingSchema,
  healthEducationSchema,
  supervisionVisitSchema,
  type AppContactTracing,
  type AppHealthEducation,
  type AppSupervisionVisit,
  type ContactTracingInput,
  type HealthEducationInput,
  type SupervisionVisitInput,
} from '@vot/shared/schemas';
import { contactTracings, healthEducations, patients, supervisionVisits, townships, volunteers } from '../../db/schema';
import { mutate } from '../../lib/audit';
import { conflict } from '../../lib/http-errors';
import { pageOf, pagingOf } from '../../lib/paging';
import { bodyOf, queryOf } from '../../lib/requests';
import type { ColumnsOf } from '../../lib/named-resource';
import { inScope } from '../../lib/scope';
import { answers, routeSchema } from '../../openapi/routes';
import { allow, signedInUser } from '../../http/auth';
import { appOnly, appUserOf, type AppUser } from './auth';
import { reachablePatient } from './scope';
import { UUID_TAKEN } from './visits';

type ActivityTable = typeof healthEducations | typeof contactTracings | typeof supervisionVisits;

/** One kind of activity record: its calls, table, schema, and the columns a record of it adds. */
interface ActivityKind<I> {
  /** The call's path: app/<path> for the app, <path> for the staff list. */
  path: string;
  /** The record's name in messages, and its table's name in the audit log. */
  entity: string;
  auditEntity: string;
  table: ActivityTable;
  schema: AnyObjectSchema;
  /** The shared types of a record: as the staff list answers it, and as the app's upload does (`answered`'s columns). */
  types: { listed: string; stored: string };
  answered: Record<string, PgColumn>;
  /** The kind's own columns from the validated input; may check (a contact tracing's patient must be the volunteer's). */
  columns(input: I, user: AppUser, request: FastifyRequest): Promise<Record<string, unknown>>;
}

/** A record's columns as the app's upload answers it: without the server's bookkeeping (as its visits). */
function answeredColumns<T extends ActivityTable>(table: T) {
  const { created_at: _c, updated_at: _u, ...columns } = getTableColumns(table);
  return columns;
}

const KINDS = [
  {
    path: 'health-educations',
    entity: 'Health Education',
    auditEntity: 'health_educations',
    table: healthEducations,
    schema: healthEducationSchema,
    types: { listed: 'HealthEducationRecord', stored: 'AppHealthEducation' },
    answered: answeredColumns(healthEducations) satisfies ColumnsOf<AppHealthEducation>,
    columns: async (i: HealthEducationInput) => ({
      place: i.place,
      topic: i.topic,
      male: i.male,
      female: i.female,
      total: i.male + i.female,
      referred: i.referred,
    }),
  } satisfies ActivityKind<HealthEducationInput>,
  {
    path: 'contact-tracings',
    entity: 'Contact Tracing',
    auditEntity: 'contact_tracings',
    table: contactTracings,
    schema: contactTracingSchema,
    types: { listed: 'ContactTracingRecord', stored: 'AppContactTracing' },
    answered: answeredColumns(contactTracings) satisfies ColumnsOf<AppContactTracing>,
    columns: async (i: ContactTracingInput, user: AppUser, request: FastifyRequest) => {
      await reachablePatient(request.server.db, user, i.patient_id);
      const { uuid: _u, date: _d, remark: _r, ...own } = i;
      return own;
    },
  } satisfies ActivityKind<ContactTracingInput>,
  {
    path: 'supervision-visits',
    entity: 'Supervision Visit',
    auditEntity: 'supervision_visits',
    table: supervisionVisits,
    schema: supervisionVisitSchema,
    types: { listed: 'SupervisionVisitRecord', stored: 'AppSupervisionVisit' },
    answered: answeredColumns(supervisionVisits) satisfies ColumnsOf<AppSupervisionVisit>,
    columns: async (i: SupervisionVisitInput) => ({
      supervisor_name: i.supervisor_name,
      patients_visited: i.patients_visited,
      records_checked: i.records_checked,
    }),
  } satisfies ActivityKind<SupervisionVisitInput>,
] as ActivityKind<never>[];

export const NO_TOWNSHIP = 'You have no township: ask your field officer.';

/**
 * The app's activity records (docs/decisions/0088): a volunteer records them in the
 * app (POST app/<kind>, idempotent by uuid like the visits, filed under the volunteer's township),
 * staff read them (GET <kind>, the Activities group of the matrix, township-scoped).
 */
export default async function activityRoutes(app: FastifyInstance) {
  const { db } = app;

  for (const kind of KINDS) {
    const { table } = kind;

    const uploaded = routeSchema({
      summary: `A ${kind.entity.toLowerCase()} from a volunteer's app, filed under their township; the same uuid again answers the stored record (200)`,
      body: kind.schema,
      response: answers.upload(kind.types.stored, kind.entity),
      // A contact tracing's patient must be the volunteer's (404 otherwise).
      refusals: 'patient_id' in kind.schema.fields ? [404, 409] : [409],
    });
    app.post(`/app/${kind.path}`, { preHandler: appOnly('volunteer'), schema: uploaded }, async (request, reply) => {
      const user = appUserOf(request);
      const input = (await bodyOf(kind.schema, request)) as { uuid: string; date: string; remark?: string };
      const [stored] = await db.select(kind.answered).from(table).where(eq(table.uuid, input.uuid)).limit(1);
      if (stored && stored.volunteer_id !== user.id) throw conflict(UUID_TAKEN);
      if (stored)
        return reply.status(200).send({ data: stored, status: 'success', message: alreadyStoredMessage(kind.entity) });
      if (!user.township_id) throw conflict(NO_TOWNSHIP);
      const own = await kind.columns(input as never, user, request);
      // A repeat of the uuid inserts nothing and records nothing.
      const row = await mutate(db, request, async (tx) => {
        const [inserted] = await tx
          .insert(table)
          .values({
            uuid: input.uuid,
            volunteer_id: user.id,
            township_id: user.township_id!,
            date: input.date,
            remark: input.remark ?? null,
            ...own,
          } as never)
          .onConflictDoNothing({ target: table.uuid })
          .returning(kind.answered);
        return {
          audit: inserted
            ? { action: 'create' as const, entity: kind.auditEntity, entity_id: inserted.id as number, after: inserted }
            : null,
          result: inserted,
        };
      });
      const data = row ?? (await db.select(kind.answered).from(table).where(eq(table.uuid, input.uuid)).limit(1))[0];
      if (!row && data?.volunteer_id !== user.id) throw conflict(UUID_TAKEN);
      return reply.status(row ? 201 : 200).send({
        data,
        status: 'success',
        message: row ? successMessage(kind.entity, 'created') : alreadyStoredMessage(kind.entity),
      });
    });

    const listed = routeSchema({
      summary: `${kind.entity} records, newest first`,
      querystring: activityFilterSchema,
      paged: true,
      response: answers.list(kind.types.listed),
    });
    app.get(`/${kind.path}`, { preHandler: allow('activities', 'read'), schema: listed }, async (request) => {
      const filter = await queryOf(activityFilterSchema, request);
      const { limit, offset } = pagingOf(request, undefined, 'first');
      const where = and(
        inScope(table.township_id, signedInUser(request)),
        filter.township_id ? eq(table.township_id, filter.township_id) : undefined,
        filter.volunteer_id ? eq(table.volunteer_id, filter.volunteer_id) : undefined,
        filter.start_date ? gte(table.date, filter.start_date) : undefined,
        filter.end_date ? lte(table.date, filter.end_date) : undefined,
      ) as SQL | undefined;
      const rows = db
        .select({
          row: table,
          volunteer: { id: volunteers.id, name: volunteers.name, code: volunteers.code },
          township: { id: townships.id, name: townships.name },
        })
        .from(table)
        .innerJoin(volunteers, eq(volunteers.id, table.volunteer_id))
        .innerJoin(townships, eq(townships.id, table.township_id))
        .where(where)
        .orderBy(desc(table.date), desc(table.id))
        .offset(offset);
      const page = await pageOf(rows, db.select({ total: count() }).from(table).where(where), limit);
      // A contact tracing names its index patient: the page's patients in one query.
      const patientIds = page.data
        .map(({ row }) => (row as { patient_id?: number }).patient_id)
        .filter((id): id is number => id !== undefined);
      const names = new Map(
        patientIds.length
          ? (
              await db
                .select({ id: patients.id, name: patients.name })
                .from(patients)
                .where(inArray(patients.id, patientIds))
            ).map((p) => [p.id, p])
          : [],
      );
      const data = page.data.map(({ row, volunteer, township }) => {
        const {
          volunteer_id: _v,
          township_id: _t,
          created_at: _c,
          updated_at: _u,
          ...own
        } = row as typeof row & { patient_id?: number };
        const { patient_id, ...rest } = own;
        return {
          ...rest,
          volunteer,
          township,
          ...(patient_id !== undefined ? { patient: names.get(patient_id) ?? null } : {}),
        };
      });
      return { data, status: 'success', total: page.total };
    });
  }
}
