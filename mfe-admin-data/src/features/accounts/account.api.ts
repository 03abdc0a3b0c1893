import { call } from '@vot/shared/api';
import { ACCOUNT_OPERATIONS as OPS } from '@vot/shared/operations';
import type { AccountCreateInput, AccountEmailInput, AccountUpdateInput } from '@vot/shared/schemas';

export type AccountInput = AccountCreateInput & Partial<AccountUpdateInput>;

const quiet = { quiet: true };

/** SPEC.md §7: create is io-register, the email has a call of its own. */
export const accountsApi = {
  list: (query?: Record<string, unknown>, signal?: AbortSignal) => call(OPS.list, { query }, { signal, quiet: true }),
  show: (id: number) => call(OPS.show, { params: { id } }),
  create: (input: AccountInput) => call(OPS.create, { body: input }, quiet),
  update: (id: number, input: AccountInput) =>
    call(OPS.update, { params: { id }, body: input as AccountUpdateInput }, quiet),
  remove: (id: number) => call(OPS.remove, { params: { id } }),
  updateEmail: (id: number, input: AccountEmailInput) => call(OPS.updateEmail, { params: { id }, body: input }, quiet),
  /** Signs the account out everywhere (a lost phone, a leaver); not in SPEC.md, see docs/api.md. */
  endSessions: (id: number) => call(OPS.endSessions, { params: { id } }),
  /** A new initial password (the old one expired or was lost), shown in the list's Plain Password column. */
  resetPassword: (id: number) => call(OPS.resetPassword, { params: { id } }),
};
