import { generatePath } from 'react-router-dom';
import { CROSS_APP_PATHS, type MenuItem } from '@vot/shared/contract';
import type { PatientCategory } from '@vot/shared/domain';
import type { Resource } from '@vot/shared/permissions';

/** Move To VOT opens a screen of the VOT remote: its path comes from the contract's cross-app paths. */
export const moveToVotPath = (id: number) =>
  `${generatePath(CROSS_APP_PATHS.moveToVot, { id: String(id) })}?VOT_accept=Yes`;

/** The eight patient lists that are not about VOT visits (SPEC.md §2 "Patient list screens", §4 categories). */
export type PatientListCategory = Exclude<
  PatientCategory,
  'trash' | 'pure' | 'pureWithVolunteer' | 'pureWithoutVolunteer' | 'hybrid' | 'missedDoses'
>; // VOT Status lists (and the missed-dose list) are mfe-vot's

export interface PatientListDef {
  path: string;
  /** The list's title, also its menu label. */
  title: string;
  /** Its side-menu entry; the badge counts it with `countKey` = its category. */
  menu: Pick<MenuItem, 'group' | 'icon'>;
  /** The permission group of SPEC.md §6 the list belongs to. */
  permission: Resource;
  /** The query flag GET patients, patients-export and the count call share. */
  query: Record<string, string>;
  /** The route (of src/routes.ts) Detail opens, and the one New opens if the list has New. */
  detail: 'patientDetail' | 'noDotPatientDetail';
  create?: 'patientCreate' | 'noSpsPatientCreate';
  /** The export file's name (SPEC.md §7 "Export files") and the filters added to it; no export when absent. */
  export?: { fileName: string; suffixFromTownship?: boolean };
  /**
   * "General" lists (patients before any VOT decision): the ID is yellow while VOT eligibility is
   * unset, so the unscreened stand out (SPEC.md §2).
   */
  yellowWhenUnscreened?: boolean;
}

/**
 * One table for the lists, read by the route table (src/routes.ts: routes and menu, with the count
 * keys) and the list screen.
 * File names the spec does not give follow its pattern (docs/decisions/0060).
 */
export const PATIENT_LISTS: Record<PatientListCategory, PatientListDef> = {
  tb: {
    path: '/admin/TB-patient-list',
    title: 'TB Patient List',
    menu: { group: 'Patients', icon: 'pi pi-list' },
    permission: 'patients',
    query: { TB_patient: 'true' },
    detail: 'patientDetail',
    create: 'patientCreate',
    export: { fileName: 'TB-Patients' },
    yellowWhenUnscreened: true,
  },
  noSpCode: {
    path: '/admin/TB-no-sps-patient-list',
    title: 'TB No SPS Patient List',
    menu: { group: 'Patients', icon: 'pi pi-list' },
    permission: 'patients',
    query: { NO_SP_CODE: 'true' },
    detail: 'patientDetail',
    create: 'noSpsPatientCreate',
    export: { fileName: 'Presumptive-TB-Patients' },
    yellowWhenUnscreened: true,
  },
  noDot: {
    path: '/admin/no-dot-DSTB-patient-list',
    title: 'No VOT Patient List',
    menu: { group: 'Patients', icon: 'pi pi-ban' },
    permission: 'patients',
    query: { no_DOT: 'true' },
    detail: 'noDotPatientDetail',
    export: { fileName: 'No-DOT-Patient', suffixFromTownship: true },
  },
  clinic: {
    path: '/admin/all-clinic-patient-list',
    title: 'All Clinic Patient List',
    menu: { group: 'Patients', icon: 'pi pi-building' },
    permission: 'clinic-patients',
    query: { clinic: 'true' },
    detail: 'patientDetail',
    export: { fileName: 'All-Clinic-Patients', suffixFromTownship: true },
  },
  eligible: {
    path: '/admin/eligible-patient-list',
    title: 'Eligible Patient List',
    menu: { group: 'VOT Eligible', icon: 'pi pi-check-square' },
    permission: 'vot-eligible',
    query: { VOT_eligible: 'Yes' },
    detail: 'patientDetail',
    export: { fileName: 'VOT-Eligible-Patients', suffixFromTownship: true },
  },
  screened: {
    path: '/admin/screened-patient-list',
    title: 'Screened Patient List',
    menu: { group: 'VOT Eligible', icon: 'pi pi-search' },
    permission: 'vot-eligible',
    query: { screened: 'true' },
    detail: 'patientDetail',
  },
  acceptable: {
    path: '/admin/acceptable-patient-list',
    title: 'Acceptable Patient List',
    menu: { group: 'VOT Eligible', icon: 'pi pi-thumbs-up' },
    permission: 'vot-eligible',
    query: { VOT_accept: 'Yes' },
    detail: 'patientDetail',
  },
  declined: {
    path: '/admin/declined-patient-list',
    title: 'Declined Patient List',
    menu: { group: 'VOT Eligible', icon: 'pi pi-thumbs-down' },
    permission: 'vot-eligible',
    query: { VOT_declined: 'true' },
    detail: 'patientDetail',
  },
};
