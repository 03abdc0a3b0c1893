import { CONTRACT_VERSION, type MenuItem, type RemoteModule } from '@vot/shared/contract';
import type { PatientCategory } from '@vot/shared/domain';
import { NO_SPS_PATIENT_CREATE_PATH, PATIENT_CREATE_PATH, PATIENT_LISTS, PATIENT_TRASH_PATH, type PatientListCategory } from './features/patients/patient.lists';

const read = (resource: 'patients' | 'vot-eligible' | 'clinic-patients' | 'trash') => ({ resource, action: 'read' as const });

/** The menu items of the lists; `countKey` names the list's count in GET dstb-patient-count (a key of PATIENT_CATEGORIES). */
const LIST_MENU: Record<PatientListCategory, Pick<MenuItem, 'group' | 'label' | 'icon'>> = {
  tb: { group: 'Patients', label: 'TB Patient List', icon: 'pi pi-list' },
  noSpCode: { group: 'Patients', label: 'TB No SPS Patient List', icon: 'pi pi-list' },
  noDot: { group: 'Patients', label: 'No VOT Patient List', icon: 'pi pi-ban' },
  clinic: { group: 'Patients', label: 'All Clinic Patient List', icon: 'pi pi-building' },
  eligible: { group: 'VOT Eligible', label: 'Eligible Patient List', icon: 'pi pi-check-square' },
  screened: { group: 'VOT Eligible', label: 'Screened Patient List', icon: 'pi pi-search' },
  acceptable: { group: 'VOT Eligible', label: 'Acceptable Patient List', icon: 'pi pi-thumbs-up' },
  declined: { group: 'VOT Eligible', label: 'Declined Patient List', icon: 'pi pi-thumbs-down' },
};
const categories = Object.keys(PATIENT_LISTS) as PatientListCategory[];
const trashCount: PatientCategory = 'trash';

/** Patients: registration, patient lists, detail, investigations, TB conclusion, VOT eligibility and acceptance, patient trash, clinic list (ARCHITECTURE.md §1). The shell reads this as module.json. */
export const remoteModule: Omit<RemoteModule, 'version'> = {
  id: 'patients',
  contract: CONTRACT_VERSION,
  routes: [
    ...categories.map((c) => ({ path: PATIENT_LISTS[c].path, permission: read(PATIENT_LISTS[c].permission as 'patients') })),
    { path: PATIENT_CREATE_PATH, permission: { resource: 'patients', action: 'create' } },
    { path: NO_SPS_PATIENT_CREATE_PATH, permission: { resource: 'patients', action: 'create' } },
    { path: '/admin/DSTB-patient-detail/:id', permission: read('patients') },
    { path: '/admin/no-dot-DSTB-patient-detail/:id', permission: read('patients') },
    { path: '/admin/DSTB-patient-investigation/:id', permission: read('patients') },
    { path: PATIENT_TRASH_PATH, permission: read('trash') },
  ],
  menu: [
    ...categories.map((c) => ({ ...LIST_MENU[c], path: PATIENT_LISTS[c].path, permission: read(PATIENT_LISTS[c].permission as 'patients'), countKey: c })),
    { group: 'Trash', label: 'Patient Trash', path: PATIENT_TRASH_PATH, icon: 'pi pi-trash', permission: read('trash'), countKey: trashCount },
  ],
};
