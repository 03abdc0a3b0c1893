// Volunteers, their trainings, handouts and community activities.
import { date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, at, timestamps, passwordColumns } from './columns';
import { townships } from './places-accounts';

/**
 * Volunteers who watch patients take their doses. `status` 1 is active, 0 in trash: a soft delete
 * moves the township into recover_township_id and clears township_id, a recover puts it back.
 * `code` and the generated password are the volunteer's sign-in to the phone app.
 */
export const volunteers = pgTable(
  'volunteers',
  {
    id: id(),
    name: text().notNull(),
    gender: text().notNull(),
    age: integer().notNull(),
    address: text().notNull(),
    phone1: text().notNull(),
    phone2: text(),
    email: text(),
    code: text().notNull(),
    ...passwordColumns(),
    both_mdr_and_picts: integer().notNull(),
    education_status: text().notNull(),
    occupation: text().notNull(),
    township_id: integer().references(() => townships.id, { onDelete: 'restrict' }),
    recover_township_id: integer().references(() => townships.id, { onDelete: 'restrict' }),
    past_history_of_TB: text(),
    previous_volunteer_experience: text(),
    remark: text(),
    volunteer_id_gf: integer(),
    status: integer().notNull().default(1),
    deleted_at: at(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('volunteers_code_unique').on(t.code),
    index('volunteers_township_status_idx').on(t.township_id, t.status),
    index('volunteers_recover_township_idx').on(t.recover_township_id),
  ],
);

/** A training a volunteer attended: On Job, New or Refresher. */
export const trainings = pgTable(
  'trainings',
  {
    id: id(),
    volunteer_id: integer()
      .notNull()
      .references(() => volunteers.id, { onDelete: 'restrict' }),
    date: date({ mode: 'string' }).notNull(),
    type: text().notNull(),
    ...timestamps,
  },
  (t) => [index('trainings_volunteer_date_idx').on(t.volunteer_id, t.date)],
);

/** The one PDF of each handout kind (volunteer, patient); the file sits in the file store under `stored_name`. */
export const handouts = pgTable(
  'handouts',
  {
    id: id(),
    kind: text().notNull(),
    stored_name: text().notNull(),
    original_name: text().notNull(),
    size: integer().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('handouts_kind_unique').on(t.kind)],
);

/** A community activity of a volunteer, with the people it referred, by place. */
export const communities = pgTable(
  'communities',
  {
    id: id(),
    volunteer_id: integer()
      .notNull()
      .references(() => volunteers.id, { onDelete: 'restrict' }),
    date: date({ mode: 'string' }).notNull(),
    referral: integer().notNull(),
    ...timestamps,
  },
  (t) => [index('communities_volunteer_date_idx').on(t.volunteer_id, t.date), index('communities_date_idx').on(t.date)],
);

export const communityReferrals = pgTable(
  'community_referrals',
  {
    id: id(),
    community_id: integer()
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    place: text().notNull(),
    male: integer().notNull(),
    female: integer().notNull(),
    total: integer().notNull(),
  },
  (t) => [uniqueIndex('community_referrals_place_unique').on(t.community_id, t.place)],
);
