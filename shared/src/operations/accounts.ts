// The schemas' own files, not their index (operations never load every form's schema).
import { successMessage } from '../domain/constants';
import {
  accountCreateSchema,
  accountEmailSchema,
  accountFilterSchema,
  accountUpdateSchema,
  type Account,
  type SessionsEnded,
} from '../schemas/accounts';
import type { Action } from '../permissions';
import { item, list, message, operation, updated, whole } from './operation';

const accounts = (action: Action) => ({ resource: 'accounts' as const, action });

/** SPEC.md §7 accounts: users list, show, update and delete, io-register, email-users; ending sessions and a new password (docs/api.md). */
export const ACCOUNT_OPERATIONS = {
  list: operation({
    method: 'GET',
    path: '/users',
    permission: accounts('read'),
    summary: 'Account list',
    query: accountFilterSchema,
    paged: true,
    answer: list<Account>('Account'),
  }),
  show: operation({
    method: 'GET',
    path: '/users/:id',
    permission: accounts('read'),
    summary: 'One account',
    answer: item<Account>('Account'),
  }),
  create: operation({
    method: 'POST',
    path: '/io-register',
    permission: accounts('create'),
    summary: 'Register an account (an initial password is generated)',
    body: accountCreateSchema,
    refusals: [503],
    answer: item<Account>('Account', 'created'),
  }),
  update: operation({
    method: 'PUT',
    path: '/users/:id',
    permission: accounts('update'),
    summary: 'Update an account (role, project, townships)',
    body: accountUpdateSchema,
    refusals: [409],
    answer: item<Account>('Account'),
  }),
  updateEmail: operation({
    method: 'PUT',
    path: '/email-users/:id',
    permission: accounts('update'),
    summary: "Change an account's email",
    body: accountEmailSchema,
    answer: item<Account>('Account'),
  }),
  endSessions: operation({
    method: 'POST',
    path: '/users/:id/end-sessions',
    permission: accounts('update'),
    summary: 'End every session of an account',
    answer: whole<SessionsEnded>('SessionsEnded'),
  }),
  resetPassword: operation({
    method: 'POST',
    path: '/users/:id/reset-password',
    permission: accounts('update'),
    summary: 'A new initial password for an account (its sessions end)',
    refusals: [400, 429, 503],
    answer: updated<Account>('Account'),
  }),
  remove: operation({
    method: 'DELETE',
    path: '/users/:id',
    permission: accounts('delete'),
    summary: 'Delete an account (its sessions end)',
    refusals: [400, 409],
    answer: message(successMessage('Account', 'deleted')),
  }),
};
