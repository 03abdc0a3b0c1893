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

/**
 * The signed-in user's profile is kept beside the token, so a returning visit draws its page and
 * asks for its data while GET user checks the session, instead of one after the other (a round
 * trip on a township link). The API checks every call anyway; a 401 signs out and forgets both.
 */
const USER_STORAGE_KEY = `${TOKEN_STORAGE_KEY}-user`;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null; // storage can be blocked (private mode); the session then lasts one page.
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    /* see read */
  }
}

function readUser(): SessionUser | null {
  const text = read(USER_STORAGE_KEY);
  if (!text || !read(TOKEN_STORAGE_KEY)) return null;
  try {
    const user = JSON.parse(text) as SessionUser | null;
    return user && typeof user === 'object' && typeof user.role === 'string' ? user : null;
  } catch {
    return null;
  }
}

export const tokenAtom = atom<string | null>(read(TOKEN_STORAGE_KEY));
export const userAtom = atom<SessionUser | null>(readUser());

export function getToken(): string | null {
  return store.get(tokenAtom);
}

export function signIn(token: string, user: SessionUser | null = null): void {
  write(TOKEN_STORAGE_KEY, token);
  store.set(tokenAtom, token);
  setUser(user);
}

export function setUser(user: SessionUser | null): void {
  write(USER_STORAGE_KEY, user && JSON.stringify(user));
  store.set(userAtom, user);
}

/** Forgets the token and the user's profile: nothing of the session outlives it. */
export function signOut(): void {
  write(TOKEN_STORAGE_KEY, null);
  write(USER_STORAGE_KEY, null);
  store.set(tokenAtom, null);
  store.set(userAtom, null);
}

export * from './notices';
