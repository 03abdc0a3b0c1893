import { and, eq, getTableColumns, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { VIDEO_WORKS, alreadyStoredMessage, successMessage, videoStateOf } from '@vot/shared/domain';
import {
  APP_WORK,
  LATE_REMARK_REQUIRED,
  OBSERVED_WORKS,
  UUID_PATTERN,
  appVisitSchema,
  type AppVisitInput,
  type AppVisitRecord,
  type VisitRecord,
} from '@vot/shared/schemas';
import { inTransaction, type Database } from '../../db/client';
import { dots } from '../../db/schema';
import { visitFileLinks } from '../../files/visit-links';
import { auditRowsSql } from '../../lib/audit';
import { conflict, fieldError, notFound } from '../../lib/http-errors';
import { linksFor } from '../../lib/link-sessions';
import type { LinkSigner } from '../../lib/signed-links';
import { checkedBy } from '../../lib/requests';
import { appUserOf, authenticateApp, type AppUser } from './auth';
import { checkVisitTarget, isLate, reachableVisit, visitTarget, visitTargetQuery } from './scope';
import { chargeUpload } from './budget';
import { discardStored, receiveVisitUpload, type VisitUpload } from './upload';
import { lockPatients } from '../../ledger';
import { answers, routeSchema } from '../../openapi/routes';

type DotRow = typeof dots.$inferSelect;

export const VISIT_NOT_FOUND = 'DOT not found.';
export const UUID_TAKEN = 'This uuid belongs to another record.';
export const WORK_NOT_YOURS = 'Work is not one you can record!';
export const SIGN_REQUIRED = 'Signature is required!';
export const VIDEO_OF_DAY_TAKEN = "This patient's video of this day is already stored.";

/** The columns the API leaves out of a record (the server's bookkeeping), in its answers and audit entries. */
const SERVER_BOOKKEEPING = ['created_at', 'updated_at'] as const;

/** The record as the API answers it (without SERVER_BOOKKEEPING; where its video is instead of whether one is awaited). */
export function visitRecord(full: DotRow): VisitRecord {
  const { created_at: _c, updated_at: _u, video_awaited: _a, ...row } = full;
  return { ...row, video_state: videoStateOf(full) };
}

/** The record as the app gets it: signed links of its files instead of their stored names. */
export function appVisitRecord(links: LinkSigner, row: DotRow): AppVisitRecord {
  const { video: _v, sign: _s, ...record } = visitRecord(row);
  return { ...record, ...visitFileLinks(links, row) };
}

/** Who records which work: volunteers 1, 2 and 4; a patient only 3 (the video they send). */
const WORKS_OF: Record<AppUser['kind'], number[]> = {
  volunteer: [APP_WORK.ownVisit, APP_WORK.videoObserved, APP_WORK.supervisor],
  patient: [APP_WORK.videoSent],
};

/** The record's own columns as the app sent them (the patient and the entry come from the statement's target). */
function recordColumns(input: AppVisitInput, upload: VisitUpload['stored']) {
  const observed = OBSERVED_WORKS.includes(input.work);
  return {
    uuid: input.uuid,
    date: input.date,
    work: input.work,
    // A supervisor's visit keeps the status it sent (never a dose: the ledger reads work 4 as none).
    work_status: observed || input.work === APP_WORK.supervisor ? (input.work_status ?? null) : null,
    long: input.long ?? null,
    minor_side_effects: input.minor_side_effects ?? null,
    major_side_effects: input.major_side_effects ?? null,
    actions: observed && input.actions?.length ? [...new Set(input.actions)].sort().join(',') : null,
    video: upload.video ?? null,
    // The record first, its video after (app/uploads): shown as uploading until it attaches.
    video_awaited: VIDEO_WORKS.includes(input.work) && !upload.video,
    sign: upload.sign ?? null,
    remark: input.remark ?? null,
    late_remark: isLate(input.date) ? (input.late_remark ?? null) : null,
    patient_condition: input.patient_condition ?? null,
    created: 'app',
    DOT_records: observed ? (input.DOT_records ?? []) : [],
  } satisfies Partial<typeof dots.$inferInsert>;
}

/**
 * A new record in one statement (the upload's hot path, bench/app-upload.mts): the patient and the
 * entry in force on the day (visitTargetQuery); the insert from that row, so a patient the user
 * does not reach gets none; the audit entry of what was inserted. Answers the target (none: 404)
 * and the inserted record (none: the uuid was taken). Run with the patient already locked (save).
 * The insert is SQL because drizzle's insert … select takes every column, the identity included.
 */
function insertVisit(
  db: Database,
  request: FastifyRequest,
  user: AppUser,
  input: AppVisitInput,
  upload: VisitUpload['stored'],
) {
  const target = db.$with('target').as(visitTargetQuery(db, user, input.patient_id, input.date));
  const columns = getTableColumns(dots);
  const record = Object.entries(recordColumns(input, upload)) as [keyof typeof columns, unknown][];
  const names = sql.join(
    record.map(([name]) => sql.identifier(name)),
    sql`, `,
  );
  // Cast to the column's type: the parameters of an insert … select are not typed by the columns they fill.
  const values = sql.join(
    record.map(([name, value]) => sql`${sql.param(value, columns[name])}::${sql.raw(columns[name].getSQLType())}`),
    sql`, `,
  );
  const inserted = db.$with('inserted', columns).as(sql`insert into dots (${names}, patient_id, change_volunteer_id)
    select ${values}, ${target.id}, ${target.entry_id} from ${target}
    on conflict (uuid) do nothing returning *`);
  const audit = db
    .$with('audit', {})
    .as(auditRowsSql(request, { action: 'create', entity: 'dots' }, inserted, [...SERVER_BOOKKEEPING]));
  return db
    .with(target, inserted, audit)
    .select()
    .from(target)
    .leftJoin(inserted, sql`true`);
}

/**
 * One video per patient, day and work (docs/api.md "Budgets"): another record than `row` that has
 * its video or awaits one. Read with the patient locked, so two uploads at once cannot both pass.
 */
export async function anotherVideoOfDay(db: Database, row: DotRow): Promise<boolean> {
  if (!row.video && !row.video_awaited) return false;
  const [other] = await db
    .select({ id: dots.id })
    .from(dots)
    .where(
      and(
        eq(dots.patient_id, row.patient_id),
        eq(dots.date, row.date),
        eq(dots.work, row.work),
        ne(dots.id, row.id),
        or(isNotNull(dots.video), eq(dots.video_awaited, true)),
      ),
    )
    .limit(1);
  return !!other;
}

/**
 * POST app/DOTs (docs/api.md "App API"): a visit record from the phone app, JSON or multipart
 * (`uuid` = the record's uuid, `data` = the record as JSON, then the files `sign` and `video`).
 * Idempotent by the app's uuid: an upload of a uuid already stored changes nothing and answers the
 * stored record (200; the first answer was 201) before any file part is read, also when two arrive
 * at once (the unique index decides, the loser's files are removed).
 */
export default async function appVisitRoutes(app: FastifyInstance) {
  const { db, visitFiles: store } = app;

  /** The stored record of a uuid, if the user may see it; a uuid of someone else's record is a 409. */
  async function existing(user: AppUser, uuid: string): Promise<DotRow | null> {
    const found = await reachableVisit(db, user, uuid);
    if (found === undefined) throw conflict(UUID_TAKEN);
    return found;
  }

  /**
   * A repeat is answered before the record is validated: a retry changes nothing whatever it
   * carries, so only its uuid is read (the cheap path of the app's retries).
   */
  async function repeatOf(user: AppUser, data: unknown): Promise<DotRow | null> {
    const uuid = typeof data === 'object' && data !== null ? (data as { uuid?: unknown }).uuid : undefined;
    return typeof uuid === 'string' && UUID_PATTERN.test(uuid.toLowerCase())
      ? existing(user, uuid.toLowerCase())
      : null;
  }

  /** Validates a new record and the rules that need no database. */
  async function validated(user: AppUser, data: unknown): Promise<AppVisitInput> {
    const input = await checkedBy(appVisitSchema, data);
    if (!WORKS_OF[user.kind].includes(input.work)) throw fieldError('work', WORK_NOT_YOURS);
    if (isLate(input.date) && !input.late_remark) throw fieldError('late_remark', LATE_REMARK_REQUIRED);
    return input;
  }

  async function save(
    request: FastifyRequest,
    user: AppUser,
    input: AppVisitInput,
    upload: VisitUpload['stored'],
  ): Promise<{ row: DotRow; created: boolean }> {
    if (input.work === APP_WORK.ownVisit && !upload.sign) throw fieldError('sign', SIGN_REQUIRED);
    const row = await inTransaction(db, async (tx) => {
      // The patient's row first, in a statement of its own (ledger/lock.ts): a statement that waits
      // for a row lock keeps the snapshot it began with, so an insert that locked the patient itself
      // would file the record under the entry in force before a history change that committed while
      // it waited. After the lock, the insert's statement reads the history as the last writer left it.
      const locked = await lockPatients(tx, [input.patient_id]);
      const [found] = await insertVisit(tx, request, user, input, upload);
      // The checks run on the row the statement read; a refused record's insert (and its audit
      // entry) is rolled back with the transaction, so the rules stay in one place (scope.ts).
      const patient = checkVisitTarget(user, found?.target, input.date);
      if (found?.inserted && (await anotherVideoOfDay(tx, found.inserted))) throw conflict(VIDEO_OF_DAY_TAKEN);
      // With the patient locked, the roll-up's update sees every record and the roll-up of the last
      // write before this one; it updates the patient's rows from this record alone (or rebuilds
      // them where that cannot be exact: ledger/rollup.ts).
      if (found?.inserted) await locked.rollUpNewVisit({ id: found.inserted.id, patient_id: patient.id });
      return found?.inserted;
    });
    if (row) return { row, created: true };
    // Another upload of the same uuid committed first: this one changes nothing.
    const first = await existing(user, input.uuid);
    if (!first) throw new Error('a uuid conflict without a stored record');
    return { row: first, created: false };
  }

  const uploadSchema = routeSchema({
    summary:
      'A visit record from the phone app, JSON or multipart (uuid first, then data, then sign and video); the same uuid again answers the stored record (200) before any file is read',
    body: appVisitSchema,
    upload: { files: ['sign', 'video'], required: [], data: appVisitSchema, uuid: true },
    response: answers.upload('AppVisitRecord', 'DOT'),
    refusals: [404, 409, 429],
  });
  app.post('/app/DOTs', { preHandler: authenticateApp, schema: uploadSchema }, async (request, reply) => {
    const user = appUserOf(request);
    let input: AppVisitInput | null = null;
    let repeat: DotRow | null = null;
    let stored: VisitUpload['stored'] = {};
    if (request.isMultipart()) {
      // Everything is checked before a byte of a file is stored; a repeat's files are not stored at all.
      const upload = await receiveVisitUpload(request, store, {
        isRepeat: async (uuid) => (repeat = await repeatOf(user, { uuid })) !== null,
        beforeFiles: async (data) => {
          repeat = await repeatOf(user, data);
          if (repeat) return 'skip';
          input = await validated(user, data);
          await visitTarget(db, user, input.patient_id, input.date);
          // The body's size against the account's daily budget, before a byte of a file is stored.
          await chargeUpload(
            db,
            reply,
            user,
            Number(request.headers['content-length']) || 0,
            app.config.uploadBytesPerDay,
            `${input.uuid}:form`,
          );
          return 'store';
        },
      }).catch((error: unknown) => {
        // Refused while the client may still be sending (a video over the limit): answer, then close
        // the connection rather than read the rest of a body nobody will store.
        reply.header('connection', 'close');
        throw error;
      });
      stored = upload.stored;
      // A repeat is answered now, its files unread: the connection closes after the answer, so the
      // phone stops sending a video the server already has.
      if (upload.skipped) reply.header('connection', 'close');
    } else {
      repeat = await repeatOf(user, request.body);
      if (!repeat) input = await validated(user, request.body);
    }
    let result: { row: DotRow; created: boolean };
    try {
      result = repeat ? { row: repeat, created: false } : await save(request, user, input!, stored);
    } catch (error) {
      await discardStored(store, stored);
      throw error;
    }
    if (!result.created) await discardStored(store, stored);
    return reply.status(result.created ? 201 : 200).send({
      data: appVisitRecord(linksFor(request), result.row),
      status: 'success',
      message: result.created ? successMessage('DOT', 'created') : alreadyStoredMessage('DOT'),
    });
  });

  /** GET app/DOTs/{uuid}: one of the user's records, with signed links of its files (the app asks after a doubtful upload). */
  app.get(
    '/app/DOTs/:uuid',
    {
      preHandler: authenticateApp,
      schema: routeSchema({
        summary: "One of the user's visit records, with signed links to its files",
        response: answers.item('AppVisitRecord'),
      }),
    },
    async (request) => {
      const uuid = String((request.params as { uuid: string }).uuid).toLowerCase();
      // Not a UUID: no record has it (a 404, as a record id that is not a number).
      if (!UUID_PATTERN.test(uuid)) throw notFound(VISIT_NOT_FOUND);
      const found = await reachableVisit(db, appUserOf(request), uuid);
      if (!found) throw notFound(VISIT_NOT_FOUND);
      return { data: appVisitRecord(linksFor(request), found), status: 'success' };
    },
  );
}
