import { REPORT_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf } from './role-matrix';

/** Every role against every dashboard and report operation: the server allows exactly what the matrix says. */
await describeRoleMatrix(
  'report',
  endpointsOf(Object.values(REPORT_OPERATIONS), 'start_date=2024-01-01&end_date=2024-03-31'),
);
