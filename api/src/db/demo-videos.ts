import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import { addDays, todayIn } from '@vot/shared/domain';
import type { Database } from './client';
import type { FileStore } from '../files/store';
import { RULES } from '../routes/app/upload';
import { dots } from './schema';

/** A four-second test picture (WebM, 41 KB), made for the demo: no person, no patient. */
const DEMO_VIDEO = fileURLToPath(new URL('../../assets/demo-dose-video.webm', import.meta.url));
/** At most this many of the demo's own videos await review after the first start. */
const DEMO_VIDEOS = 6;
const VIDEO_SENT = 3;

/**
 * The demo's patients' own videos of yesterday and today (work 3, sent from the phone app) get a
 * video file, once, so the Video Reviews queue has videos to play and decide on a first start
 * (docs/decisions/0220). Each record gets its own copy in the visit file store: a record's video is
 * removed on its own (files/retention.ts), so no two records share a file.
 */
export async function seedDemoVideos(db: Database, store: FileStore): Promise<void> {
  const [has] = await db
    .select({ id: dots.id })
    .from(dots)
    .where(and(eq(dots.work, VIDEO_SENT), isNotNull(dots.video)))
    .limit(1);
  if (has) return;
  const records = await db
    .select({ id: dots.id })
    .from(dots)
    .where(
      and(
        eq(dots.work, VIDEO_SENT),
        eq(dots.created, 'app'),
        isNull(dots.video),
        isNull(dots.review_dose_taken),
        gte(dots.date, addDays(todayIn(), -1)),
      ),
    )
    .orderBy(asc(dots.date), asc(dots.id))
    .limit(DEMO_VIDEOS);
  for (const { id } of records) {
    // Held to the phone app's rules for a video, as an upload is.
    const { key } = await store.put(createReadStream(DEMO_VIDEO), RULES.video);
    await db.update(dots).set({ video: key }).where(eq(dots.id, id));
  }
}
