import * as yup from 'yup';
import type { NamedRecord } from './geography';
import { password, text } from './fields';
import { required } from './messages';

export const loginSchema = yup.object({
  email: text('Email').required(required('Email')).email('Email must be a valid email!'),
  password: password('Password').required(required('Password')),
});
export type LoginInput = yup.InferType<typeof loginSchema>;

/** What io-login answers: the bearer token, who signed in and their township. */
export interface SignedIn {
  name: string;
  email: string;
  role: string;
  township: NamedRecord | null;
  access_token: string;
  /** The password was an initial one: the console asks for a new one before anything else. */
  must_change_password: boolean;
  /** The account as GET user gives it, so the console draws its menu without a second round trip. */
  profile: Profile;
}

/** GET user: the signed-in account, its townships and project. */
export interface Profile {
  id: number;
  name: string;
  email: string;
  role: string;
  townships: NamedRecord[];
  project: NamedRecord | null;
  /** Signed in with an initial password: the API answers nothing but a password change until then. */
  must_change_password: boolean;
}

/** The new password must differ from nothing in particular but must be long enough to resist guessing. */
export const PASSWORD_MIN_LENGTH = 8;

export const changePasswordSchema = yup.object({
  current_password: password('Current Password').required(required('Current Password')),
  new_password: password('New Password')
    .required(required('New Password'))
    .min(PASSWORD_MIN_LENGTH, `New Password must be at least ${PASSWORD_MIN_LENGTH} characters!`)
    // The current one may be the initial password an account manager saw: a new one is the owner's own.
    .test(
      'not-current',
      'New Password must differ from the Current Password!',
      (value, { parent }) => !value || value !== parent.current_password,
    ),
  new_password_confirmation: password('New Password Confirmation')
    .required(required('New Password Confirmation'))
    .oneOf([yup.ref('new_password')], 'New Password Confirmation does not match!'),
});
export type ChangePasswordInput = yup.InferType<typeof changePasswordSchema>;

/** GET /health (no token): the API is up, and which database it runs on. */
export interface Health {
  status: 'ok';
  /** `pglite` or `postgres`. */
  database: string;
}
