import type { Role } from '@vot/shared/domain';
import type { patients } from './schema';

/**
 * Demo geography: Myanmar's fifteen states, regions and the union territory, and real districts and
 * townships of the areas the demo patients come from. Acronyms and project assignments are made up
 * for the demo; a real installation enters its own in Basic Data.
 */
export const DEMO_REGIONS = [
  'Kachin State',
  'Kayah State',
  'Kayin State',
  'Chin State',
  'Sagaing Region',
  'Tanintharyi Region',
  'Bago Region',
  'Magway Region',
  'Mandalay Region',
  'Mon State',
  'Rakhine State',
  'Yangon Region',
  'Shan State',
  'Ayeyarwady Region',
  'Nay Pyi Taw Union Territory',
];

export const DEMO_PROJECTS = [
  { name: 'MDR-TB', abbreviation: 'MDR' },
  { name: 'PICTS', abbreviation: 'PICTS' },
  { name: 'AIS', abbreviation: 'AIS' },
];

/** [region, district, township, acronym, project] */
export const DEMO_TOWNSHIPS: [string, string, string, string, string][] = [
  ['Yangon Region', 'Yangon North', 'Hlaingthaya', 'HTY', 'MDR-TB'],
  ['Yangon Region', 'Yangon North', 'Insein', 'INS', 'MDR-TB'],
  ['Yangon Region', 'Yangon North', 'Mingaladon', 'MGD', 'MDR-TB'],
  ['Yangon Region', 'Yangon North', 'Hmawbi', 'HMB', 'PICTS'],
  ['Yangon Region', 'Yangon South', 'Thanlyin', 'TLN', 'MDR-TB'],
  ['Yangon Region', 'Yangon South', 'Kyauktan', 'KTN', 'PICTS'],
  ['Yangon Region', 'Yangon East', 'Thingangyun', 'TGK', 'MDR-TB'],
  ['Yangon Region', 'Yangon East', 'South Okkalapa', 'SOK', 'MDR-TB'],
  ['Yangon Region', 'Yangon East', 'North Okkalapa', 'NOK', 'MDR-TB'],
  ['Yangon Region', 'Yangon East', 'Dagon Myothit (South)', 'DGS', 'MDR-TB'],
  ['Yangon Region', 'Yangon West', 'Kamayut', 'KMY', 'AIS'],
  ['Yangon Region', 'Yangon West', 'Hlaing', 'HLG', 'AIS'],
  ['Mandalay Region', 'Mandalay', 'Aungmyethazan', 'AMT', 'MDR-TB'],
  ['Mandalay Region', 'Mandalay', 'Chanayethazan', 'CAT', 'MDR-TB'],
  ['Mandalay Region', 'Mandalay', 'Mahaaungmye', 'MAM', 'MDR-TB'],
  ['Mandalay Region', 'Mandalay', 'Chanmyathazi', 'CMT', 'MDR-TB'],
  ['Mandalay Region', 'Mandalay', 'Pyigyidagun', 'PGT', 'PICTS'],
  ['Mandalay Region', 'Mandalay', 'Amarapura', 'AMP', 'PICTS'],
  ['Mandalay Region', 'Pyin Oo Lwin', 'Pyin Oo Lwin', 'POL', 'AIS'],
  ['Mandalay Region', 'Meiktila', 'Meiktila', 'MTL', 'AIS'],
  ['Sagaing Region', 'Monywa', 'Monywa', 'MYA', 'MDR-TB'],
  ['Sagaing Region', 'Sagaing', 'Sagaing', 'SGG', 'MDR-TB'],
  ['Ayeyarwady Region', 'Pathein', 'Pathein', 'PTN', 'PICTS'],
  ['Ayeyarwady Region', 'Hinthada', 'Hinthada', 'HTD', 'PICTS'],
  ['Bago Region', 'Bago', 'Bago', 'BGO', 'MDR-TB'],
  ['Bago Region', 'Taungoo', 'Taungoo', 'TGO', 'AIS'],
  ['Shan State', 'Taunggyi', 'Taunggyi', 'TGI', 'MDR-TB'],
  ['Shan State', 'Lashio', 'Lashio', 'LSO', 'AIS'],
  ['Mon State', 'Mawlamyine', 'Mawlamyine', 'MLM', 'MDR-TB'],
  ['Kachin State', 'Myitkyina', 'Myitkyina', 'MKN', 'MDR-TB'],
  ['Magway Region', 'Magway', 'Magway', 'MGW', 'PICTS'],
];

/** The medicines of the DRTB and DSTB regimens, by their usual abbreviations. */
export const DEMO_MEDICINES = [
  { name: 'Bedaquiline', abbreviation: 'Bdq' },
  { name: 'Pretomanid', abbreviation: 'Pa' },
  { name: 'Linezolid', abbreviation: 'Lzd' },
  { name: 'Moxifloxacin', abbreviation: 'Mfx' },
  { name: 'Levofloxacin', abbreviation: 'Lfx' },
  { name: 'Clofazimine', abbreviation: 'Cfz' },
  { name: 'Cycloserine', abbreviation: 'Cs' },
  { name: 'Delamanid', abbreviation: 'Dlm' },
  { name: 'Isoniazid', abbreviation: 'H' },
  { name: 'Rifampicin', abbreviation: 'R' },
  { name: 'Pyrazinamide', abbreviation: 'Z' },
  { name: 'Ethambutol', abbreviation: 'E' },
];

/** Sign-in emails of the demo accounts, one per role; the e2e tests and README use these. */
export const DEMO_EMAILS: Record<Role, string> = {
  Admin: 'admin@vot.local',
  'Project Manager': 'project.manager@vot.local',
  'MIS Officer': 'mis.officer@vot.local',
  'Senior Technical Adviser (TB)': 'technical.adviser@vot.local',
  'Programme Director': 'programme.director@vot.local',
  'Programme Director TB': 'programme.director.tb@vot.local',
  'Deputy Programme Director_MDRTB': 'deputy.director.mdrtb@vot.local',
  'Deputy Programme Director_TB': 'deputy.director.tb@vot.local',
  'Programme Manager_MDR': 'programme.manager.mdr@vot.local',
  'Programme Manager_AIS': 'programme.manager.ais@vot.local',
  'MEAL and Digital Tool Manager': 'meal.manager@vot.local',
  'MEAL and Digital Tool Officer': 'meal.officer@vot.local',
  'MEAL Associate': 'meal.associate@vot.local',
  'Project Officer': 'project.officer@vot.local',
  'Field Officer': 'field.officer@vot.local',
  'Data Assistant': 'data.assistant@vot.local',
  'Senior Project Officer': 'senior.project.officer@vot.local',
  'Volunteer Supervisor': 'volunteer.supervisor@vot.local',
  'Clinic MO': 'clinic.mo@vot.local',
  'Clinic Counselor': 'clinic.counselor@vot.local',
  'Clinic Data Assistant': 'clinic.data.assistant@vot.local',
};

/** Where the township- and project-bound demo accounts work. */
export const DEMO_ASSIGNMENTS: Partial<Record<Role, { project: string; townships: string[] }>> = {
  'Field Officer': { project: 'MDR-TB', townships: ['Hlaingthaya', 'Insein'] },
  'Programme Manager_MDR': { project: 'MDR-TB', townships: [] },
};

/** A few volunteers of the demo townships, so the volunteer screens have something to show. */
export const DEMO_VOLUNTEERS: {
  name: string;
  gender: 'Male' | 'Female';
  age: number;
  township: string;
  education_status: 'Primary' | 'Secondary' | 'Higher';
  occupation: 'AMW' | 'CHW' | 'Other';
  trainings: [date: string, type: 'On Job' | 'New' | 'Refresher'][];
}[] = [
  {
    name: 'Daw Khin Myo Aye',
    gender: 'Female',
    age: 42,
    township: 'Hlaingthaya',
    education_status: 'Secondary',
    occupation: 'AMW',
    trainings: [
      ['2026-01-14', 'New'],
      ['2026-06-03', 'Refresher'],
    ],
  },
  {
    name: 'U Aung Ko Ko',
    gender: 'Male',
    age: 35,
    township: 'Hlaingthaya',
    education_status: 'Higher',
    occupation: 'CHW',
    trainings: [['2026-02-20', 'New']],
  },
  {
    name: 'Ma Thandar Win',
    gender: 'Female',
    age: 27,
    township: 'Insein',
    education_status: 'Higher',
    occupation: 'Other',
    trainings: [['2026-03-11', 'On Job']],
  },
  {
    name: 'Ko Zaw Min Htet',
    gender: 'Male',
    age: 31,
    township: 'Insein',
    education_status: 'Secondary',
    occupation: 'CHW',
    trainings: [],
  },
  {
    name: 'Daw Nilar Oo',
    gender: 'Female',
    age: 50,
    township: 'Mingaladon',
    education_status: 'Primary',
    occupation: 'AMW',
    trainings: [['2025-11-05', 'New']],
  },
  {
    name: 'U Kyaw Swar',
    gender: 'Male',
    age: 45,
    township: 'Aungmyethazan',
    education_status: 'Secondary',
    occupation: 'CHW',
    trainings: [],
  },
];

/** Which patient lists a demo patient appears in (SPEC.md §4 categories; docs/decisions/0060). */
export type DemoPatientKind =
  'tb' | 'no-sps' | 'not-eligible' | 'eligible' | 'accepted' | 'declined' | 'concluded' | 'trash';

/**
 * Demo patients of the demo townships, some of every list, so each patient screen shows something
 * on first start (the Field Officer's Hlaingthaya and Insein among them). Kinds cycle through the
 * names; the seed fills in the registration fields.
 */
export const DEMO_PATIENT_KINDS: DemoPatientKind[] = [
  'tb',
  'no-sps',
  'not-eligible',
  'eligible',
  'accepted',
  'declined',
  'concluded',
  'trash',
];
export const DEMO_PATIENTS: { name: string; sex: 'Male' | 'Female'; age: number; township: string }[] = [
  { name: 'Daw Aye Aye Myint', sex: 'Female', age: 46, township: 'Hlaingthaya' },
  { name: 'U Thein Zaw', sex: 'Male', age: 52, township: 'Hlaingthaya' },
  { name: 'Ma Su Su Hlaing', sex: 'Female', age: 24, township: 'Hlaingthaya' },
  { name: 'Ko Min Thu', sex: 'Male', age: 33, township: 'Hlaingthaya' },
  { name: 'Daw Mya Mya', sex: 'Female', age: 61, township: 'Hlaingthaya' },
  { name: 'U Hla Win', sex: 'Male', age: 58, township: 'Hlaingthaya' },
  { name: 'Ma Ei Ei Phyo', sex: 'Female', age: 29, township: 'Hlaingthaya' },
  { name: 'Ko Naing Lin', sex: 'Male', age: 37, township: 'Hlaingthaya' },
  { name: 'Daw Khin San', sex: 'Female', age: 49, township: 'Insein' },
  { name: 'U Soe Moe', sex: 'Male', age: 44, township: 'Insein' },
  { name: 'Ma Hnin Wai', sex: 'Female', age: 19, township: 'Insein' },
  { name: 'Ko Ye Htet', sex: 'Male', age: 27, township: 'Insein' },
  { name: 'Daw Tin Tin Aye', sex: 'Female', age: 55, township: 'Insein' },
  { name: 'U Myo Myint', sex: 'Male', age: 63, township: 'Insein' },
  { name: 'Ma Thiri', sex: 'Female', age: 31, township: 'Insein' },
  { name: 'Ko Zin Ko', sex: 'Male', age: 22, township: 'Insein' },
  { name: 'Daw Nwe Nwe', sex: 'Female', age: 42, township: 'Mingaladon' },
  { name: 'U Win Naing', sex: 'Male', age: 39, township: 'Mingaladon' },
  { name: 'Ma Yin Mon', sex: 'Female', age: 26, township: 'Thanlyin' },
  { name: 'Ko Aung Myo', sex: 'Male', age: 35, township: 'Thanlyin' },
  { name: 'Daw San San Oo', sex: 'Female', age: 67, township: 'Aungmyethazan' },
  { name: 'U Kyaw Thu', sex: 'Male', age: 48, township: 'Aungmyethazan' },
  { name: 'Ma Phyu Phyu', sex: 'Female', age: 34, township: 'Monywa' },
  { name: 'Ko Htet Aung', sex: 'Male', age: 41, township: 'Monywa' },
];

/** The columns of a demo patient's lists (DEMO_PATIENT_KINDS). */
export function demoPatientState(kind: (typeof DEMO_PATIENT_KINDS)[number]): Partial<typeof patients.$inferInsert> {
  switch (kind) {
    case 'not-eligible':
      return { VOT_eligible: 'No', VOT_not_eligible_reason: 'No suitable smartphone or internet access' };
    case 'eligible':
      return { VOT_eligible: 'Yes' };
    case 'accepted':
      return { VOT_eligible: 'Yes', VOT_accept: 'Yes', report_period: 'FY26Q1' };
    case 'declined':
      return { VOT_eligible: 'Yes', VOT_accept: 'No', VOT_not_accept_reason: 'Family does not agree' };
    case 'concluded':
      return {
        TB_status: 'DRTB',
        treatment_status: 'Received TB Treatment',
        TB_DRTB_code: 'REG-2026-01',
        defined_TB_type: 'Pulmonary BC',
        HIV_test: 'Not Done',
        sputum_done_or_not_done: 'Done',
        sputum_examination_date: '2026-01-05',
        sputum_smear_result: '++',
        gene_Xpert_done_or_not_done: 'Done',
        gene_Xpert_examination_date: '2026-01-06',
        gene_Xpert_result: 'RR: MTB detected, Rif resistance detected',
      };
    default:
      return {};
  }
}
