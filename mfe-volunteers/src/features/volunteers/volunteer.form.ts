import { EDUCATION_STATUSES, GENDERS, OCCUPATIONS, YES_NO, isTownshipBound } from '@vot/shared/domain';
import { YES_NO_FLAG, optionsOf, townshipChoices } from '@vot/shared/lists';
import type { Volunteer, VolunteerInput } from '@vot/shared/schemas';
import type { SessionUser } from '@vot/shared/session';
import type { FieldDef } from '@vot/shared/ui';

/** SPEC.md §9: volunteer forms use a dialog 60% wide. */
export const VOLUNTEER_DIALOG_WIDTH = '60vw';

/** Every field of volunteerSchema, with the spec's labels; code and password are shown in the detail only. */
export const volunteerFields: FieldDef[] = [
  { name: 'code', label: 'Code', readOnly: true, updateOnly: true },
  // Absent or null (changed since, or a role that may not see it): no field at all.
  {
    name: 'plain_password',
    label: 'Password',
    readOnly: true,
    updateOnly: true,
    visible: (v) => Boolean(v.plain_password),
  },
  { name: 'name', label: 'Name' },
  { name: 'gender', label: 'Gender', type: 'select', options: optionsOf(GENDERS) },
  { name: 'age', label: 'Age', type: 'number' },
  { name: 'address', label: 'Address', type: 'textarea' },
  { name: 'phone1', label: 'Phone', type: 'text' },
  { name: 'phone2', label: 'Phone 2' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'both_mdr_and_picts', label: 'Both MDR and PICTS', type: 'select', options: YES_NO_FLAG },
  { name: 'education_status', label: 'Education status', type: 'select', options: optionsOf(EDUCATION_STATUSES) },
  { name: 'occupation', label: 'Occupation', type: 'select', options: optionsOf(OCCUPATIONS) },
  { name: 'township_id', label: 'Township', type: 'select', loadOptions: townshipChoices },
  { name: 'past_history_of_TB', label: 'Past history of TB', type: 'select', options: optionsOf(YES_NO) },
  {
    name: 'previous_volunteer_experience',
    label: 'Previous volunteer experience',
    type: 'select',
    options: optionsOf(YES_NO),
  },
  { name: 'remark', label: 'Remark', type: 'textarea' },
  { name: 'volunteer_id_gf', label: 'Volunteer ID (GF)', type: 'number' },
];

/**
 * A new volunteer: nothing chosen, so the schema answers 'Gender is required!' and so on. A Field
 * Officer with one township has it chosen already (new volunteers take their township, SPEC.md §6).
 */
export function emptyVolunteer(user: SessionUser | null): VolunteerInput {
  const only = user && isTownshipBound(user.role) && user.townships.length === 1 ? user.townships[0]!.id : null;
  return {
    name: '',
    gender: '',
    age: '',
    address: '',
    phone1: '',
    phone2: '',
    email: '',
    both_mdr_and_picts: null,
    education_status: '',
    occupation: '',
    township_id: only,
    remark: '',
    volunteer_id_gf: '',
  } as unknown as VolunteerInput;
}

/** A stored volunteer as form values: empty text for nulls, and no value for an unanswered Yes/No. */
export function volunteerInput(v: Volunteer): VolunteerInput {
  return {
    name: v.name,
    gender: v.gender,
    age: v.age,
    address: v.address ?? '',
    phone1: v.phone1 ?? '',
    phone2: v.phone2 ?? '',
    email: v.email ?? '',
    both_mdr_and_picts: v.both_mdr_and_picts,
    education_status: v.education_status,
    occupation: v.occupation,
    township_id: v.township?.id ?? null,
    past_history_of_TB: v.past_history_of_TB || undefined,
    previous_volunteer_experience: v.previous_volunteer_experience || undefined,
    remark: v.remark ?? '',
    volunteer_id_gf: v.volunteer_id_gf ?? '',
  } as unknown as VolunteerInput;
}
