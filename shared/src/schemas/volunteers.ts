import * as yup from 'yup';
import type { NamedRecord } from './geography';
import {
  EDUCATION_STATUSES,
  GENDERS,
  HANDOUT_MAX_BYTES,
  OCCUPATIONS,
  REFERRAL_PLACES,
  TRAINING_TYPES,
  YES_NO,
} from '../domain/volunteers';
import { LIMITS } from '../domain/constants';
import {
  INVALID_PHONE,
  PHONE,
  optionalChoice,
  requiredFlag,
  requiredNumber,
  text,
  optionalNumber,
  optionalText,
  pastDay,
  requiredChoice,
  requiredId,
} from './fields';
import { required } from './messages';

/** SPEC.md §5 Volunteers: the required fields and their 'X is required!' messages; the rest optional. */
export const volunteerSchema = yup.object({
  name: text('Name').required(required('Name')).max(255, 'Name is too long!'),
  gender: requiredChoice('Gender', GENDERS),
  age: requiredNumber(required('Age'))
    .integer('Age must be a whole number!')
    .min(0, `Age must be between 0 and ${LIMITS.ageMax}!`)
    .max(LIMITS.ageMax, `Age must be between 0 and ${LIMITS.ageMax}!`),
  address: text('Address').required(required('Address')).max(1000, 'Address is too long!'),
  phone1: text('Phone').required(required('Phone')).matches(PHONE, INVALID_PHONE),
  phone2: optionalText(20).matches(PHONE, { message: INVALID_PHONE, excludeEmptyString: true }),
  email: optionalText(255).email('Email must be a valid email!'),
  both_mdr_and_picts: requiredFlag('Both MDR and PICTS'),
  education_status: requiredChoice('Education status', EDUCATION_STATUSES),
  occupation: requiredChoice('Occupation', OCCUPATIONS),
  township_id: requiredId('Township'),
  past_history_of_TB: optionalChoice('Past history of TB', YES_NO),
  previous_volunteer_experience: optionalChoice('Previous volunteer experience', YES_NO),
  remark: optionalText(),
  volunteer_id_gf: optionalNumber().positive('Volunteer ID (GF) must be positive!').optional(),
});
export type VolunteerInput = yup.InferType<typeof volunteerSchema>;

/** SPEC.md §5 Training. */
export const trainingSchema = yup.object({
  volunteer_id: requiredId('Volunteer'),
  date: pastDay('Date'),
  type: requiredChoice('Type', TRAINING_TYPES),
});
export type TrainingInput = yup.InferType<typeof trainingSchema>;

export const REFERRAL_MESSAGES = {
  male: 'Please enter male!',
  female: 'Please enter female!',
  total: 'Please enter total!',
  place: 'Please select referral place!',
  noRows: 'Please insert referral count!',
  totalMismatch: 'Total must be male plus female!',
  placeTwice: 'A referral place may be used once!',
} as const;

const count = (message: string) => requiredNumber(message).integer(message).min(0, message).max(100_000, message);

/** One referral row of a community activity: total is male + female, computed, never typed. */
export const referralSchema = yup.object({
  male: count(REFERRAL_MESSAGES.male),
  female: count(REFERRAL_MESSAGES.female),
  // A row of nobody referred is no referral: a total of 0 is 'Please enter total!'.
  total: count(REFERRAL_MESSAGES.total)
    .min(1, REFERRAL_MESSAGES.total)
    .test('sum', REFERRAL_MESSAGES.totalMismatch, function (total) {
      const { male, female } = this.parent as { male?: number; female?: number };
      return total === undefined || male === undefined || female === undefined || total === male + female;
    }),
  place: yup
    .string()
    .required(REFERRAL_MESSAGES.place)
    .oneOf([...REFERRAL_PLACES], REFERRAL_MESSAGES.place),
});
export type ReferralInput = yup.InferType<typeof referralSchema>;

/** SPEC.md §5 Community: referral rows only when referral is Yes (1), each place once. */
export const communitySchema = yup.object({
  volunteer_id: requiredId('Volunteer'),
  date: pastDay('Date'),
  referral: requiredFlag('Referral'),
  referrals: yup
    .array(referralSchema.required())
    // A row per place at most: more rows repeat a place.
    .max(REFERRAL_PLACES.length, REFERRAL_MESSAGES.placeTwice)
    .default([])
    .when('referral', {
      is: 1,
      then: (s) => s.min(1, REFERRAL_MESSAGES.noRows),
      otherwise: (s) => s.transform(() => []),
    })
    .test(
      'places-once',
      REFERRAL_MESSAGES.placeTwice,
      (rows) => !rows || new Set(rows.map((r) => r?.place)).size === rows.length,
    ),
});
export type CommunityInput = yup.InferType<typeof communitySchema>;

/** Handout upload messages (SPEC.md §5 Handouts); the server checks the file's content too. */
export const HANDOUT_FILE_REQUIRED = required('File');
export const HANDOUT_PDF_ONLY = 'The file must be a PDF!';
export const HANDOUT_TOO_LARGE = `The file must be at most ${HANDOUT_MAX_BYTES / (1024 * 1024)} MB!`;

/* What the API answers for these records (SPEC.md §7), beside the schemas of what is sent. */

/** The township a volunteer works in (or returns to from the trash), with its abbreviation as in the code. */
export interface VolunteerTownship {
  id: number;
  name: string;
  abbreviation: string;
}

/** A volunteer (SPEC.md §3). */
export interface Volunteer {
  id: number;
  name: string;
  gender: string;
  age: number;
  address: string;
  phone1: string;
  phone2: string | null;
  email: string | null;
  code: string;
  /**
   * The generated first password, until the volunteer changes it in the app; null to a role that
   * may not see initial passwords. The API always answers it; a client must not depend on it.
   */
  plain_password?: string | null;
  /** 1 (Yes) or 0 (No). */
  both_mdr_and_picts: number;
  education_status: string;
  occupation: string;
  township: VolunteerTownship | null;
  /** Where a volunteer in the trash returns when recovered. */
  recover_township: VolunteerTownship | null;
  past_history_of_TB: string | null;
  previous_volunteer_experience: string | null;
  remark: string | null;
  volunteer_id_gf: number | null;
  /** 1 active, 0 in the trash (VOLUNTEER_STATUS). */
  status: number;
}

/** A row of GET volunteers-export: phones in one cell, the township by name. */
export interface VolunteerExportRow {
  name: string;
  code: string;
  /** Null once changed, or for a role that may not see it: a blank cell. */
  plain_password: string | null;
  gender: string;
  age: number;
  address: string;
  phone: string;
  email: string | null;
  education_status: string;
  township: string | null;
  past_history_of_TB: string | null;
  previous_volunteer_experience: string | null;
  remark: string | null;
}

/** The volunteer a training or an activity belongs to, with its township (none while in the trash). */
export interface VolunteerRef extends NamedRecord {
  township: NamedRecord | null;
}

/** A training a volunteer attended. */
export interface Training {
  id: number;
  volunteer: VolunteerRef;
  date: string;
  type: string;
}

/** GET volunteer-trainings/:id: a page of the volunteer's trainings and whose they are (the list's title, rows or none). */
export interface TrainingPage {
  data: Training[];
  status: 'success';
  total: number;
  /** Always sent by the API; a page without it (an older API) is titled from its rows. */
  volunteer?: { id: number; name: string };
}

/** A row of GET volunteer-trainings-export/:id: the volunteer and township by name. */
export interface TrainingExportRow {
  volunteer: string;
  township: string | null;
  date: string;
  type: string;
}

/** The people referred to one place by a community activity: as the form sends it. */
export type Referral = ReferralInput;

/** A community activity of a volunteer, with the people referred, by place. */
export interface Community {
  id: number;
  volunteer: VolunteerRef;
  date: string;
  /** 1 (Yes) or 0 (No). */
  referral: number;
  referrals: Referral[];
}

/** A handout PDF: `file` is a signed link that opens without the bearer token, for an hour. */
export interface Handout {
  id: number;
  /** The uploaded file's own name. */
  name: string;
  size: number;
  updated_at: string;
  file: string;
}
