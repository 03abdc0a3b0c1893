import { atom, getDefaultStore } from 'jotai';
import { TOKEN_STORAGE_KEY } from '../domain/constants';
import type { Role } from '../domain/roles';
import type { Profile } from '../schemas/session';

/**
 * Session state shared by the shell and every remote. jotai is a federated singleton, so the
 * default store below is the same object in every React root of the page.
 */
export interface SessionUser extends Omit<Profile, 'role' | 'must_change_password'> {
  role: Role;
  /** Signed in with an initial password (Profile): the API answers nothing but a password change until then. */
  must_change_password?: boolean;
}

export const store = getDefaultStore();

function readToken(): string | null {
  try {
    return globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null; // storage can be blocked (private mode); the session then lasts one page.
  }
}

export const tokenAtom = atom<string | null>(readToken());
export const userAtom = atom<SessionUser | null>(null);

export function getToken(): string | null {
  return store.get(tokenAtom);
}

export function signIn(token: string, user: SessionUser | null = null): void {
  try {
    globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    /* see readToken */
  }
  store.set(tokenAtom, token);
  store.set(userAtom, user);
}

export function setUser(user: SessionUser | null): void {
  store.set(userAtom, user);
}

export function signOut(): void {
  try {
    globalThis.localStorage?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    /* see readToken */
  }
  store.set(tokenAtom, null);
  store.set(userAtom, null);
}

export * from './notices';
