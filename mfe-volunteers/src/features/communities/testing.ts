import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { noticesAtom, userAtom, type SessionUser } from '@vot/shared/session';

/** Test helpers of this remote's screens (handouts use them too): who is signed in, the notices, picking an option. */

export function signInAs(role: string): void {
  getDefaultStore().set(userAtom, { id: 1, name: 'Tester', email: 't@vot.local', role, townships: [], project: null } as unknown as SessionUser);
}

export const notices = () => getDefaultStore().get(noticesAtom).map((n) => n.text);
export const clearNotices = () => getDefaultStore().set(noticesAtom, []);

/** Opens the PrimeReact select labelled `label` and names its options (jsdom keeps its overlay "hidden" to queries). */
export async function openSelect(label: string): Promise<string[]> {
  await userEvent.click(screen.getByLabelText(label).closest('.p-dropdown')!);
  const options = await screen.findAllByRole('option', { hidden: true });
  return options.filter((o) => o.closest('.p-dropdown-panel')).map((o) => o.getAttribute('aria-label') ?? '');
}

/** Closes the open select and waits for its overlay to leave, so the next one's options are its own. */
export async function closeSelect(): Promise<void> {
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());
}

export async function choose(label: string, option: string): Promise<void> {
  await openSelect(label);
  await userEvent.click(screen.getByRole('option', { name: option, hidden: true }));
  await waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());
}
