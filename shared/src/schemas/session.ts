import * as yup from 'yup';
import { password, text } from './fields';
import { required } from './messages';

export const loginSchema = yup.object({
  email: text('Email').required(required('Email')).email('Email must be a valid email!'),
  password: password('Password').required(required('Password')),
});
export type LoginInput = yup.InferType<typeof loginSchema>;

/** The new password must differ from nothing in particular but must be long enough to resist guessing. */
export const PASSWORD_MIN_LENGTH = 8;

export const changePasswordSchema = yup.object({
  current_password: password('Current Password').required(required('Current Password')),
  new_password: password('New Password')
    .required(required('New Password'))
    .min(PASSWORD_MIN_LENGTH, `New Password must be at least ${PASSWORD_MIN_LENGTH} characters!`),
  new_password_confirmation: password('New Password Confirmation')
    .required(required('New Password Confirmation'))
    .oneOf([yup.ref('new_password')], 'New Password Confirmation does not match!'),
});
export type ChangePasswordInput = yup.InferType<typeof changePasswordSchema>;
