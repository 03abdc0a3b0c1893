import { FOLLOW_UP_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf } from './role-matrix';

/**
 * Every role against every operation of the missed-dose worklist (the worklist, its export, a
 * patient's history, a new action): the server allows exactly what the shared matrix says and
 * refuses the rest with 403 before it reads or validates anything.
 */
await describeRoleMatrix('follow-up', endpointsOf(Object.values(FOLLOW_UP_OPERATIONS), 'page=1'));
