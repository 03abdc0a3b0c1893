// The schemas' own file, not their index: the sign-in page loads these and nothing more.
import { changePasswordSchema, loginSchema, type Profile, type SignedIn } from '../schemas/session';
import { message, sessionOperation, whole } from './operation';

/** A staff session's own calls (SPEC.md §7 "Session and accounts"; decision 0197): no role is refused them. */
export const SESSION_OPERATIONS = {
  signIn: sessionOperation({
    method: 'POST',
    path: '/io-login',
    caller: 'anyone',
    summary: 'Staff sign-in: a bearer token, the role and township',
    body: loginSchema,
    refusals: [401, 429, 503],
    answer: whole<SignedIn>('SignedIn'),
  }),
  signOut: sessionOperation({
    method: 'GET',
    path: '/logout',
    caller: 'signed-in',
    initialPassword: true,
    signsOut: true,
    summary: 'Sign out (the token stops working)',
    answer: message('You have been signed out.'),
  }),
  profile: sessionOperation({
    method: 'GET',
    path: '/user',
    caller: 'signed-in',
    initialPassword: true,
    summary: 'The signed-in account, its townships and project',
    answer: whole<Profile>('Profile'),
  }),
  changePassword: sessionOperation({
    method: 'POST',
    path: '/io-change-password',
    caller: 'signed-in',
    initialPassword: true,
    summary: 'Change the own password (other sessions are signed out)',
    body: changePasswordSchema,
    refusals: [429, 503],
    answer: message('Password has been changed successfully!'),
  }),
};
