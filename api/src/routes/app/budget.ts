import { sql } from 'drizzle-orm';
import { PROGRAMME_TIMEZONE, todayIn } from '@vot/shared/domain';
import type { Database } from '../../db/client';
import { appUploadDays } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import type { FastifyReply } from 'fastify';
import type { AppUser } from './auth';

export const megabytesOf = (bytes: number) => Math.round(bytes / 1024 / 1024);
export const BUDGET_SPENT = (budget: number) =>
  `Today's upload limit of ${megabytesOf(budget)} MB is reached. Try again tomorrow.`;

/**
 * Counts `bytes` against the account's budget for today (Asia/Yangon), or refuses with a 429 and
 * `Retry-After` (seconds to the programme's midnight). One statement: the row is taken and added
 * to only while the sum stays within the budget, so uploads begun at once cannot pass it together.
 */
export async function chargeUpload(
  db: Database,
  reply: FastifyReply,
  user: AppUser,
  bytes: number,
  budget: number,
): Promise<void> {
  const day = todayIn();
  const added = await db
    .insert(appUploadDays)
    .values({ subject: user.kind, subject_id: user.id, day, bytes })
    .onConflictDoUpdate({
      target: [appUploadDays.subject, appUploadDays.subject_id, appUploadDays.day],
      set: { bytes: sql`${appUploadDays.bytes} + excluded.bytes` },
      setWhere: sql`${appUploadDays.bytes} + excluded.bytes <= ${budget}`,
    })
    .returning({ bytes: appUploadDays.bytes });
  if (added.length && bytes <= budget) return;
  // A first upload of the day larger than the budget was inserted: take it back.
  if (added.length)
    await db
      .delete(appUploadDays)
      .where(
        sql`${appUploadDays.subject} = ${user.kind} and ${appUploadDays.subject_id} = ${user.id} and ${appUploadDays.day} = ${day}`,
      );
  reply.header('Retry-After', String(secondsToMidnight()));
  throw new HttpError(429, BUDGET_SPENT(budget));
}

/** Seconds until the next day begins in the programme's time zone. */
function secondsToMidnight(now: Date = new Date()): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: PROGRAMME_TIMEZONE,
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return 86_400 - (part('hour') * 3600 + part('minute') * 60 + part('second'));
}
