import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { VOLUNTEER_STATUS } from '@vot/shared/domain';
import { can } from '@vot/shared/permissions';
import type { Volunteer, VolunteerExportRow } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { communities, trainings, volunteers } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { pageOf, type Paging } from '../../lib/paging';
import { inScope } from '../../lib/scope';
import { revealedPassword } from '../../lib/secrets';
import type { RequestUser } from '../../http/auth';
import { recoverTownship, township, townshipRef } from '../townships/repository';

export const VOLUNTEER_NOT_FOUND = 'Volunteer not found.';

/**
 * Active (not in trash) and within the user's townships: the condition under which a volunteer,
 * and so its trainings and community activities, can be seen at all.
 */
export function activeInScope(user: RequestUser): SQL | undefined {
  return and(eq(volunteers.status, VOLUNTEER_STATUS.active), inScope(volunteers.township_id, user));
}

/**
 * An active volunteer (not in trash) within the user's township scope, or a 404: what trainings
 * and community activities check before they touch a volunteer's records.
 */
export async function activeVolunteer(db: Database, user: RequestUser, id: number) {
  const [row] = await db
    .select({ id: volunteers.id, name: volunteers.name, township_id: volunteers.township_id })
    .from(volunteers)
    .where(and(eq(volunteers.id, id), activeInScope(user)))
    .limit(1);
  if (!row) throw notFound(VOLUNTEER_NOT_FOUND);
  return row;
}

export type VolunteerStatus = (typeof VOLUNTEER_STATUS)[keyof typeof VOLUNTEER_STATUS];

/**
 * The township that places a volunteer in a user's scope: its township while active, its recover
 * township while in trash (where township_id is null). A stale recover_township_id of an active
 * volunteer must never widen the scope, hence the status in each branch.
 */
export function townshipColumn(status: VolunteerStatus) {
  return status === VOLUNTEER_STATUS.trash ? volunteers.recover_township_id : volunteers.township_id;
}

function inStatusScope(status: VolunteerStatus, user: RequestUser): SQL | undefined {
  const scope = inScope(townshipColumn(status), user);
  return scope && and(eq(volunteers.status, status), scope);
}

/** A volunteer of either status within the user's scope (recover and permanent delete look at both). */
function inAnyScope(user: RequestUser): SQL | undefined {
  const active = inStatusScope(VOLUNTEER_STATUS.active, user);
  return active && or(active, inStatusScope(VOLUNTEER_STATUS.trash, user));
}

/** Who the volunteer is and how to reach them: the same columns in the list and the export. */
const personColumns = {
  gender: volunteers.gender,
  age: volunteers.age,
  address: volunteers.address,
  phone1: volunteers.phone1,
  phone2: volunteers.phone2,
  email: volunteers.email,
};

function selectVolunteers(db: Database) {
  return db
    .select({
      id: volunteers.id,
      name: volunteers.name,
      ...personColumns,
      code: volunteers.code,
      plain_password_enc: volunteers.plain_password_enc,
      both_mdr_and_picts: volunteers.both_mdr_and_picts,
      education_status: volunteers.education_status,
      occupation: volunteers.occupation,
      township: townshipRef(township),
      recover_township: townshipRef(recoverTownship),
      past_history_of_TB: volunteers.past_history_of_TB,
      previous_volunteer_experience: volunteers.previous_volunteer_experience,
      remark: volunteers.remark,
      volunteer_id_gf: volunteers.volunteer_id_gf,
      status: volunteers.status,
    })
    .from(volunteers)
    .leftJoin(township, eq(township.id, volunteers.township_id))
    .leftJoin(recoverTownship, eq(recoverTownship.id, volunteers.recover_township_id));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectVolunteers>['execute']>>[number];

/**
 * The record of the contract. The initial app password is a credential: it leaves decrypted only
 * for those who register volunteers and hand out their sign-ins (volunteer-passwords/read), and
 * only where they hand it out (the detail and the export), never in lists, dropdowns or the trash.
 */
function toVolunteer(key: Buffer, { plain_password_enc, ...row }: Row, reveal: boolean): Volunteer {
  return { ...row, plain_password: revealedPassword(key, plain_password_enc, reveal) } satisfies Volunteer;
}

/** Whether this user may see volunteers' initial app passwords. */
export const seesPasswords = (user: RequestUser) => can(user, 'volunteer-passwords', 'read');

export interface VolunteerFilter {
  status: VolunteerStatus;
  /** For the trash these are recover townships: a trashed volunteer has no township of its own. */
  townshipIds: number[];
}

function conditions(user: RequestUser, filter: VolunteerFilter): SQL | undefined {
  const column = townshipColumn(filter.status);
  return and(
    eq(volunteers.status, filter.status),
    inScope(column, user),
    filter.townshipIds.length ? inArray(column, filter.townshipIds) : undefined,
  );
}

/** Active volunteers or the trash, newest first (the trash by when they were deleted); never with passwords. */
export async function listVolunteers(
  db: Database,
  key: Buffer,
  user: RequestUser,
  filter: VolunteerFilter,
  paging: Partial<Paging>,
) {
  const where = conditions(user, filter);
  const order =
    filter.status === VOLUNTEER_STATUS.trash
      ? [desc(volunteers.deleted_at), desc(volunteers.id)]
      : [desc(volunteers.id)];
  const query = selectVolunteers(db)
    .where(where)
    .orderBy(...order)
    .offset(paging.offset ?? 0);
  const { data, total } = await pageOf(
    query,
    db.select({ total: count() }).from(volunteers).where(where),
    paging.limit,
  );
  return { data: data.map((r) => toVolunteer(key, r, false)), total };
}

/**
 * The rows of GET volunteers-export (SPEC.md §7), flat: one join for the township's name and only
 * the exported columns, since an export is every row of a township at once and nested records cost
 * more to map than the query takes (bench/volunteers.mts).
 */
export async function exportVolunteers(db: Database, key: Buffer, user: RequestUser, townshipIds: number[]) {
  const rows = await db
    .select({
      name: volunteers.name,
      code: volunteers.code,
      enc: volunteers.plain_password_enc,
      ...personColumns,
      education_status: volunteers.education_status,
      township: township.name,
      past_history_of_TB: volunteers.past_history_of_TB,
      previous_volunteer_experience: volunteers.previous_volunteer_experience,
      remark: volunteers.remark,
    })
    .from(volunteers)
    .leftJoin(township, eq(township.id, volunteers.township_id))
    .where(conditions(user, { status: VOLUNTEER_STATUS.active, townshipIds }))
    .orderBy(desc(volunteers.id));
  const reveal = seesPasswords(user);
  return rows.map(
    ({ enc, phone1, phone2, ...row }) =>
      ({
        ...row,
        plain_password: revealedPassword(key, enc, reveal),
        // Phones in one cell, as the spreadsheet shows them.
        phone: phone2 ? `${phone1}, ${phone2}` : phone1,
      }) satisfies VolunteerExportRow,
  );
}

/** One volunteer in the user's scope, of the given status, or of either status when none is given; else 404. */
export async function findVolunteer(
  db: Database,
  key: Buffer,
  user: RequestUser,
  id: number,
  status?: VolunteerStatus,
): Promise<Volunteer> {
  const scope =
    status === undefined ? inAnyScope(user) : and(eq(volunteers.status, status), inScope(townshipColumn(status), user));
  const [row] = await selectVolunteers(db)
    .where(and(eq(volunteers.id, id), scope))
    .limit(1);
  if (!row) throw notFound(VOLUNTEER_NOT_FOUND);
  return toVolunteer(key, row, seesPasswords(user));
}

/** Whether the programme has recorded work of this volunteer (trainings, community activities). */
export async function hasHistory(db: Database, id: number): Promise<boolean> {
  const [training] = await db
    .select({ id: trainings.id })
    .from(trainings)
    .where(eq(trainings.volunteer_id, id))
    .limit(1);
  if (training) return true;
  const [community] = await db
    .select({ id: communities.id })
    .from(communities)
    .where(eq(communities.volunteer_id, id))
    .limit(1);
  return community !== undefined;
}
