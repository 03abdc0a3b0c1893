import { CONTRACT_VERSION, type RemoteModule } from '@vot/shared/contract';

/** Patients: registration, patient lists, detail, investigations, TB conclusion, VOT eligibility and acceptance, patient trash, clinic list (ARCHITECTURE.md §1). The shell reads this as module.json. */
export const remoteModule: Omit<RemoteModule, 'version'> = {
  id: 'patients',
  contract: CONTRACT_VERSION,
  routes: [
    { path: '/admin/TB-patient-list', permission: { resource: 'patients', action: 'read' } },
    { path: '/admin/TB-no-sps-patient-list', permission: { resource: 'patients', action: 'read' } },
    { path: '/admin/no-dot-DSTB-patient-list', permission: { resource: 'patients', action: 'read' } },
    { path: '/admin/all-clinic-patient-list', permission: { resource: 'clinic-patients', action: 'read' } },
    { path: '/admin/eligible-patient-list', permission: { resource: 'vot-eligible', action: 'read' } },
    { path: '/admin/screened-patient-list', permission: { resource: 'vot-eligible', action: 'read' } },
    { path: '/admin/acceptable-patient-list', permission: { resource: 'vot-eligible', action: 'read' } },
    { path: '/admin/declined-patient-list', permission: { resource: 'vot-eligible', action: 'read' } },
    { path: '/admin/DSTB-patient-create', permission: { resource: 'patients', action: 'read' } },
    { path: '/admin/DSTB-no-sps-patient-create', permission: { resource: 'patients', action: 'read' } },
    { path: '/admin/DSTB-patient-detail/:id', permission: { resource: 'patients', action: 'read' } },
    { path: '/admin/no-dot-DSTB-patient-detail/:id', permission: { resource: 'patients', action: 'read' } },
    { path: '/admin/DSTB-patient-trash-list', permission: { resource: 'trash', action: 'read' } },
  ],
  menu: [
    { group: 'Patients', label: 'TB Patient List', path: '/admin/TB-patient-list', icon: 'pi pi-list', permission: { resource: 'patients', action: 'read' } },
    { group: 'Patients', label: 'TB No SPS Patient List', path: '/admin/TB-no-sps-patient-list', icon: 'pi pi-list', permission: { resource: 'patients', action: 'read' } },
    { group: 'Patients', label: 'No VOT Patient List', path: '/admin/no-dot-DSTB-patient-list', icon: 'pi pi-ban', permission: { resource: 'patients', action: 'read' } },
    { group: 'Patients', label: 'All Clinic Patient List', path: '/admin/all-clinic-patient-list', icon: 'pi pi-building', permission: { resource: 'clinic-patients', action: 'read' } },
    { group: 'VOT Eligible', label: 'Eligible Patient List', path: '/admin/eligible-patient-list', icon: 'pi pi-check-square', permission: { resource: 'vot-eligible', action: 'read' } },
    { group: 'VOT Eligible', label: 'Screened Patient List', path: '/admin/screened-patient-list', icon: 'pi pi-search', permission: { resource: 'vot-eligible', action: 'read' } },
    { group: 'VOT Eligible', label: 'Acceptable Patient List', path: '/admin/acceptable-patient-list', icon: 'pi pi-thumbs-up', permission: { resource: 'vot-eligible', action: 'read' } },
    { group: 'VOT Eligible', label: 'Declined Patient List', path: '/admin/declined-patient-list', icon: 'pi pi-thumbs-down', permission: { resource: 'vot-eligible', action: 'read' } },
    { group: 'Trash', label: 'Patient Trash', path: '/admin/DSTB-patient-trash-list', icon: 'pi pi-trash', permission: { resource: 'trash', action: 'read' } },
  ],
};
