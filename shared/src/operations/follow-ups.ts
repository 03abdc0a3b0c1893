// The schemas' own file, not their index (operations never load every form's schema).
import {
  followUpFilterSchema,
  followUpSchema,
  type FollowUpCase,
  type FollowUpRecord,
  type FollowUpRow,
} from '../schemas/follow-ups';
import { item, list, operation, rows } from './operation';

const read = { resource: 'follow-ups', action: 'read' } as const;

/** The missed-dose worklist (docs/decisions/0170–0172): the worklist, its export, a patient's history, a new action. */
export const FOLLOW_UP_OPERATIONS = {
  worklist: operation({
    method: 'GET',
    path: '/follow-ups',
    permission: read,
    summary: 'The missed-dose worklist: patients whose current missed run reached the threshold, most at risk first',
    query: followUpFilterSchema,
    paged: true,
    answer: list<FollowUpRow>('FollowUpRow'),
  }),
  worklistExport: operation({
    method: 'GET',
    path: '/follow-ups-export',
    permission: { resource: 'follow-ups', action: 'export' },
    summary: 'The whole missed-dose worklist for the spreadsheet, most at risk first',
    query: followUpFilterSchema,
    answer: rows<FollowUpRow>('FollowUpRow'),
  }),
  history: operation({
    method: 'GET',
    path: '/follow-ups/:id',
    permission: read,
    summary: "A patient's follow-up history: cases newest first, each with its actions and how it closed",
    answer: list<FollowUpCase>('FollowUpCase'),
  }),
  record: operation({
    method: 'POST',
    path: '/follow-ups',
    permission: { resource: 'follow-ups', action: 'create' },
    summary: "Record an action about a VOT patient's missed doses (the current missed run's case)",
    body: followUpSchema,
    refusals: [404, 409],
    answer: item<FollowUpRecord>('FollowUpRecord', 'created'),
  }),
};
