/** The programme's advisers, directors and managers (SPEC.md §6 grants them as one group, with the Project Manager). */
export const PROGRAMME_LEADERS = [
  'Senior Technical Adviser (TB)',
  'Programme Director',
  'Programme Director TB',
  'Deputy Programme Director_MDRTB',
  'Deputy Programme Director_TB',
  'Programme Manager_MDR',
  'Programme Manager_AIS',
] as const;

/** Role names exactly as the programme uses them (SPEC.md §6). */
export const ROLES = [
  'Admin',
  'Project Manager',
  'MIS Officer',
  ...PROGRAMME_LEADERS,
  'MEAL and Digital Tool Manager',
  'MEAL and Digital Tool Officer',
  'MEAL Associate',
  'Project Officer',
  'Field Officer',
  'Data Assistant',
  // Named in the product's permission checks; they hold accounts like any other role.
  'Senior Project Officer',
  'Volunteer Supervisor',
  'Clinic MO',
  'Clinic Counselor',
  'Clinic Data Assistant',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Roles bound to a set of townships: every list and lookup is limited to those townships. */
export const TOWNSHIP_BOUND_ROLES: readonly Role[] = ['Field Officer'];

/** Roles whose account must name a project when it is created (SPEC.md §5, §6). */
export const PROJECT_BOUND_ROLES: readonly Role[] = ['Field Officer', 'Programme Manager_MDR'];

export function isTownshipBound(role: Role): boolean {
  return TOWNSHIP_BOUND_ROLES.includes(role);
}
