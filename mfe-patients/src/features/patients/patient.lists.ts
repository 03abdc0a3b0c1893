import type { PatientCategory } from '@vot/shared/domain';
import type { Resource } from '@vot/shared/permissions';

export const patientDetailPath = (id: number) => `/admin/DSTB-patient-detail/${id}`;
export const noDotPatientDetailPath = (id: number) => `/admin/no-dot-DSTB-patient-detail/${id}`;
export const investigationPath = (id: number, section?: string) => `/admin/DSTB-patient-investigation/${id}${section ? `?section=${section}` : ''}`;
export const moveToVotPath = (id: number) => `/admin/move-to-DOT/${id}?VOT_accept=Yes`;
export const PATIENT_CREATE_PATH = '/admin/DSTB-patient-create';
export const NO_SPS_PATIENT_CREATE_PATH = '/admin/DSTB-no-sps-patient-create';
export const PATIENT_TRASH_PATH = '/admin/DSTB-patient-trash-list';

/** The eight patient lists that are not about VOT visits (SPEC.md §2 "Patient list screens", §4 categories). */
export type PatientListCategory = Exclude<PatientCategory, 'trash' | 'pure' | 'pureWithVolunteer' | 'pureWithoutVolunteer' | 'hybrid'>; // VOT Status lists are mfe-vot's

export interface PatientListDef {
  path: string;
  title: string;
  /** The permission group of SPEC.md §6 the list belongs to. */
  permission: Resource;
  /** The query flag GET patients, patients-export and the count call share. */
  query: Record<string, string>;
  detail: (id: number) => string;
  createPath?: string;
  /** The export file's name (SPEC.md §7 "Export files") and the filters added to it; no export when absent. */
  export?: { fileName: string; suffixFromTownship?: boolean };
  /**
   * "General" lists (patients before any VOT decision): the ID is yellow while VOT eligibility is
   * unset, so the unscreened stand out (SPEC.md §2).
   */
  yellowWhenUnscreened?: boolean;
}

/**
 * One table for the lists, read by the routes, the menu (with the count keys) and the list screen.
 * File names the spec does not give follow its pattern (docs/decisions.md).
 */
export const PATIENT_LISTS: Record<PatientListCategory, PatientListDef> = {
  tb: {
    path: '/admin/TB-patient-list',
    title: 'TB Patient List',
    permission: 'patients',
    query: { TB_patient: 'true' },
    detail: patientDetailPath,
    createPath: PATIENT_CREATE_PATH,
    export: { fileName: 'TB-Patients' },
    yellowWhenUnscreened: true,
  },
  noSpCode: {
    path: '/admin/TB-no-sps-patient-list',
    title: 'TB No SPS Patient List',
    permission: 'patients',
    query: { NO_SP_CODE: 'true' },
    detail: patientDetailPath,
    createPath: NO_SPS_PATIENT_CREATE_PATH,
    export: { fileName: 'Presumptive-TB-Patients' },
    yellowWhenUnscreened: true,
  },
  noDot: {
    path: '/admin/no-dot-DSTB-patient-list',
    title: 'No VOT Patient List',
    permission: 'patients',
    query: { no_DOT: 'true' },
    detail: noDotPatientDetailPath,
    export: { fileName: 'No-DOT-Patient', suffixFromTownship: true },
  },
  clinic: {
    path: '/admin/all-clinic-patient-list',
    title: 'All Clinic Patient List',
    permission: 'clinic-patients',
    query: { clinic: 'true' },
    detail: patientDetailPath,
    export: { fileName: 'All-Clinic-Patients', suffixFromTownship: true },
  },
  eligible: {
    path: '/admin/eligible-patient-list',
    title: 'Eligible Patient List',
    permission: 'vot-eligible',
    query: { VOT_eligible: 'Yes' },
    detail: patientDetailPath,
    export: { fileName: 'VOT-Eligible-Patients', suffixFromTownship: true },
  },
  screened: {
    path: '/admin/screened-patient-list',
    title: 'Screened Patient List',
    permission: 'vot-eligible',
    query: { screened: 'true' },
    detail: patientDetailPath,
  },
  acceptable: {
    path: '/admin/acceptable-patient-list',
    title: 'Acceptable Patient List',
    permission: 'vot-eligible',
    query: { VOT_accept: 'Yes' },
    detail: patientDetailPath,
  },
  declined: {
    path: '/admin/declined-patient-list',
    title: 'Declined Patient List',
    permission: 'vot-eligible',
    query: { VOT_declined: 'true' },
    detail: patientDetailPath,
  },
};
