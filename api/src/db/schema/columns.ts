// Column helpers the tables share: ids, timestamps, password and session columns.
import { integer, text, timestamp } from 'drizzle-orm/pg-core';

export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
export const at = () => timestamp({ withTimezone: true, mode: 'date' });
export const timestamps = {
  created_at: at().notNull().defaultNow(),
  updated_at: at().notNull().defaultNow(),
};

/**
 * The password of an account that signs in (staff `users`, and `volunteers` and `patients` in the
 * phone app): its hash, and the generated initial password AES-256-GCM encrypted so an
 * administrator can hand it out again, cleared for good once the owner changes it.
 */
export const passwordColumns = () => ({
  password_hash: text().notNull(),
  plain_password_enc: text(),
  /**
   * When the initial password that staff handed out stops signing in (VOT_INITIAL_PASSWORD_DAYS);
   * until it is changed, a session signed in with it may only change it. Null once the owner has
   * chosen their own, and for demo accounts and demo app sign-ins, which do not expire.
   */
  initial_password_expires_at: at(),
});

/**
 * A session's columns after its owner (staff `sessions`, phone-app `app_sessions`): an opaque
 * bearer token of which only the SHA-256 is stored, with an idle expiry (last_seen_at + the idle
 * time) and an absolute one.
 */
export const sessionColumns = () => ({
  token_hash: text().notNull(),
  created_at: at().notNull(),
  last_seen_at: at().notNull(),
  expires_at: at().notNull(),
  revoked_at: at(),
  ip: text(),
  user_agent: text(),
});
