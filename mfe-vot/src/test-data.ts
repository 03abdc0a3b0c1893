// Records of this remote's screens for its tests (not a test file itself); the sign-in, fakes,
// routes and selects every remote's tests share are in @vot/shared/testing.
import type { Patient, PatientListRow } from '@vot/shared/schemas';
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
    VOT_eligible_date: '2026-01-05',
    VOT_accept: 'Yes',
    VOT_accept_date: '2026-01-08',
    VOT_decisions: [],
    DOT_start_date: '2026-01-10',
    DOT_end_date: null,
    pure_or_hybrid: 'Pure',
    volunteer: { id: 4, name: 'Daw Aye' },
    type: 'App',
    DOTs: 0,
    ...overrides,
  } as Patient;
}

/** A row of the VOT Status lists: a hybrid DRTB patient of Hlaingthaya on VOT. */
export const aVotListRow = (over: Partial<PatientListRow> = {}): PatientListRow => ({
  id: 11,
  year: 2026,
  SP_code: 'SP-1',
  name: 'Daw Hla',
  code: 'HTY-P0011',
  plain_password: null,
  township: HLAINGTHAYA,
  recover_township: null,
  RR_code: null,
  DRTB_code: '0123',
  unique_id: 'HTY-0123',
  dot_patient_id_gf: 501,
  presumptive_TB_number: null,
  age: 40,
  sex: 'Female',
  TB_status: 'DRTB',
  VOT_eligible: 'Yes',
  VOT_accept: 'Yes',
  DOT_start_date: '2026-01-10',
  DOT_end_date: null,
  pure_or_hybrid: 'Hybrid',
  status: 1,
  ...over,
});
