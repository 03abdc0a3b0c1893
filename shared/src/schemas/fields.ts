import * as yup from 'yup';
import { todayIn } from '../domain/dates';
import { required } from './messages';

/** Field builders shared by the forms of several entities, so one rule has one wording. */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The largest id or number a database integer column holds: larger input is refused, not a 500. */
export const MAX_INT = 2_147_483_647;

/** A real calendar day, and not before 1900 (year 0000 parses in JavaScript but not in PostgreSQL). */
function isRealDay(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return value >= '1900-01-01' && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/**
 * The value as the client sent it when it was not text: yup's string() would turn 1e308 into the
 * text "1e+308" and true into "true", storing a number as a name. Returned as is, it fails the
 * type check with the field's message. (null and missing pass on, for required/optional to judge.)
 */
const asSent = (value: unknown, raw: unknown) =>
  typeof raw === 'string' || raw === null || raw === undefined ? value : raw;

/** The longest text any field takes unless it says less. */
export const TEXT_MAX = 1000;

/** A NUL byte is text no database column stores (PostgreSQL refuses it): a field message, not a 500. */
const noNul = (label?: string) =>
  [
    'no-nul',
    label ? `${label} contains a character that is not allowed!` : 'Contains a character that is not allowed!',
    (v: string | null | undefined) => v == null || !v.includes('\0'),
  ] as const;

/**
 * Text, trimmed, as sent: a number, a boolean, an object or a list where text belongs is refused
 * with a message (yup's own trim() would throw on a list), and so is a NUL byte.
 */
/**
 * What the API gives validation as its context: `toUnicode` stores Burmese typed in Zawgyi as
 * Unicode (@vot/shared/text/myanmar). Forms validate without it: they only warn, and the sign-in
 * page stays free of the converter.
 */
export interface TextContext {
  toUnicode?: (text: string) => string;
}

export const text = (label?: string) =>
  yup
    .string()
    .transform((v: unknown, raw: unknown, _schema, options: { context?: TextContext }) => {
      const sent = asSent(v, raw);
      if (typeof sent !== 'string') return sent;
      const toUnicode = options.context?.toUnicode;
      return toUnicode ? toUnicode(sent.trim()) : sent.trim();
    })
    .typeError(label ? `${label} must be text!` : 'Must be text!')
    .test(...noNul(label))
    // A ceiling for every text field (a field may set a lower one): no megabyte names.
    .max(TEXT_MAX, label ? `${label} is too long!` : `At most ${TEXT_MAX} characters!`);

/** A password: text as sent, never trimmed (spaces may be part of it). */
export const password = (label: string) =>
  yup
    .string()
    .transform(asSent)
    .typeError(`${label} must be text!`)
    .test(...noNul(label))
    .max(TEXT_MAX, `${label} is too long!`);

/**
 * A day as yyyy-mm-dd, required, and not after today in the programme's timezone (SPEC.md §5:
 * examination, visit and filter dates). Today is read at validation time, not when the schema is built.
 */
export const pastDay = (label: string) =>
  text(label)
    .required(required(label))
    .matches(ISO_DAY, `${label} must be a date (yyyy-mm-dd)!`)
    .test('real-day', `${label} must be a date (yyyy-mm-dd)!`, (v) => !v || !ISO_DAY.test(v) || isRealDay(v))
    .test('not-future', `${label} may not be after today!`, (v) => !v || !ISO_DAY.test(v) || v <= todayIn());

/** A required reference to another record (a volunteer, a township): a positive whole number. */
export const requiredId = (label: string) =>
  yup
    .number()
    // yup would take the first of several values: a list where one record belongs is refused.
    .transform((v: unknown, raw: unknown) => (Array.isArray(raw) ? Number.NaN : v))
    .typeError(required(label))
    .integer(required(label))
    .positive(required(label))
    .max(MAX_INT, `${label} does not exist!`)
    .required(required(label));

/** A required number typed in a form: '' and null are missing, anything not a number is `message` too. */
export const requiredNumber = (message: string) =>
  yup
    .number()
    .transform((v: unknown, raw: unknown) => (raw === '' || raw === null ? undefined : v))
    .typeError(message)
    .required(message);

/** A Yes (1) / No (0) question stored as a number: both_mdr_and_picts, referral. */
export const requiredFlag = (label: string) => requiredNumber(required(label)).oneOf([0, 1], required(label));

/** An optional whole number: '' and null mean none. */
export const optionalNumber = () =>
  yup
    .number()
    .transform((v: unknown, raw: unknown) => (raw === '' || raw === null ? undefined : v))
    .typeError('Must be a number!')
    .integer('Must be a whole number!')
    .max(MAX_INT, 'The number is too large!');

/** Optional free text: '', null and missing all store nothing (a record sent back as it came is valid). */
export const optionalText = (max = 1000) =>
  text()
    .max(max, `At most ${max} characters!`)
    .transform((v: unknown) => (v === '' || v === null ? undefined : v))
    .optional();

/** An optional choice from a fixed list: '', null and missing mean none; anything else must be a choice. */
export const optionalChoice = <T extends string>(label: string, choices: readonly T[]) =>
  yup
    .string()
    .transform((v: unknown) => (v === '' || v === null ? undefined : v))
    .oneOf([...choices, undefined], `${label} must be one of ${choices.join(', ')}!`)
    .optional() as yup.StringSchema<T | undefined>;

/** A choice from a fixed list, required, with the spec's 'X is required!' for an empty or unknown value. */
export const requiredChoice = <T extends string>(label: string, choices: readonly T[]) =>
  yup
    .string()
    .required(required(label))
    .oneOf([...choices], required(label)) as yup.StringSchema<T>;

export const PHONE = /^\+?[0-9][0-9\s-]{2,19}$/;
export const INVALID_PHONE = 'Invalid Phone Number';
