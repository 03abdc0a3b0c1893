import * as yup from 'yup';
import type { NamedRecord } from './geography';
import { PROJECT_BOUND_ROLES, ROLES, TOWNSHIP_BOUND_ROLES } from '../domain/roles';
import { text } from './fields';
import { ID_LIST_MAX, choiceFilter, searchFilter } from './filters';
import { required } from './messages';

const email = () =>
  text('Email')
    .lowercase()
    .required(required('Email'))
    .email('Email must be a valid email!')
    .max(255, 'Email is too long!');
const name = () => text('Name').required(required('Name')).max(255, 'Name is too long!');
const role = () =>
  yup
    .string()
    .required(required('Role'))
    .oneOf([...ROLES], required('Role'));
const optionalId = () =>
  yup
    .number()
    .transform((v: number, raw: unknown) => (raw === '' || raw === null ? undefined : v))
    .integer()
    .positive();

const needsProject = (r: unknown) => (PROJECT_BOUND_ROLES as readonly unknown[]).includes(r);
const needsTownship = (r: unknown) => (TOWNSHIP_BOUND_ROLES as readonly unknown[]).includes(r);

/** io-register (SPEC.md §5): a project for Field Officer and Programme Manager_MDR, a township for Field Officer. */
export const accountCreateSchema = yup.object({
  name: name(),
  email: email(),
  role: role(),
  project_id: optionalId().when('role', { is: needsProject, then: (s) => s.required(required('Project')) }),
  township_id: optionalId().when('role', { is: needsTownship, then: (s) => s.required(required('Township')) }),
});
export type AccountCreateInput = yup.InferType<typeof accountCreateSchema>;

/** Update Account: a Field Officer may work in several townships of the project. */
export const accountUpdateSchema = yup.object({
  name: name(),
  role: role(),
  project_id: optionalId().when('role', { is: needsProject, then: (s) => s.required(required('Project')) }),
  township_ids: yup
    .array(yup.number().integer().positive().required())
    .max(ID_LIST_MAX, `At most ${ID_LIST_MAX} townships!`)
    .default([])
    .when('role', { is: needsTownship, then: (s) => s.min(1, required('Township')) }),
});
export type AccountUpdateInput = yup.InferType<typeof accountUpdateSchema>;

export const accountEmailSchema = yup.object({ email: email() });

/** GET users' query: an email's text and a role. */
export const accountFilterSchema = yup.object({
  email: searchFilter('Email'),
  role: choiceFilter(ROLES, 'Role is required!'),
});
export type AccountEmailInput = yup.InferType<typeof accountEmailSchema>;

/** An account as the API answers it (GET users, users/:id, io-register). */
export interface Account {
  id: number;
  name: string;
  email: string;
  /** The generated initial password while the owner has not changed it, to whom may see it; else null. */
  plain_password: string | null;
  role: string;
  /** The township the account was registered with; a Field Officer works in all of `townships`. */
  township: NamedRecord | null;
  townships: NamedRecord[];
  project: NamedRecord | null;
}

/** POST users/{id}/end-sessions: how many sessions of the account were ended, and the notice. */
export interface SessionsEnded {
  message: string;
  ended: number;
}
