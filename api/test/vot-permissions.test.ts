import {
  CHANGE_VOLUNTEER_OPERATIONS,
  FU_SPUTUM_OPERATIONS,
  INFECTION_CHECKLIST_OPERATIONS,
  PATIENT_MEDICINE_OPERATIONS,
  VISIT_OPERATIONS,
  VOT_PATIENT_OPERATIONS,
} from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf, type Endpoint } from './role-matrix';

/**
 * Every role against every VOT endpoint: the VOT Status lists and their export (vot-status), Move
 * To VOT, VOT end and conclusion, dashboard visits, the pure/hybrid and volunteer history, patient
 * medicines, follow-up sputum and infection checklists. The server allows exactly what the shared
 * matrix says and refuses the rest with 403 before it reads or validates anything.
 */
const VOT_LISTS = [
  'DOT_with_volunteer=true&pure_or_hybrid=Pure',
  'DOT_with_no_volunteer=true&pure_or_hybrid=Pure',
  'DOT_with_volunteer=true&pure_or_hybrid=Hybrid',
  'pure_or_hybrid=Pure',
];

const ENDPOINTS: Endpoint[] = [
  ...VOT_LISTS.flatMap((query): Endpoint[] => [
    { resource: 'vot-status', action: 'read', method: 'GET', url: `/api/v1/patients?page=1&${query}&complete=true` },
    {
      resource: 'vot-status',
      action: 'export',
      method: 'GET',
      url: `/api/v1/patients-export?${query}&not_complete=true`,
    },
  ]),
  ...endpointsOf([
    VOT_PATIENT_OPERATIONS.moveToVot,
    VOT_PATIENT_OPERATIONS.endVot,
    VOT_PATIENT_OPERATIONS.concludeVdot,
    VISIT_OPERATIONS.createWithVolunteer,
    VISIT_OPERATIONS.createWithoutVolunteer,
    ...[
      CHANGE_VOLUNTEER_OPERATIONS,
      PATIENT_MEDICINE_OPERATIONS,
      FU_SPUTUM_OPERATIONS,
      INFECTION_CHECKLIST_OPERATIONS,
    ].flatMap((ops) => Object.values(ops)),
  ]),
];

await describeRoleMatrix('VOT', ENDPOINTS);
