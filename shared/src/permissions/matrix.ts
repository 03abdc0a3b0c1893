import type { Role } from '../domain/roles';

/**
 * The role × resource × action matrix of SPEC.md §6, as data. The menu, the buttons and the API
 * all ask `can()` over this table; docs/permissions.md is generated from it.
 * Where the spec leaves a group's members unnamed, the choice is recorded in docs/decisions.md.
 */
export const ACTIONS = ['create', 'read', 'update', 'delete', 'export', 'import'] as const;
export type Action = (typeof ACTIONS)[number];

const MEAL: Role[] = ['MEAL and Digital Tool Manager', 'MEAL and Digital Tool Officer', 'MEAL Associate'];
/** "advisers, directors, managers" of SPEC.md §6. */
const LEADERS: Role[] = [
  'Senior Technical Adviser (TB)',
  'Programme Director',
  'Programme Director TB',
  'Deputy Programme Director_MDRTB',
  'Deputy Programme Director_TB',
  'Programme Manager_MDR',
  'Programme Manager_AIS',
  'Project Manager',
];
const ACTIVITY_STAFF: Role[] = ['Senior Project Officer', 'Project Officer', 'MIS Officer', 'Volunteer Supervisor'];
const CLINIC: Role[] = ['Clinic MO', 'Clinic Counselor', 'Clinic Data Assistant'];

type Grants = Partial<Record<Action, readonly Role[]>>;

function all(roles: Role[]): Grants {
  return { create: roles, read: roles, update: roles, delete: roles, export: roles };
}
function merge(...grants: Grants[]): Grants {
  const out: Partial<Record<Action, Role[]>> = {};
  for (const g of grants) {
    for (const [action, roles] of Object.entries(g) as [Action, Role[]][]) {
      out[action] = [...new Set([...(out[action] ?? []), ...roles])];
    }
  }
  return out;
}
const readExport = (roles: Role[]): Grants => ({ read: roles, export: roles });

const basicData = merge(all([...MEAL, 'Admin']), {
  read: [...LEADERS, 'Project Officer', 'Data Assistant', 'MIS Officer', 'Senior Project Officer'],
});
const patientGroup = merge(all([...MEAL, 'Field Officer', 'Data Assistant']), readExport([...LEADERS, 'Project Officer']), {
  import: [...LEADERS, 'Project Officer'],
});

export const MATRIX = {
  accounts: all(['Admin', ...MEAL]),
  regions: basicData,
  districts: basicData,
  townships: basicData,
  projects: basicData,
  medicines: basicData,
  volunteers: merge(all([...MEAL, 'Field Officer', 'Data Assistant']), readExport([...LEADERS, 'Project Officer'])),
  trainings: merge(all(ACTIVITY_STAFF), readExport(['Admin', 'Project Manager', ...MEAL, 'Field Officer', 'Data Assistant'])),
  activities: merge(all(ACTIVITY_STAFF), readExport(['Admin', 'Project Manager', ...MEAL])),
  handouts: merge(all(MEAL), readExport([...LEADERS, 'Project Officer', 'Field Officer', 'Data Assistant'])),
  patients: patientGroup,
  'vot-eligible': patientGroup,
  'vot-status': patientGroup,
  trash: merge(all([...MEAL, 'Data Assistant']), readExport(['Senior Technical Adviser (TB)', 'Programme Director TB', 'Project Officer'])),
  'clinic-patients': readExport(['Project Officer', 'MIS Officer', ...CLINIC, 'Admin', 'Project Manager']),
  dashboards: readExport([...MEAL, ...LEADERS, 'Admin', 'Project Officer', 'Field Officer', 'Data Assistant', 'MIS Officer', 'Senior Project Officer']),
  reports: readExport([...MEAL, ...LEADERS, 'Admin', 'Project Officer', 'Data Assistant', 'MIS Officer', 'Senior Project Officer']),
} satisfies Record<string, Grants>;

export type Resource = keyof typeof MATRIX;
export const RESOURCES = Object.keys(MATRIX) as Resource[];
