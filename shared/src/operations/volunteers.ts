// The schemas' own files, not their index (operations never load every form's schema).
import { volunteerExportFilterSchema, volunteerFilterSchema } from '../schemas/activity-filters';
import { volunteerSchema, type Volunteer, type VolunteerExportRow } from '../schemas/volunteers';
import { item, list, operation, rows, updated } from './operation';
import { trashOperations } from './trash';

const volunteers = { resource: 'volunteers' as const };

/** SPEC.md §7 volunteers and the volunteer trash. */
export const VOLUNTEER_OPERATIONS = {
  list: operation({
    method: 'GET',
    path: '/volunteers',
    permission: { ...volunteers, action: 'read' },
    byList: true,
    summary: 'Volunteer list (status=0: the trash), newest first',
    query: volunteerFilterSchema,
    paged: true,
    answer: list<Volunteer>('Volunteer'),
  }),
  exportRows: operation({
    method: 'GET',
    path: '/volunteers-export',
    permission: { ...volunteers, action: 'export' },
    summary: 'Volunteers for the spreadsheet',
    query: volunteerExportFilterSchema,
    answer: rows<VolunteerExportRow>('VolunteerExportRow'),
  }),
  show: operation({
    method: 'GET',
    path: '/volunteers/:id',
    permission: { ...volunteers, action: 'read' },
    summary: 'One volunteer',
    answer: item<Volunteer>('Volunteer'),
  }),
  create: operation({
    method: 'POST',
    path: '/volunteers',
    permission: { ...volunteers, action: 'create' },
    summary: 'Register a volunteer (a code and an initial app password are generated)',
    refusals: [503],
    body: volunteerSchema,
    answer: item<Volunteer>('Volunteer', 'created'),
  }),
  update: operation({
    method: 'PUT',
    path: '/volunteers/:id',
    permission: { ...volunteers, action: 'update' },
    summary: 'Update a volunteer',
    body: volunteerSchema,
    answer: item<Volunteer>('Volunteer'),
  }),
  resetPassword: operation({
    method: 'POST',
    path: '/volunteers/:id/reset-password',
    permission: { ...volunteers, action: 'update' },
    summary: 'A new initial app password for a volunteer (their app sessions end)',
    refusals: [429, 503],
    answer: updated<Volunteer>('Volunteer'),
  }),
  ...trashOperations<Volunteer, 'volunteers'>({ base: 'volunteers', noun: 'volunteer', label: 'Volunteer' }),
};
