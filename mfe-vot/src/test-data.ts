// Records of this remote's screens for its tests (not a test file itself); the sign-in, fakes,
// routes and selects every remote's tests share are in @vot/shared/testing.
import type { Patient } from '@vot/shared/schemas';
import { aTownship } from '@vot/shared/testing';

export const HLAINGTHAYA = aTownship(7, 'Hlaingthaya', 'HTY');

/** A VOT patient of Hlaingthaya (only the fields the VOT pages read are meaningful). */
export function aPatient(overrides: Partial<Patient> = {}): Patient {
  return {
    id: 5,
    name: 'Daw Hla',
    township: HLAINGTHAYA,
    treatment_start_date: '2026-01-01',
    VOT_eligible: 'Yes',
    VOT_accept: 'Yes',
    DOT_start_date: '2026-01-10',
    DOT_end_date: null,
    pure_or_hybrid: 'Pure',
    volunteer: { id: 4, name: 'Daw Aye' },
    type: 'App',
    DOTs: 0,
    ...overrides,
  } as Patient;
}
