import { eq } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { townships } from '../../db/schema';
import { fieldError } from '../../lib/http-errors';
import { townshipInScope } from '../../lib/scope';
import type { RequestUser } from '../../http/auth';

export const TOWNSHIP_MISSING = 'Township does not exist!';

/** A record's township and the one it goes back to from the trash, as the volunteer and patient queries join them. */
export const township = alias(townships, 'township');
export const recoverTownship = alias(townships, 'recover_township');

/** A township as a record carries it (a volunteer's, a patient's): id, name and abbreviation, of `townships` or an alias of it. */
export const townshipRef = <I extends AnyPgColumn, N extends AnyPgColumn, A extends AnyPgColumn>(t: {
  id: I;
  name: N;
  abbreviation: A;
}) => ({ id: t.id, name: t.name, abbreviation: t.abbreviation });

/**
 * The township a volunteer's or a patient's form chose, with the abbreviation its code is made of.
 * A Field Officer's choice outside their townships is answered 400 on the field with the same
 * "required" message as no choice at all, rather than 404: the form shows it under the township
 * select (which only offers their townships), and the answer is the same whether or not that
 * township exists, so the scope reveals nothing.
 */
export async function chosenTownship(db: Database, user: RequestUser, townshipId: number) {
  if (!townshipInScope(user, townshipId)) throw fieldError('township_id', 'Township is required!');
  const [row] = await db
    .select({ id: townships.id, abbreviation: townships.abbreviation })
    .from(townships)
    .where(eq(townships.id, townshipId))
    .limit(1);
  if (!row) throw fieldError('township_id', TOWNSHIP_MISSING);
  return row;
}

/** The township's part of a code made from its abbreviation (HTY of HTY-V0007, HTY-P0007, HTY-0123): upper case, no spaces. */
export const codePrefix = (abbreviation: string) => abbreviation.trim().toUpperCase().replace(/\s+/g, '');
