import { and, eq } from 'drizzle-orm';
import { VOLUNTEER_STATUS } from '@vot/shared/domain';
import type { Database } from '../../db/client';
import { volunteers } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { inScope } from '../../lib/scope';
import type { RequestUser } from '../../plugins/auth';

export const VOLUNTEER_NOT_FOUND = 'Volunteer not found.';

/**
 * An active volunteer (not in trash) within the user's township scope, or a 404: what trainings
 * and community activities check before they touch a volunteer's records.
 */
export async function activeVolunteer(db: Database, user: RequestUser, id: number) {
  const [row] = await db
    .select({ id: volunteers.id, name: volunteers.name, township_id: volunteers.township_id })
    .from(volunteers)
    .where(and(eq(volunteers.id, id), eq(volunteers.status, VOLUNTEER_STATUS.active), inScope(volunteers.township_id, user)))
    .limit(1);
  if (!row) throw new HttpError(404, VOLUNTEER_NOT_FOUND);
  return row;
}
