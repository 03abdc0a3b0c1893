import { HOME_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf } from './role-matrix';

/** Every role against the home's call: allowed exactly as the shared matrix says, else 403. */
await describeRoleMatrix('home', endpointsOf(Object.values(HOME_OPERATIONS), 'start_date=2026-01-01'));
