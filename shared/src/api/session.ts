import type { LoginInput, ChangePasswordInput, SignedIn } from '../schemas';
import type { SessionUser } from '../session';
import { signIn, signOut, setUser } from '@vot/shared/session';
import { SESSION_OPERATIONS } from '../operations/session';
import { call } from './call';
import type { MessageResponse } from './client';

/** What io-login answers (declared beside its schema). */
export type LoginResponse = SignedIn;

async function login(input: LoginInput): Promise<SessionUser> {
  const res = await call(SESSION_OPERATIONS.signIn, { body: input }, { quiet: true });
  signIn(res.access_token);
  // The answer carries the profile, so the menu needs no second round trip (decision 0195).
  const user = res.profile as SessionUser;
  setUser(user);
  return user;
}

/** Logout tells the server first, then forgets the token whatever the server said. */
async function logout(): Promise<void> {
  try {
    await call(SESSION_OPERATIONS.signOut, {}, { quiet: true });
  } finally {
    signOut();
  }
}

function fetchProfile(): Promise<SessionUser> {
  return call(SESSION_OPERATIONS.profile, {}, { quiet: true }) as Promise<SessionUser>;
}

function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return call(SESSION_OPERATIONS.changePassword, { body: input }, { quiet: true });
}

/** The session's calls, one object (as a feature's `<entity>.api.ts`), so a test fakes them like any API. */
export const sessionApi = { login, logout, fetchProfile, changePassword };
