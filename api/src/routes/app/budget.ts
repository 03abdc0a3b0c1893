import { and, eq, lt, sql } from 'drizzle-orm';
import { PROGRAMME_TIMEZONE, todayIn } from '@vot/shared/domain';
import type { Database } from '../../db/client';
import { appUploadCharges, appUploadDays } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import type { FastifyReply } from 'fastify';
import type { AppUser } from './auth';

export const megabytesOf = (bytes: number) => Math.round(bytes / 1024 / 1024);
export const BUDGET_SPENT = (budget: number) =>
  `Today's upload limit of ${megabytesOf(budget)} MB is reached. Try again tomorrow.`;

/**
 * Counts `bytes` against the account's budget for today (Asia/Yangon), or refuses with a 429 and
 * `Retry-After` (seconds to the programme's midnight). One guarded upsert: the row is added to only
 * while the sum stays within the budget, so uploads begun at once cannot pass it together.
 *
 * `upload` names what is sent (`<uuid>:video`, `<uuid>:form`): an upload begun again for the same
 * record today is charged only the bytes it declares beyond what its earlier attempts were charged
 * (docs/decisions/0146), its row locked so two restarts at once add once.
 */
export async function chargeUpload(
  db: Database,
  reply: FastifyReply,
  user: AppUser,
  bytes: number,
  budget: number,
  upload?: string,
): Promise<void> {
  const day = todayIn();
  const subject = { subject: user.kind, subject_id: user.id, day };
  try {
    await db.transaction(async (tx) => {
      let extra = bytes;
      if (upload) {
        const charge = and(
          eq(appUploadCharges.subject, user.kind),
          eq(appUploadCharges.subject_id, user.id),
          eq(appUploadCharges.day, day),
          eq(appUploadCharges.upload, upload),
        );
        await tx
          .insert(appUploadCharges)
          .values({ ...subject, upload, bytes: 0 })
          .onConflictDoNothing();
        const [earlier] = await tx
          .select({ bytes: appUploadCharges.bytes })
          .from(appUploadCharges)
          .where(charge)
          .for('update');
        extra = Math.max(0, bytes - (earlier?.bytes ?? 0));
        if (extra === 0) return;
        await tx.update(appUploadCharges).set({ bytes }).where(charge);
      }
      const added = await tx
        .insert(appUploadDays)
        .values({ ...subject, bytes: extra })
        .onConflictDoUpdate({
          target: [appUploadDays.subject, appUploadDays.subject_id, appUploadDays.day],
          set: { bytes: sql`${appUploadDays.bytes} + excluded.bytes` },
          setWhere: sql`${appUploadDays.bytes} + excluded.bytes <= ${budget}`,
        })
        .returning({ bytes: appUploadDays.bytes });
      // Refused, or a first upload of the day larger than the budget: the transaction takes it back.
      if (!added.length || extra > budget) throw new BudgetSpent();
    });
  } catch (error) {
    if (!(error instanceof BudgetSpent)) throw error;
    reply.header('Retry-After', String(secondsToMidnight()));
    throw new HttpError(429, BUDGET_SPENT(budget));
  }
}

class BudgetSpent extends Error {}

/** The charges of past days: only today's can meet a restart. */
export async function forgetPastCharges(db: Database): Promise<number> {
  const removed = await db
    .delete(appUploadCharges)
    .where(lt(appUploadCharges.day, todayIn()))
    .returning({ day: appUploadCharges.day });
  return removed.length;
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
