import * as yup from 'yup';
import { EDUCATION_STATUSES, GENDERS, HANDOUT_MAX_BYTES, OCCUPATIONS, REFERRAL_PLACES, TRAINING_TYPES, YES_NO } from '../domain/volunteers';
import { LIMITS } from '../domain/constants';
import { INVALID_PHONE, PHONE, optionalChoice, requiredFlag, requiredNumber, text, optionalNumber, optionalText, pastDay, requiredChoice, requiredId } from './fields';
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

const count = (message: string) =>
  requiredNumber(message)
    .integer(message)
    .min(0, message)
    .max(100_000, message);

/** One referral row of a community activity: total is male + female, computed, never typed. */
export const referralSchema = yup.object({
  male: count(REFERRAL_MESSAGES.male),
  female: count(REFERRAL_MESSAGES.female),
  // A row of nobody referred is no referral: a total of 0 is 'Please enter total!'.
  total: count(REFERRAL_MESSAGES.total).min(1, REFERRAL_MESSAGES.total).test('sum', REFERRAL_MESSAGES.totalMismatch, function (total) {
    const { male, female } = this.parent as { male?: number; female?: number };
    return total === undefined || male === undefined || female === undefined || total === male + female;
  }),
  place: yup.string().required(REFERRAL_MESSAGES.place).oneOf([...REFERRAL_PLACES], REFERRAL_MESSAGES.place),
});
export type ReferralInput = yup.InferType<typeof referralSchema>;

/** SPEC.md §5 Community: referral rows only when referral is Yes (1), each place once. */
export const communitySchema = yup.object({
  volunteer_id: requiredId('Volunteer'),
  date: pastDay('Date'),
  referral: requiredFlag('Referral'),
  referrals: yup
    .array(referralSchema.required())
    .default([])
    .when('referral', {
      is: 1,
      then: (s) => s.min(1, REFERRAL_MESSAGES.noRows),
      otherwise: (s) => s.transform(() => []),
    })
    .test('places-once', REFERRAL_MESSAGES.placeTwice, (rows) => !rows || new Set(rows.map((r) => r?.place)).size === rows.length),
});
export type CommunityInput = yup.InferType<typeof communitySchema>;

/** Handout upload messages (SPEC.md §5 Handouts); the server checks the file's content too. */
export const HANDOUT_FILE_REQUIRED = required('File');
export const HANDOUT_PDF_ONLY = 'The file must be a PDF!';
export const HANDOUT_TOO_LARGE = `The file must be at most ${HANDOUT_MAX_BYTES / (1024 * 1024)} MB!`;
