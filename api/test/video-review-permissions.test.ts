import { VIDEO_REVIEW_OPERATIONS } from '@vot/shared/operations';
import { describeRoleMatrix, endpointsOf } from './role-matrix';

/**
 * Every role against every operation of the video review queue (the queue, a verdict): the server
 * allows exactly what the shared matrix says and refuses the rest with 403 before it reads or
 * validates anything.
 */
await describeRoleMatrix('video-review', endpointsOf(Object.values(VIDEO_REVIEW_OPERATIONS), 'page=1'));
