// Records of this remote's screens for its tests (not a test file itself); the sign-in, fakes,
// routes and selects every remote's tests share are in @vot/shared/testing.
import type { Community, Township, Volunteer } from '@vot/shared/schemas';

const YANGON = { region: { id: 1, name: 'Yangon' }, district: { id: 1, name: 'North Yangon' }, project: { id: 1, name: 'MDR-TB' } };
export const HLAINGTHAYA: Township = { id: 7, name: 'Hlaingthaya', abbreviation: 'HTY', ...YANGON };
export const INSEIN: Township = { id: 3, name: 'Insein', abbreviation: 'ISN', ...YANGON };

export function aVolunteer(overrides: Partial<Volunteer> = {}): Volunteer {
  return {
    id: 3,
    name: 'Daw Aye Aye',
    gender: 'Female',
    age: 34,
    address: 'No. 12, Bo Aung Kyaw Street',
    phone1: '09420000001',
    phone2: null,
    email: null,
    code: 'HTY-V0003',
    plain_password: 'k7P9qw2X',
    both_mdr_and_picts: 1,
    education_status: 'Secondary',
    occupation: 'CHW',
    township: HLAINGTHAYA,
    recover_township: null,
    past_history_of_TB: 'No',
    previous_volunteer_experience: null,
    remark: null,
    volunteer_id_gf: null,
    status: 1,
    ...overrides,
  };
}

/** A community activity of U Ba in Hlaingthaya with two referral rows (7 people referred). */
export function anActivity(overrides: Partial<Community> = {}): Community {
  return {
    id: 7,
    volunteer: { id: 2, name: 'U Ba', township: { id: 5, name: 'Hlaingthaya' } },
    date: '2024-04-12',
    referral: 1,
    referrals: [
      { place: 'Township Hospital', male: 2, female: 1, total: 3 },
      { place: 'Private Clinic (PPM)', male: 0, female: 4, total: 4 },
    ],
    ...overrides,
  };
}

