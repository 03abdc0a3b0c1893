import { createElement, lazy } from 'react';
import { CROSS_APP_PATHS, type RouteDecl } from '@vot/shared/contract';
import type { PatientCategory } from '@vot/shared/domain';
import { PATIENT_OPERATIONS } from '@vot/shared/operations';
import type { Resource } from '@vot/shared/permissions';
import { PATIENT_LISTS, type PatientListCategory } from './features/patients/patient.lists';

const read = (resource: Resource) => ({ resource, action: 'read' as const });
const trashCount: PatientCategory = 'trash';

/** A patient's page reads the patient first (PatientPage's `load`): the shell may start it (0192). */
const patientFirst = { operation: PATIENT_OPERATIONS.show };

/** One list page per category, all drawn by the one declaration (PATIENT_LISTS). */
const listPage = (category: PatientListCategory) =>
  lazy(async () => {
    const { default: PatientList } = await import('./features/patients/PatientList');
    const Page = () => createElement(PatientList, { category });
    Page.displayName = `PatientList(${category})`;
    return { default: Page };
  });

/** The eight lists, keyed by category; the menu's `countKey` is the category (a key of dstb-patient-count). */
const listRoutes = Object.fromEntries(
  (Object.keys(PATIENT_LISTS) as PatientListCategory[]).map((category): [PatientListCategory, RouteDecl] => {
    const { path, permission, title, menu, query } = PATIENT_LISTS[category];
    return [
      category,
      {
        path,
        permission: read(permission),
        page: listPage(category),
        menu: { ...menu, label: title, countKey: category },
        // Its first page, as the list asks for it (patient.screen.tsx: the list's query, then the page).
        firstRead: { operation: PATIENT_OPERATIONS.list, query },
      },
    ];
  }),
) as Record<PatientListCategory, RouteDecl>;

/**
 * The remote's route table: module.ts (module.json), app.tsx (the pages) and the screens' links
 * read it, so a path is written once. Links to a route with a parameter use react-router's
 * generatePath(routes.x.path, { id }).
 */
export const routes = {
  ...listRoutes,
  patientCreate: {
    path: '/admin/DSTB-patient-create',
    permission: { resource: 'patients', action: 'create' },
    page: lazy(() => import('./features/patients/PatientCreate')),
  },
  noSpsPatientCreate: {
    path: '/admin/DSTB-no-sps-patient-create',
    permission: { resource: 'patients', action: 'create' },
    page: lazy(async () => {
      const { default: PatientCreate } = await import('./features/patients/PatientCreate');
      return { default: () => createElement(PatientCreate, { noSps: true }) };
    }),
  },
  patientDetail: {
    path: CROSS_APP_PATHS.patientDetail,
    permission: read('patients'),
    firstRead: patientFirst,
    page: lazy(() => import('./features/patients/PatientDetail')),
  },
  noDotPatientDetail: {
    path: '/admin/no-dot-DSTB-patient-detail/:id',
    permission: read('patients'),
    firstRead: patientFirst,
    page: lazy(() => import('./features/patients/PatientDetail')),
  },
  patientInvestigation: {
    path: '/admin/DSTB-patient-investigation/:id',
    permission: read('patients'),
    firstRead: patientFirst,
    page: lazy(() => import('./features/patients/PatientInvestigations')),
  },
  patientTrashList: {
    path: '/admin/DSTB-patient-trash-list',
    permission: read('trash'),
    page: lazy(() => import('./features/patients/PatientTrashList')),
    menu: { group: 'Trash', label: 'Patient Trash', icon: 'pi pi-trash', countKey: trashCount },
  },
} satisfies Record<string, RouteDecl>;
