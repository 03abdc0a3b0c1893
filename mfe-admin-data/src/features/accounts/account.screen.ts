import { PROJECT_BOUND_ROLES, ROLES, TOWNSHIP_BOUND_ROLES } from '@vot/shared/domain';
import { mayManageAccount } from '@vot/shared/permissions';
import type { SessionUser } from '@vot/shared/session';
import { optionsFrom, optionsOf, townshipsApi, type CrudScreen } from '@vot/shared/lists';
import {
  type Account,
  accountCreateSchema,
  type AccountEmailInput,
  accountEmailSchema,
  accountUpdateSchema,
} from '@vot/shared/schemas';
import { projectsApi } from '../projects/project.api';
import { accountsApi, type AccountInput } from './account.api';

const roleOptions = optionsOf(ROLES);
/** The roles this user may give: those ranked below their own (an Admin: every role). */
const assignableRoles = (_values: Record<string, unknown>, user: SessionUser | null) =>
  Promise.resolve(roleOptions.filter((o) => mayManageAccount(user, String(o.value))));
const projectOptions = optionsFrom(projectsApi);
/** A Field Officer's townships are those of the chosen project. */
const townshipOptions = (values: Record<string, unknown>) =>
  values.project_id
    ? townshipsApi
        .list({ project_id: values.project_id })
        .then((res) => res.data.map((t) => ({ label: t.name, value: t.id })))
    : Promise.resolve([]);
const inProject = (v: Record<string, unknown>) => (PROJECT_BOUND_ROLES as readonly unknown[]).includes(v.role);
const inTownships = (v: Record<string, unknown>) => (TOWNSHIP_BOUND_ROLES as readonly unknown[]).includes(v.role);
const names = (list: { name: string }[]) => list.map((t) => t.name).join(', ');

/** SPEC.md §2 Accounts: the list, its filters, and the Create, Update and Update Email dialogs. */
export const accountScreen: CrudScreen<Account, AccountInput> = {
  title: 'Account List',
  entity: 'Account',
  permission: 'accounts',
  api: accountsApi,
  // The same rule as the API's 403: no button on an account ranked at or above the user's own.
  rowAllowed: (a, user) => mayManageAccount(user, a.role),
  filters: [
    { name: 'email', label: 'Email' },
    { name: 'role', label: 'Role', type: 'select', options: roleOptions },
  ],
  columns: [
    { field: 'id', header: 'ID' },
    { field: 'name', header: 'Name' },
    { field: 'email', header: 'Email' },
    { field: 'plain_password', header: 'Plain Password', body: (a) => a.plain_password ?? '', nowrap: true },
    { field: 'role', header: 'Role' },
    { field: 'township', header: 'Township', body: (a) => names(a.townships) },
    { field: 'project', header: 'Project', body: (a) => a.project?.name ?? '' },
  ],
  rowDialogs: [
    {
      label: 'Email Update',
      action: 'update',
      title: 'Update Account Email',
      entity: 'Email',
      fields: [{ name: 'email', label: 'Email', type: 'email' }],
      schema: accountEmailSchema,
      toInput: (a) => ({ email: a.email }),
      submit: (a, values) => accountsApi.updateEmail(a.id, values as AccountEmailInput),
    },
  ],
  rowActions: [
    {
      label: 'End Sessions',
      action: 'update',
      severity: 'warning',
      run: (a) => accountsApi.endSessions(a.id),
      notice: (answer) => (answer as { message: string }).message,
      confirm: {
        text: (a) => `${a.name} will be signed out on every device and must sign in again.`,
        yes: 'Yes, end them!',
      },
    },
    {
      label: 'Reset Password',
      action: 'update',
      severity: 'warning',
      run: (a) => accountsApi.resetPassword(a.id),
      notice: (answer) => (answer as { message: string }).message,
      confirm: {
        text: (a) => `${a.name} gets a new initial password, shown in this list, and is signed out on every device.`,
        yes: 'Yes, reset it!',
      },
    },
  ],
  form: {
    createTitle: 'Create Account',
    updateTitle: 'Update Account',
    fields: [
      { name: 'name', label: 'Name' },
      { name: 'email', label: 'Email', type: 'email', createOnly: true },
      { name: 'role', label: 'Role', type: 'select', loadOptions: assignableRoles },
      { name: 'project_id', label: 'Project', type: 'select', loadOptions: projectOptions, visible: inProject },
      {
        name: 'township_id',
        label: 'Township',
        type: 'select',
        loadOptions: townshipOptions,
        dependsOn: 'project_id',
        visible: inTownships,
        createOnly: true,
      },
      {
        name: 'township_ids',
        label: 'Townships',
        type: 'multiselect',
        loadOptions: townshipOptions,
        dependsOn: 'project_id',
        visible: inTownships,
        updateOnly: true,
      },
    ],
    schema: accountUpdateSchema,
    createSchema: accountCreateSchema,
    empty: { name: '', email: '', role: '', project_id: null, township_id: null } as unknown as AccountInput,
    toInput: (a) =>
      ({
        name: a.name,
        email: a.email,
        role: a.role,
        project_id: a.project?.id,
        township_ids: a.townships.map((t) => t.id),
      }) as AccountInput,
  },
};
