import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { Community, CommunityInput, Referral } from '@vot/shared/schemas';
import type { Database } from '../../db/client';
import { communities, communityReferrals, townships, volunteers } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { pageOf, type Paging } from '../../lib/paging';
import type { RequestUser } from '../../http/auth';
import { activeInScope } from '../volunteers/repository';
import type { CommunityFilterInput as CommunityQuery } from '@vot/shared/schemas';

export const COMMUNITY_NOT_FOUND = 'Community not found.';

const columns = {
  id: communities.id,
  date: communities.date,
  referral: communities.referral,
  volunteer_id: volunteers.id,
  volunteer_name: volunteers.name,
  township_id: townships.id,
  township_name: townships.name,
};

/**
 * An activity is seen through its volunteer: only an active volunteer's (one in trash takes its
 * activities with it until recovered) and only within the user's townships, so another
 * township's activity is a 404 like any missing record.
 */
const visible = activeInScope;

function filtered(user: RequestUser, f: Partial<CommunityQuery>): SQL {
  return and(
    visible(user),
    f.township_id?.length ? inArray(volunteers.township_id, f.township_id) : undefined,
    f.volunteer_id === undefined ? undefined : eq(communities.volunteer_id, f.volunteer_id),
    f.start_date === undefined ? undefined : gte(communities.date, f.start_date),
    f.end_date === undefined ? undefined : lte(communities.date, f.end_date),
  )!;
}

/** An activity joined with its volunteer (always there) and the volunteer's township (none while in trash). */
interface Row {
  id: number;
  date: string;
  referral: number;
  volunteer_id: number;
  volunteer_name: string;
  township_id: number | null;
  township_name: string | null;
}

const select = (db: Database) =>
  db
    .select(columns)
    .from(communities)
    .innerJoin(volunteers, eq(volunteers.id, communities.volunteer_id))
    .leftJoin(townships, eq(townships.id, volunteers.township_id));

const referralColumns = {
  community_id: communityReferrals.community_id,
  place: communityReferrals.place,
  male: communityReferrals.male,
  female: communityReferrals.female,
  total: communityReferrals.total,
};

/** Ids per query: a whole unpaged list stays well under PostgreSQL's limit of bind parameters. */
const CHUNK = 5000;

/** The rows with their referral rows (one query per CHUNK rows), in the order the form entered them. */
async function withReferrals(db: Database, rows: Row[]): Promise<Community[]> {
  const referrals = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const ids = rows.slice(i, i + CHUNK).map((r) => r.id);
    referrals.push(
      ...(await db
        .select(referralColumns)
        .from(communityReferrals)
        .where(inArray(communityReferrals.community_id, ids))
        .orderBy(asc(communityReferrals.id))),
    );
  }
  const byCommunity = new Map<number, Referral[]>();
  for (const { community_id, place, ...counts } of referrals) {
    // Stored only through referralSchema, so the place is one of REFERRAL_PLACES.
    const referral: Referral = { place: place as Referral['place'], ...counts };
    const list = byCommunity.get(community_id) ?? [];
    list.push(referral);
    byCommunity.set(community_id, list);
  }
  return rows.map(
    (r) =>
      ({
        id: r.id,
        volunteer: {
          id: r.volunteer_id,
          name: r.volunteer_name,
          township:
            r.township_id === null || r.township_name === null ? null : { id: r.township_id, name: r.township_name },
        },
        date: r.date,
        referral: r.referral,
        referrals: byCommunity.get(r.id) ?? [],
      }) satisfies Community,
  );
}

/** Newest date first (then newest entry), filtered and scoped, with the total for paging. */
export async function listCommunities(
  db: Database,
  user: RequestUser,
  f: Partial<CommunityQuery>,
  { limit, offset }: Paging,
) {
  const where = filtered(user, f);
  const query = select(db).where(where).orderBy(desc(communities.date), desc(communities.id)).offset(offset);
  const counted = db
    .select({ total: count() })
    .from(communities)
    .innerJoin(volunteers, eq(volunteers.id, communities.volunteer_id))
    .where(where);
  const { data, total } = await pageOf(query, counted, limit);
  return { data: await withReferrals(db, data), total };
}

export async function findCommunity(db: Database, user: RequestUser, id: number): Promise<Community> {
  const rows = await select(db)
    .where(and(eq(communities.id, id), visible(user)))
    .limit(1);
  const [record] = await withReferrals(db, rows);
  if (!record) throw notFound(COMMUNITY_NOT_FOUND);
  return record;
}

/** Replaces every referral row of an activity with the form's rows. */
export async function setReferrals(
  db: Database,
  communityId: number,
  rows: CommunityInput['referrals'],
): Promise<void> {
  await db.delete(communityReferrals).where(eq(communityReferrals.community_id, communityId));
  if (rows.length) {
    await db.insert(communityReferrals).values(
      rows.map((r) => ({
        community_id: communityId,
        place: r.place,
        male: r.male,
        female: r.female,
        total: r.total,
      })),
    );
  }
}
