import { api, resource, type MessageResponse } from '@vot/shared/api';
import type { Account, AccountCreateInput, AccountEmailInput, AccountUpdateInput } from '@vot/shared/schemas';

export type AccountInput = AccountCreateInput & Partial<AccountUpdateInput>;

const users = resource<Account, AccountInput>('users');

/** SPEC.md §7: create is io-register, the email has a call of its own. */
export const accountsApi = {
  ...users,
  create: (input: AccountInput) =>
    api.post<{ data: Account; status: 'success' }>('io-register', input, { quiet: true }),
  updateEmail: (id: number, input: AccountEmailInput) =>
    api.update<{ data: Account }>(`email-users/${id}`, input, { quiet: true }),
  /** Signs the account out everywhere (a lost phone, a leaver); not in SPEC.md, see docs/api.md. */
  endSessions: (id: number) => api.post<MessageResponse & { ended: number }>(`users/${id}/end-sessions`),
  /** A new initial password (the old one expired or was lost), shown in the list's Plain Password column. */
  resetPassword: (id: number) => api.post<MessageResponse & { data: Account }>(`users/${id}/reset-password`),
};
