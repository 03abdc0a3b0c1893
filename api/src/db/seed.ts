import { and, asc, count, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { ROLES, bmi, type Role } from '@vot/shared/domain';
import type { Config } from '../config';
import { decryptText, encryptText } from '../lib/secrets';
import { generatePassword, hashPassword } from '../lib/passwords';
import type { Database } from './client';
import { seedDemoVot } from './demo-vot';
import { seedDemoActivities } from './demo-activities';
import { seedDemoVisits } from './demo-visits';
import { seedDemoVideos } from './demo-videos';
import type { FileStore } from '../files/store';
import {
  DEMO_ASSIGNMENTS,
  DEMO_EMAILS,
  DEMO_MEDICINES,
  DEMO_PATIENTS,
  DEMO_PATIENT_KINDS,
  demoPatientState,
  DEMO_PROJECTS,
  DEMO_REGIONS,
  DEMO_TOWNSHIPS,
  DEMO_VOLUNTEERS,
} from './demo-data';
import { volunteerCode } from '../routes/volunteers/index';
import { patientCode, townshipDrtbCode } from '../routes/patients/codes';
import {
  auditLog,
  districts,
  medicines,
  patients,
  projects,
  regions,
  townships,
  trainings,
  userTownships,
  users,
  volunteers,
} from './schema';

export interface SignIn {
  role: string;
  email: string;
  password: string;
}

interface NewAccount {
  name: string;
  email: string;
  role: Role;
  password: string;
  project_id?: number | null;
  township_ids?: number[];
  /**
   * How the password is kept: `initial` (generated, handed out, changed at the first sign-in,
   * expires: the staff rule), `demo` (readable by an Admin, no expiry), or `hash` (the operator's
   * own choice: stored as a hash only).
   */
  kept: 'initial' | 'demo' | 'hash';
}

/**
 * Hashes of generated passwords, two at a time: each scrypt hash at OWASP parameters takes ~128 MiB
 * and a few hundred ms, and one after another the demo's volunteers and patients held the first
 * start of a busy machine for a minute. Demo accounts given one password (VOT_DEMO_PASSWORD, as the
 * e2e tests do) share one hash: equal salts only tell that their passwords are equal, which that
 * variable says already; every generated password is different and hashed on its own.
 */
const sharedHashes = new Map<string, Promise<string>>();
async function hashAll(passwords: string[], config: Config): Promise<string[]> {
  const hashOf = (p: string) => {
    const key = `${config.scrypt.N}:${config.scrypt.r}:${config.scrypt.p}:${p}`;
    let hash = sharedHashes.get(key);
    if (!hash) {
      hash = hashPassword(p, config.scrypt);
      sharedHashes.set(key, hash);
      // Kept only while the seed runs: a password must not linger in memory for the process's life.
      void hash.finally(() => setTimeout(() => sharedHashes.delete(key), 60_000).unref());
    }
    return hash;
  };
  const hashes: string[] = [];
  for (let i = 0; i < passwords.length; i += 2)
    hashes.push(...(await Promise.all(passwords.slice(i, i + 2).map(hashOf))));
  return hashes;
}

/** Creates accounts with hashed passwords and the initial password kept encrypted for handing out. */
async function createAccounts(db: Database, config: Config, key: Buffer, accounts: NewAccount[]): Promise<void> {
  for (let i = 0; i < accounts.length; i += 2) {
    const batch = accounts.slice(i, i + 2);
    const hashes = await hashAll(
      batch.map((a) => a.password),
      config,
    );
    for (const [j, a] of batch.entries()) {
      const [user] = await db
        .insert(users)
        .values({
          name: a.name,
          email: a.email,
          role: a.role,
          password_hash: hashes[j]!,
          plain_password_enc: a.kept === 'hash' ? null : encryptText(key, a.password),
          initial_password_expires_at: a.kept === 'initial' ? new Date(Date.now() + config.initialPasswordMs) : null,
          project_id: a.project_id ?? null,
          township_id: a.township_ids?.[0] ?? null,
        })
        .returning({ id: users.id });
      if (a.township_ids?.length) {
        await db
          .insert(userTownships)
          .values(a.township_ids.map((township_id) => ({ user_id: user!.id, township_id })));
      }
      await db.insert(auditLog).values({
        action: 'create',
        entity: 'users',
        entity_id: user!.id,
        actor_email: 'system',
        after: { email: a.email, role: a.role },
      });
    }
  }
}

/**
 * On the first start (no accounts at all) creates the administrator from VOT_ADMIN_EMAIL /
 * VOT_ADMIN_PASSWORD (kept as a hash only), or with a generated initial password (changed at the
 * first sign-in, expiring as any other). Later starts renew the initial password of the first
 * Admin when every Admin still holds an expired one: nobody else may reset an Admin, and whoever
 * starts the API is its operator. Returns the sign-in to print once, or null.
 */
export async function ensureAdministrator(db: Database, config: Config, key: Buffer): Promise<SignIn | null> {
  const [{ n }] = (await db.select({ n: count() }).from(users)) as [{ n: number }];
  if (n > 0) return renewStrandedAdministrator(db, config, key);
  const password = config.adminPassword ?? generatePassword();
  await createAccounts(db, config, key, [
    {
      name: 'Administrator',
      email: config.adminEmail,
      role: 'Admin',
      password,
      kept: config.adminPassword ? 'hash' : 'initial',
    },
  ]);
  return {
    role: 'Admin',
    email: config.adminEmail,
    password: config.adminPassword ? '(VOT_ADMIN_PASSWORD)' : password,
  };
}

async function renewStrandedAdministrator(db: Database, config: Config, key: Buffer): Promise<SignIn | null> {
  const admins = await db
    .select({ id: users.id, email: users.email, expires: users.initial_password_expires_at })
    .from(users)
    .where(eq(users.role, 'Admin'))
    .orderBy(asc(users.id));
  const now = new Date();
  if (!admins.length || admins.some((a) => !a.expires || a.expires > now)) return null;
  const password = generatePassword();
  const [password_hash] = await hashAll([password], config);
  const [renewed] = await db
    .update(users)
    .set({
      password_hash: password_hash!,
      plain_password_enc: encryptText(key, password),
      initial_password_expires_at: new Date(now.getTime() + config.initialPasswordMs),
      updated_at: now,
    })
    .where(and(eq(users.id, admins[0]!.id), lte(users.initial_password_expires_at, now)))
    .returning({ email: users.email });
  if (!renewed) return null;
  await db.insert(auditLog).values({
    action: 'reset-password',
    entity: 'users',
    entity_id: admins[0]!.id,
    actor_email: 'system',
    after: { reason: 'every Admin initial password expired' },
  });
  return { role: 'Admin', email: renewed.email, password };
}

async function seedGeography(db: Database): Promise<void> {
  const [{ n }] = (await db.select({ n: count() }).from(regions)) as [{ n: number }];
  if (n > 0) return;
  const regionIds = new Map(
    (
      await db
        .insert(regions)
        .values(DEMO_REGIONS.map((name) => ({ name })))
        .returning()
    ).map((r) => [r.name, r.id]),
  );
  const districtNames = [...new Set(DEMO_TOWNSHIPS.map((t) => t[1]))];
  const districtIds = new Map(
    (
      await db
        .insert(districts)
        .values(districtNames.map((name) => ({ name })))
        .returning()
    ).map((d) => [d.name, d.id]),
  );
  const projectIds = new Map((await db.insert(projects).values(DEMO_PROJECTS).returning()).map((p) => [p.name, p.id]));
  await db.insert(townships).values(
    DEMO_TOWNSHIPS.map(([region, district, name, abbreviation, project]) => ({
      name,
      abbreviation,
      region_id: regionIds.get(region)!,
      district_id: districtIds.get(district)!,
      project_id: projectIds.get(project)!,
    })),
  );
  await db.insert(medicines).values(DEMO_MEDICINES);
}

async function seedDemoAccounts(db: Database, config: Config, key: Buffer, demoPassword: string | null): Promise<void> {
  const existing = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, Object.values(DEMO_EMAILS)))
    ).map((u) => u.email),
  );
  const projectRows = await db.select({ id: projects.id, name: projects.name }).from(projects);
  const townshipRows = await db.select({ id: townships.id, name: townships.name }).from(townships);
  const accounts: NewAccount[] = ROLES.filter((role) => !existing.has(DEMO_EMAILS[role])).map((role) => {
    const assignment = DEMO_ASSIGNMENTS[role];
    return {
      name: `Demo ${role}`,
      email: DEMO_EMAILS[role],
      role,
      password: demoPassword ?? generatePassword(),
      kept: 'demo' as const,
      project_id: assignment ? (projectRows.find((p) => p.name === assignment.project)?.id ?? null) : null,
      township_ids: assignment?.townships.map((t) => townshipRows.find((r) => r.name === t)!.id) ?? [],
    };
  });
  await createAccounts(db, config, key, accounts);
}

/** Demo volunteers and their trainings, once (when there are no volunteers at all). */
async function seedDemoVolunteers(db: Database, config: Config, key: Buffer): Promise<void> {
  const [{ n }] = (await db.select({ n: count() }).from(volunteers)) as [{ n: number }];
  if (n > 0) return;
  const townshipRows = await db
    .select({ id: townships.id, name: townships.name, abbreviation: townships.abbreviation })
    .from(townships);
  const passwords = DEMO_VOLUNTEERS.map(() => generatePassword());
  const hashes = await hashAll(passwords, config);
  for (const [i, v] of DEMO_VOLUNTEERS.entries()) {
    const township = townshipRows.find((t) => t.name === v.township)!;
    const password = passwords[i]!;
    const [row] = await db
      .insert(volunteers)
      .values({
        name: v.name,
        gender: v.gender,
        age: v.age,
        address: `No. ${12 + i}, Ward ${1 + i}, ${v.township}`,
        phone1: `09${String(420100200 + i * 1111)}`,
        both_mdr_and_picts: i % 2,
        education_status: v.education_status,
        occupation: v.occupation,
        township_id: township.id,
        code: `demo-${i}`,
        password_hash: hashes[i]!,
        plain_password_enc: encryptText(key, password),
      })
      .returning({ id: volunteers.id });
    await db
      .update(volunteers)
      .set({ code: volunteerCode(township.abbreviation, row!.id) })
      .where(eq(volunteers.id, row!.id));
    if (v.trainings.length)
      await db.insert(trainings).values(v.trainings.map(([date, type]) => ({ volunteer_id: row!.id, date, type })));
  }
}

/** Demo patients, once (when there are no patients at all): some of every list, the trash included. */
async function seedDemoPatients(db: Database, config: Config, key: Buffer): Promise<void> {
  const [{ n }] = (await db.select({ n: count() }).from(patients)) as [{ n: number }];
  if (n > 0) return;
  const townshipRows = await db
    .select({ id: townships.id, name: townships.name, abbreviation: townships.abbreviation })
    .from(townships);
  const presumptive = new Map<number, number>();
  const passwords = DEMO_PATIENTS.map(() => generatePassword());
  const hashes = await hashAll(passwords, config);
  for (const [i, p] of DEMO_PATIENTS.entries()) {
    const kind = DEMO_PATIENT_KINDS[i % DEMO_PATIENT_KINDS.length]!;
    const township = townshipRows.find((t) => t.name === p.township)!;
    const password = passwords[i]!;
    const noSps = kind === 'no-sps';
    const DRTB_code = noSps ? null : `26-${String(101 + i)}`;
    const height = 150 + (i % 25);
    const weight = 42 + ((i * 7) % 30);
    const number = noSps ? (presumptive.get(township.id) ?? 0) + 1 : null;
    if (number) presumptive.set(township.id, number);
    const trash = kind === 'trash';
    const startDate = `2026-0${1 + (i % 9)}-1${i % 10}`;
    const state = demoPatientState(kind);
    const [row] = await db
      .insert(patients)
      .values({
        year: 2026,
        township_id: trash ? null : township.id,
        recover_township_id: trash ? township.id : null,
        status: trash ? 0 : 1,
        deleted_at: trash ? new Date() : null,
        SP_code: noSps ? null : `SP-${township.abbreviation}-${String(i + 1).padStart(3, '0')}`,
        DRTB_code,
        unique_id: townshipDrtbCode(township.abbreviation, DRTB_code),
        presumptive_TB_number: number,
        name: p.name,
        age: p.age,
        sex: p.sex,
        treatment_start_date: startDate,
        treatment_regimen: '1. LTR',
        patient_address: `No. ${20 + i}, Ward ${1 + (i % 9)}, ${p.township}`,
        patient_phone_no: `09${String(450100200 + i * 1311)}`,
        contact_info: 'Family member',
        contact_phone_no: `09${String(450900100 + i * 977)}`,
        primary_language: 'Burmese',
        height,
        weight,
        BMI: bmi(height, weight) ?? 0,
        household_contacts: i % 3 === 0 ? [{ name: 'Household member', age: 12 + i }] : [],
        code: `demo-${i}`,
        password_hash: hashes[i]!,
        plain_password_enc: encryptText(key, password),
        ...state,
        // Decided on the treatment's first day, not on the day the demo was seeded: the VOT report
        // counts a decision as of its day (docs/decisions/0132).
        ...(state.VOT_eligible ? { VOT_eligible_date: startDate } : {}),
        ...(state.VOT_accept ? { VOT_accept_date: startDate } : {}),
      })
      .returning({ id: patients.id });
    await db
      .update(patients)
      .set({ code: patientCode(township.abbreviation, row!.id) })
      .where(eq(patients.id, row!.id));
  }
}

/**
 * Demo data (VOT_DEMO=1): the geography, projects and medicines once, and one account per role of
 * SPEC.md §6 (missing ones are added). Returns every demo account's sign-in still on its initial
 * password, so each start can print them; a changed password is never shown.
 */
export async function seedDemo(
  db: Database,
  config: Config,
  key: Buffer,
  demoPassword: string | null,
  /** Where the demo's videos go (the visit file store); none: the demo's records have no video. */
  visitFiles?: FileStore,
): Promise<SignIn[]> {
  await seedGeography(db);
  await seedDemoAccounts(db, config, key, demoPassword);
  await seedDemoVolunteers(db, config, key);
  await seedDemoPatients(db, config, key);
  await seedDemoVot(db);
  await seedDemoVisits(db);
  if (visitFiles) await seedDemoVideos(db, visitFiles);
  await seedDemoActivities(db);
  const rows = await db
    .select({ email: users.email, role: users.role, enc: users.plain_password_enc })
    .from(users)
    .where(isNotNull(users.plain_password_enc));
  const demo = new Set(Object.values(DEMO_EMAILS));
  return rows
    .filter((r) => demo.has(r.email))
    .map((r) => ({
      role: r.role,
      email: r.email,
      password: decryptText(key, r.enc!) ?? '(encrypted with another key)',
    }))
    .sort((a, b) => ROLES.indexOf(a.role as Role) - ROLES.indexOf(b.role as Role));
}
