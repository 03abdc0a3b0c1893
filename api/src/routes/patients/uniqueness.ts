import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { patients } from '../../db/schema';
import { fieldError } from '../../lib/http-errors';
import { UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors';

/**
 * The numbers and codes no two patients share (docs/decisions/0061): the
 * register codes within a township (ignoring case, the trash included, so a recovered patient never
 * collides), the Global Fund patient id across the country. Checked before writing for a clear
 * message; the unique indexes of the same names are the final guard, answered with the same 400.
 */
export const TAKEN = {
  SP_code: 'SP Code has already been taken in this township!',
  RR_code: 'Lab Code has already been taken in this township!',
  DRTB_code: 'DRTB Code has already been taken in this township!',
  presumptive_TB_number: 'Presumptive TB Number has already been taken in this township!',
  dot_patient_id_gf: 'DOT Patient Id (GF) has already been taken!',
} as const;
type UniqueField = keyof typeof TAKEN;

const INDEX_FIELDS: Record<string, UniqueField> = {
  patients_sp_code_unique: 'SP_code',
  patients_rr_code_unique: 'RR_code',
  patients_drtb_code_unique: 'DRTB_code',
  patients_presumptive_number_unique: 'presumptive_TB_number',
  patients_dot_patient_id_gf_unique: 'dot_patient_id_gf',
};

export interface UniqueValues {
  township_id: number;
  SP_code?: string | null;
  RR_code?: string | null;
  DRTB_code?: string | null;
  presumptive_TB_number?: number | null;
  dot_patient_id_gf?: number | null;
}

const home = sql`coalesce(${patients.township_id}, ${patients.recover_township_id})`;
const sameText = (column: AnyPgColumn, value: string) => sql`lower(${column}) = ${value.toLowerCase()}`;

/** 400 on the first field another patient (not `self`) already holds. */
export async function assertUnique(db: Database, values: UniqueValues, self?: number): Promise<void> {
  const checks: [UniqueField, SQL][] = [];
  const inTownship = sql`${home} = ${values.township_id}`;
  if (values.SP_code) checks.push(['SP_code', and(inTownship, sameText(patients.SP_code, values.SP_code))!]);
  if (values.RR_code) checks.push(['RR_code', and(inTownship, sameText(patients.RR_code, values.RR_code))!]);
  if (values.DRTB_code) checks.push(['DRTB_code', and(inTownship, sameText(patients.DRTB_code, values.DRTB_code))!]);
  if (values.presumptive_TB_number != null)
    checks.push([
      'presumptive_TB_number',
      and(inTownship, eq(patients.presumptive_TB_number, values.presumptive_TB_number))!,
    ]);
  if (values.dot_patient_id_gf != null)
    checks.push(['dot_patient_id_gf', eq(patients.dot_patient_id_gf, values.dot_patient_id_gf)]);
  for (const [field, condition] of checks) {
    const [taken] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(and(condition, self === undefined ? undefined : ne(patients.id, self)))
      .limit(1);
    if (taken) throw fieldError(field, TAKEN[field]);
  }
}

/** A unique index violated by a write that raced the check: the same 400 as the check's. */
export function uniqueViolation(error: unknown): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) {
    const field = INDEX_FIELDS[constraintOf(error) ?? ''];
    if (field) throw fieldError(field, TAKEN[field]);
  }
  throw error;
}

function constraintOf(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
