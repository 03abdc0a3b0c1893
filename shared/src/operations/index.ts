import { ACCOUNT_OPERATIONS } from './accounts';
import { HANDOUT_OPERATIONS } from './handouts';
import { VOLUNTEER_OPERATIONS } from './volunteers';
import { COMMUNITY_OPERATIONS, TRAINING_OPERATIONS } from './activities';
import { APP_SESSION_OPERATIONS } from './app-sessions';
import { BASIC_DATA_OPERATIONS } from './basic-data';
import { FOLLOW_UP_OPERATIONS } from './follow-ups';
import { HOME_OPERATIONS } from './home';
import { REPORT_OPERATIONS } from './reports';
import { VIDEO_REVIEW_OPERATIONS } from './video-reviews';
import { APP_VIDEO_REVIEW_OPERATIONS } from './app-video-reviews';
import { INVESTIGATION_OPERATIONS, PATIENT_OPERATIONS } from './patients';
import { NO_APP_OPERATIONS, VISIT_OPERATIONS } from './visits';
import {
  CHANGE_VOLUNTEER_OPERATIONS,
  FU_SPUTUM_OPERATIONS,
  INFECTION_CHECKLIST_OPERATIONS,
  PATIENT_MEDICINE_OPERATIONS,
  VOT_PATIENT_OPERATIONS,
} from './vot';
import type { AppOperation, Operation } from './operation';

export * from './operation';
export type { TrashOperations } from './trash';
export * from './resources';
export * from './basic-data';
export * from './reports';
export * from './follow-ups';
export * from './video-reviews';
export * from './app-sessions';
export * from './session';
export * from './home';
export * from './app-video-reviews';
export * from './vot';
export * from './visits';
export * from './patients';
export * from './activities';
export * from './accounts';
export * from './volunteers';
export * from './handouts';

/** Every declared operation: the server registers each, and the tests check each against the matrix. */
export const OPERATIONS: Operation[] = [
  ...Object.values(BASIC_DATA_OPERATIONS).flatMap((ops) => Object.values(ops)),
  ...Object.values(REPORT_OPERATIONS),
  ...Object.values(FOLLOW_UP_OPERATIONS),
  ...Object.values(VIDEO_REVIEW_OPERATIONS),
  ...Object.values(HOME_OPERATIONS),
  ...[
    VOT_PATIENT_OPERATIONS,
    CHANGE_VOLUNTEER_OPERATIONS,
    PATIENT_MEDICINE_OPERATIONS,
    FU_SPUTUM_OPERATIONS,
    INFECTION_CHECKLIST_OPERATIONS,
    VISIT_OPERATIONS,
    NO_APP_OPERATIONS,
    PATIENT_OPERATIONS,
    INVESTIGATION_OPERATIONS,
    COMMUNITY_OPERATIONS,
    TRAINING_OPERATIONS,
    ACCOUNT_OPERATIONS,
    VOLUNTEER_OPERATIONS,
  ].flatMap((ops) => Object.values(ops)),
  ...Object.values(HANDOUT_OPERATIONS).flatMap((ops) => Object.values(ops)),
];

/** Every declared phone-app operation (not the matrix's: volunteers and patients are not staff). */
export const APP_OPERATIONS: AppOperation[] = [
  ...Object.values(APP_SESSION_OPERATIONS),
  ...Object.values(APP_VIDEO_REVIEW_OPERATIONS),
];
