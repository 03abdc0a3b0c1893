import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { todayIn } from '@vot/shared/domain';
import type { Database } from '../db/client';
import { auditLog, dots, patients } from '../db/schema';
import type { FileStore } from './store';

/** Months a visit video is kept after the patient's VOT end date (docs/decisions/0086). */
export const VIDEO_RETENTION_MONTHS = 12;

/** The last VOT end date whose videos are past keeping on `now`'s day (Asia/Yangon). */
export function retentionCutoff(now: Date = new Date()): string {
  const day = new Date(`${todayIn(undefined, now)}T00:00:00Z`);
  day.setUTCMonth(day.getUTCMonth() - VIDEO_RETENTION_MONTHS);
  return day.toISOString().slice(0, 10);
}

/**
 * Removes the videos of visits whose patient's VOT ended more than VIDEO_RETENTION_MONTHS ago, a
 * batch at a time: the row forgets the video first (audited, as the system), then the file goes, so
 * a failure leaves at worst an unreferenced file, never a link to nothing. The visit row, its
 * signature and everything the reports read stay. Safe to run on several API instances at once.
 */
export async function removeExpiredVideos(
  db: Database,
  store: FileStore,
  now: Date = new Date(),
  batch = 500,
): Promise<number> {
  const cutoff = retentionCutoff(now);
  let removed = 0;
  for (;;) {
    const keys = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: dots.id, video: dots.video })
        .from(dots)
        .innerJoin(patients, eq(patients.id, dots.patient_id))
        .where(and(isNotNull(dots.video), lt(patients.DOT_end_date, cutoff)))
        .limit(batch)
        .for('update', { of: dots, skipLocked: true });
      if (!rows.length) return [];
      await tx
        .update(dots)
        .set({ video: null, updated_at: new Date() })
        .where(
          inArray(
            dots.id,
            rows.map((r) => r.id),
          ),
        );
      await tx.insert(auditLog).values(
        rows.map((r) => ({
          actor_id: null,
          actor_email: 'system:video-retention',
          action: 'update',
          entity: 'dots',
          entity_id: r.id,
          before: { video: r.video },
          after: { video: null },
        })),
      );
      return rows.map((r) => r.video!);
    });
    if (!keys.length) return removed;
    await Promise.all(keys.map((key) => store.delete(key).catch(() => undefined)));
    removed += keys.length;
  }
}
