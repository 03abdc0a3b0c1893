import { render, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { ApiError, sessionApi } from '@vot/shared/api';
import { signOut, tokenAtom, userAtom, type SessionUser } from '@vot/shared/session';
import { aUser, fakeApi } from '@vot/shared/testing';
import { SessionGate } from './SessionGate';

const { fetchProfile } = fakeApi(sessionApi);
const store = getDefaultStore();

beforeEach(() => {
  fetchProfile.mockReset();
  signOut();
});

it('with the profile of the last visit, draws the page while GET user checks the session', async () => {
  store.set(tokenAtom, 'tok-1');
  store.set(userAtom, aUser('Field Officer'));
  let answer!: (u: SessionUser) => void;
  fetchProfile.mockReturnValue(new Promise((r) => (answer = r)));
  render(<SessionGate>the list</SessionGate>);
  // The page (and the data it asks for) does not wait for the check.
  expect(screen.getByText('the list')).toBeInTheDocument();
  expect(fetchProfile).toHaveBeenCalledTimes(1);
  answer({ ...aUser('Field Officer'), name: 'Checked' });
  await waitFor(() => expect(store.get(userAtom)?.name).toBe('Checked'));
});

it('without one, shows nothing of the page until the check answers', async () => {
  store.set(tokenAtom, 'tok-1');
  let answer!: (u: SessionUser) => void;
  fetchProfile.mockReturnValue(new Promise((r) => (answer = r)));
  render(<SessionGate>the list</SessionGate>);
  expect(screen.queryByText('the list')).toBeNull();
  answer(aUser('Field Officer'));
  expect(await screen.findByText('the list')).toBeInTheDocument();
});

it('a failed check without a profile offers a retry and keeps the token', async () => {
  store.set(tokenAtom, 'tok-1');
  fetchProfile.mockRejectedValueOnce(new ApiError('Something was wrong!', 0));
  render(<SessionGate>the list</SessionGate>);
  expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(store.get(tokenAtom)).toBe('tok-1');
});
