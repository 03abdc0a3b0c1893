import { REPORT_OPERATIONS } from './reports';
import type { Operation } from './operation';

export * from './operation';
export * from './reports';

/** Every declared operation: the server registers each, and the tests check each against the matrix. */
export const OPERATIONS: Operation[] = [...Object.values(REPORT_OPERATIONS)];
