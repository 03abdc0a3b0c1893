import { NO_APP_OPERATIONS, VISIT_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf } from './role-matrix';

/**
 * Every role against every visit-screen endpoint (vot-status): the visit lists, one record, the
 * dashboard record's remark and delete, the no-app grid's calls and every visit export.
 */
const { createWithVolunteer: _with, createWithoutVolunteer: _without, ...visitScreens } = VISIT_OPERATIONS;

await describeRoleMatrix(
  'visit screens',
  endpointsOf([...Object.values(visitScreens), ...Object.values(NO_APP_OPERATIONS)], 'page=1'),
);
