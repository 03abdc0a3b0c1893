import { describeRoleMatrix, type Endpoint } from './role-matrix';

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
const X = 999999;

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
  ...['move-to-DOT', 'DOT-end', 'VDOT-end'].map((path): Endpoint => ({
    resource: 'vot-status',
    action: 'update',
    method: 'POST',
    url: `/api/v1/${path}/${X}?_method=PUT`,
  })),
  { resource: 'vot-status', action: 'create', method: 'POST', url: '/api/v1/DOT-with-volunteer-dashboard' },
  { resource: 'vot-status', action: 'create', method: 'POST', url: '/api/v1/DOT-without-volunteer-dashboard' },
  { resource: 'change-volunteers', action: 'create', method: 'POST', url: '/api/v1/change-volunteers' },
  { resource: 'change-volunteers', action: 'read', method: 'GET', url: `/api/v1/change-volunteers/${X}` },
  { resource: 'change-volunteers', action: 'read', method: 'GET', url: `/api/v1/pure-hybrid-histories/${X}` },
  { resource: 'change-volunteers', action: 'delete', method: 'DELETE', url: `/api/v1/change-volunteers/${X}` },
  { resource: 'change-volunteers', action: 'delete', method: 'DELETE', url: `/api/v1/pure-hybrid-histories/${X}` },
  { resource: 'patient-medicines', action: 'read', method: 'GET', url: `/api/v1/patient-medicines/${X}` },
  { resource: 'patient-medicines', action: 'read', method: 'GET', url: `/api/v1/patient-medicine/${X}` },
  { resource: 'patient-medicines', action: 'create', method: 'POST', url: '/api/v1/patient-medicines' },
  { resource: 'patient-medicines', action: 'create', method: 'GET', url: '/api/v1/patient-medicine-names' },
  {
    resource: 'patient-medicines',
    action: 'update',
    method: 'POST',
    url: `/api/v1/patient-medicines/${X}?_method=PUT`,
  },
  { resource: 'patient-medicines', action: 'delete', method: 'DELETE', url: `/api/v1/patient-medicines/${X}` },
  { resource: 'fu-sputum', action: 'read', method: 'GET', url: `/api/v1/fu-sputum-examinitions/${X}` },
  { resource: 'fu-sputum', action: 'read', method: 'GET', url: `/api/v1/fu-sputum-examinition/${X}` },
  { resource: 'fu-sputum', action: 'export', method: 'GET', url: `/api/v1/fu-sputum-examinitions-export/${X}` },
  { resource: 'fu-sputum', action: 'create', method: 'POST', url: '/api/v1/fu-sputum-examinitions' },
  { resource: 'fu-sputum', action: 'update', method: 'POST', url: `/api/v1/fu-sputum-examinitions/${X}?_method=PUT` },
  { resource: 'fu-sputum', action: 'delete', method: 'DELETE', url: `/api/v1/fu-sputum-examinitions/${X}` },
  { resource: 'infection-checklists', action: 'read', method: 'GET', url: `/api/v1/infection-checklists/${X}` },
  { resource: 'infection-checklists', action: 'read', method: 'GET', url: `/api/v1/infection-checklist/${X}` },
  { resource: 'infection-checklists', action: 'create', method: 'POST', url: '/api/v1/infection-checklists' },
  { resource: 'infection-checklists', action: 'delete', method: 'DELETE', url: `/api/v1/infection-checklists/${X}` },
];

await describeRoleMatrix('VOT', ENDPOINTS);
