import { eq } from 'drizzle-orm';
import type { Role } from '@vot/shared/domain';
import { districts, projects, regions, townships, userTownships, users, volunteers } from '../src/db/schema';
import type { Database } from '../src/db/client';
import { emailOf } from './helpers';

/**
 * Records a test needs before it can test anything, written straight to the database and returning
 * ids (fastify/demo's `createTask`): a test calls what it needs, in its own `before` or body, rather
 * than relying on a "sets up" test running first. The routes that create these records are tested
 * in their own suites.
 */

/** What a fixture writes through: a TestApp, or a bare database (`{ handle: { db } }`) in a bench or fixture module. */
export interface WithDb {
  handle: { db: Database };
}

/** Where townships sit: a region, a district and a project. */
export interface Geography {
  region_id: number;
  district_id: number;
  project_id: number;
}

/** A region, a district and a project (MDR-TB unless named; the region and district named after it unless given), for townships to sit in. */
export async function createGeography(
  t: WithDb,
  project = 'MDR-TB',
  names: { region?: string; district?: string } = {},
): Promise<Geography> {
  const db = t.handle.db;
  const [region] = await db
    .insert(regions)
    .values({ name: names.region ?? `${project} Region` })
    .returning({ id: regions.id });
  const [district] = await db
    .insert(districts)
    .values({ name: names.district ?? `${project} District` })
    .returning({ id: districts.id });
  const [row] = await db.insert(projects).values({ name: project }).returning({ id: projects.id });
  return { region_id: region!.id, district_id: district!.id, project_id: row!.id };
}

/** A township of the geography; its abbreviation is its name's first three letters unless given. */
export async function createTownship(
  t: WithDb,
  geography: Geography,
  name: string,
  abbreviation = name.slice(0, 3).toUpperCase(),
): Promise<number> {
  const [row] = await t.handle.db
    .insert(townships)
    .values({ name, abbreviation, ...geography })
    .returning({ id: townships.id });
  return row!.id;
}

/**
 * Townships in one new geography, by key: `createTownships(t, { hty: 'Hlaingthaya' })` makes
 * Hlaingthaya (abbreviation HTY) and answers `{ hty: id }`.
 */
export async function createTownships<K extends string>(
  t: WithDb,
  names: Record<K, string>,
  geography?: Geography,
): Promise<Record<K, number>> {
  const place = geography ?? (await createGeography(t));
  const ids = {} as Record<K, number>;
  for (const key of Object.keys(names) as K[]) ids[key] = await createTownship(t, place, names[key], key.toUpperCase());
  return ids;
}

/** Gives the test account of a township-bound role (a Field Officer) its townships. */
export async function assignTownships(t: WithDb, role: Role, townshipIds: number[]): Promise<void> {
  const db = t.handle.db;
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, emailOf(role)));
  await db.insert(userTownships).values(townshipIds.map((township_id) => ({ user_id: account!.id, township_id })));
}

let volunteerCount = 0;

/**
 * A volunteer in a township, active; `{ trash: true }` puts them in the trash, remembering the
 * township to recover to. No app password: the volunteer routes' own tests cover that.
 */
export async function createVolunteer(
  t: WithDb,
  name: string,
  townshipId: number,
  { trash = false } = {},
): Promise<number> {
  const [row] = await t.handle.db
    .insert(volunteers)
    .values({
      name,
      code: `TEST-V${++volunteerCount}`,
      township_id: trash ? null : townshipId,
      recover_township_id: trash ? townshipId : null,
      status: trash ? 0 : 1,
      deleted_at: trash ? new Date() : null,
      gender: 'Female',
      age: 30,
      address: 'Ward 3',
      phone1: '09123456',
      password_hash: 'x',
      both_mdr_and_picts: 0,
      education_status: 'Secondary',
      occupation: 'CHW',
    })
    .returning({ id: volunteers.id });
  return row!.id;
}
