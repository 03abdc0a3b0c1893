import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APP_WORK, appVisitSyncSchema, type AppVisitPage } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { changeVolunteers, dots } from '../../db/schema';
import { fieldError } from '../../lib/http-errors';
import { linksFor } from '../../lib/link-sessions';
import { queryOf } from '../../lib/requests';
import { answers, routeSchema } from '../../openapi/routes';
import { appUserOf, authenticateApp, type AppUser } from './auth';
import { appVisitRecord } from './visits';

/**
 * GET app/DOTs?since=<cursor>: the caller's own records, for a phone that lost its own (a new phone,
 * a reinstalled app) and then to keep in step (docs/decisions/0151-app-record-sync-cursor.md).
 * Ordered by the time of the record's last change, then id; the cursor is the last one answered.
 * A change's time is its transaction's start, so a record may commit after a later-stamped one has
 * been answered: the cursor never passes a record changed less than SETTLE_SECONDS ago (unless a
 * whole page is that recent), and such records are answered again at the next call.
 */

export const SYNC_PAGE = 100;
export const SETTLE_SECONDS = 60;
export const BAD_CURSOR = 'since must be a cursor the API gave!';

/** The records a caller made in the app: a volunteer's works 1, 2 and 4 under their entries; a patient's videos. */
function ownRecords(user: AppUser) {
  const made = eq(dots.created, 'app');
  return user.kind === 'patient'
    ? and(made, eq(dots.patient_id, user.id), eq(dots.work, APP_WORK.videoSent))
    : and(
        made,
        eq(changeVolunteers.volunteer_id, user.id),
        inArray(dots.work, [APP_WORK.ownVisit, APP_WORK.videoObserved, APP_WORK.supervisor]),
      );
}

/** A position in the order: the change's time (UTC, microseconds) and the id. */
interface Position {
  changed: string;
  id: number;
}
const CHANGED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const START: Position = { changed: '1970-01-01T00:00:00.000000Z', id: 0 };

const encode = (p: Position) => Buffer.from(`${p.changed}|${p.id}`).toString('base64url');
function decode(cursor: string): Position {
  const [changed, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!changed || !CHANGED.test(changed) || !id || !/^\d{1,10}$/.test(id) || Number(id) > 2_147_483_647)
    throw fieldError('since', BAD_CURSOR);
  return { changed, id: Number(id) };
}

async function pageOf(db: Database, user: AppUser, from: Position) {
  return db
    .select({
      row: dots,
      changed: sql<string>`to_char(${dots.updated_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      settled: sql<boolean>`${dots.updated_at} <= now() - ${`${SETTLE_SECONDS} seconds`}::interval`,
    })
    .from(dots)
    .leftJoin(changeVolunteers, eq(changeVolunteers.id, dots.change_volunteer_id))
    .where(and(ownRecords(user), sql`(${dots.updated_at}, ${dots.id}) > (${from.changed}::timestamptz, ${from.id})`))
    .orderBy(asc(dots.updated_at), asc(dots.id))
    .limit(SYNC_PAGE + 1);
}

export default async function appSyncRoutes(app: FastifyInstance) {
  const { db } = app;
  app.get(
    '/app/DOTs',
    {
      preHandler: authenticateApp,
      schema: routeSchema({
        summary:
          "The caller's own records (made in the app) changed after `since`, oldest change first, 100 at a time; without `since`, from the first",
        querystring: appVisitSyncSchema,
        response: answers.whole('AppVisitPage'),
      }),
    },
    async (request): Promise<AppVisitPage> => {
      const { since } = await queryOf(appVisitSyncSchema, request);
      const from = since ? decode(since) : START;
      const rows = await pageOf(db, appUserOf(request), from);
      const more = rows.length > SYNC_PAGE;
      const page = rows.slice(0, SYNC_PAGE);
      const settled = page.filter((r) => r.settled).at(-1);
      const last = more && !settled ? page.at(-1) : settled;
      return {
        data: page.map((r) => appVisitRecord(linksFor(request), r.row)),
        status: 'success',
        next: encode(last ? { changed: last.changed, id: last.row.id } : from),
        more,
      };
    },
  );
}
