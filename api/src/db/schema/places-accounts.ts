// Places (regions, districts, projects, townships), medicines, staff accounts, their sessions and the audit log.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, at, timestamps, passwordColumns, sessionColumns } from './columns';

export const regions = pgTable('regions', { id: id(), name: text().notNull(), ...timestamps }, (t) => [
  uniqueIndex('regions_name_unique').on(sql`lower(${t.name})`),
]);

export const districts = pgTable('districts', { id: id(), name: text().notNull(), ...timestamps }, (t) => [
  uniqueIndex('districts_name_unique').on(sql`lower(${t.name})`),
]);

export const projects = pgTable(
  'projects',
  { id: id(), name: text().notNull(), abbreviation: text(), ...timestamps },
  (t) => [uniqueIndex('projects_name_unique').on(sql`lower(${t.name})`)],
);

/** Township names are not unique: the programme may run two projects in one township. */
export const townships = pgTable(
  'townships',
  {
    id: id(),
    name: text().notNull(),
    abbreviation: text().notNull(),
    region_id: integer()
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    district_id: integer()
      .notNull()
      .references(() => districts.id, { onDelete: 'restrict' }),
    project_id: integer()
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('townships_region_idx').on(t.region_id),
    index('townships_district_idx').on(t.district_id),
    index('townships_project_idx').on(t.project_id),
  ],
);

export const medicines = pgTable(
  'medicines',
  { id: id(), name: text().notNull(), abbreviation: text(), ...timestamps },
  (t) => [uniqueIndex('medicines_name_unique').on(sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text().notNull(),
    /** Stored lower-case; the unique index is on lower(email) as well. */
    email: text().notNull(),
    ...passwordColumns(),
    role: text().notNull(),
    project_id: integer().references(() => projects.id, { onDelete: 'restrict' }),
    /** The township chosen at creation ("township" of the login response); the full set is user_townships. */
    township_id: integer().references(() => townships.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const userTownships = pgTable(
  'user_townships',
  {
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    township_id: integer()
      .notNull()
      .references(() => townships.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.township_id] }), index('user_townships_township_idx').on(t.township_id)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    user_id: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...sessionColumns(),
  },
  (t) => [uniqueIndex('sessions_token_hash_unique').on(t.token_hash), index('sessions_user_idx').on(t.user_id)],
);

/** Failed sign-ins, counted per email over a sliding window for the lockout. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    email: text().notNull(),
    at: at().notNull(),
    ip: text(),
  },
  (t) => [index('login_failures_email_at_idx').on(t.email, t.at)],
);

/** Who did what to which record, with the record before and after. Never holds password material. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: at().notNull().defaultNow(),
    actor_id: integer(),
    actor_email: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entity_id: integer(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entity_id), index('audit_log_at_idx').on(t.at)],
);
