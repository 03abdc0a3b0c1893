// The schemas' own files, not their index (operations never load every form's schema).
import { successMessage } from '../domain/constants';
import { communityFilterSchema, trainingMonthFilterSchema } from '../schemas/activity-filters';
import {
  communitySchema,
  trainingSchema,
  type Community,
  type Training,
  type TrainingExportRow,
  type TrainingPage,
} from '../schemas/volunteers';
import type { Action } from '../permissions';
import { item, list, message, operation, removed, rows, whole } from './operation';

const activities = (action: Action) => ({ resource: 'activities' as const, action });
const trainings = (action: Action) => ({ resource: 'trainings' as const, action });

/** SPEC.md §7 communities: a volunteer's community activities with the people referred, by place. */
export const COMMUNITY_OPERATIONS = {
  list: operation({
    method: 'GET',
    path: '/communities',
    permission: activities('read'),
    summary: 'Community list',
    query: communityFilterSchema,
    paged: true,
    answer: list<Community>('Community'),
  }),
  show: operation({
    method: 'GET',
    path: '/communities/:id',
    permission: activities('read'),
    summary: 'One community activity',
    answer: item<Community>('Community'),
  }),
  create: operation({
    method: 'POST',
    path: '/communities',
    permission: activities('create'),
    summary: 'Create a community activity',
    body: communitySchema,
    refusals: [404],
    answer: item<Community>('Community', 'created'),
  }),
  update: operation({
    method: 'PUT',
    path: '/communities/:id',
    permission: activities('update'),
    summary: 'Update a community activity (replaces its referrals)',
    body: communitySchema,
    answer: item<Community>('Community'),
  }),
  remove: operation({
    method: 'DELETE',
    path: '/communities/:id',
    permission: activities('delete'),
    summary: 'Delete a community activity',
    answer: message(successMessage('Community', 'deleted')),
  }),
};

/** SPEC.md §7 trainings: a volunteer's list and export with a month filter, and the training records. */
export const TRAINING_OPERATIONS = {
  listOf: operation({
    method: 'GET',
    path: '/volunteer-trainings/:id',
    permission: trainings('read'),
    summary: "A volunteer's trainings, newest first, and the volunteer (TrainingPage)",
    query: trainingMonthFilterSchema,
    paged: true,
    answer: whole<TrainingPage>('TrainingPage'),
  }),
  exportOf: operation({
    method: 'GET',
    path: '/volunteer-trainings-export/:id',
    permission: trainings('export'),
    summary: "A volunteer's trainings for the spreadsheet",
    query: trainingMonthFilterSchema,
    answer: rows<TrainingExportRow>('TrainingExportRow'),
  }),
  show: operation({
    method: 'GET',
    path: '/trainings/:id',
    permission: trainings('read'),
    summary: 'One training',
    answer: item<Training>('Training'),
  }),
  create: operation({
    method: 'POST',
    path: '/trainings',
    permission: trainings('create'),
    summary: 'Record a training',
    body: trainingSchema,
    refusals: [404],
    answer: item<Training>('Training', 'created'),
  }),
  update: operation({
    method: 'PUT',
    path: '/trainings/:id',
    permission: trainings('update'),
    summary: 'Update a training',
    body: trainingSchema,
    answer: item<Training>('Training'),
  }),
  remove: operation({
    method: 'DELETE',
    path: '/trainings/:id',
    permission: trainings('delete'),
    summary: 'Delete a training',
    answer: removed(successMessage('Training', 'deleted')),
  }),
};
