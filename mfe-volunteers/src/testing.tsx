// Test helpers of this remote's screens (not a test file itself): who is signed in, the notices,
// the routes, PrimeReact selects and downloads.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Role } from '@vot/shared/domain';
import { noticesAtom, userAtom, type SessionUser } from '@vot/shared/session';
import type { Community } from './features/communities/community.api';
import type { Volunteer } from './features/volunteers/volunteer.api';

export const HLAINGTHAYA = { id: 7, name: 'Hlaingthaya', abbreviation: 'HTY' };
export const INSEIN = { id: 3, name: 'Insein', abbreviation: 'ISN' };

export function signInAs(role: Role, townships: { id: number; name: string }[] = []) {
  getDefaultStore().set(userAtom, { id: 1, name: 'Tester', email: 't@vot.local', role, townships, project: null } satisfies SessionUser);
}

export const notices = () => getDefaultStore().get(noticesAtom).map((n) => n.text);
export const clearNotices = () => getDefaultStore().set(noticesAtom, []);

export function aVolunteer(overrides: Partial<Volunteer> = {}): Volunteer {
  return {
    id: 3,
    name: 'Daw Aye Aye',
    gender: 'Female',
    age: 34,
    address: 'No. 12, Bo Aung Kyaw Street',
    phone1: '09420000001',
    phone2: null,
    email: null,
    code: 'HTY-V0003',
    plain_password: 'k7P9qw2X',
    both_mdr_and_picts: 1,
    education_status: 'Secondary',
    occupation: 'CHW',
    township: HLAINGTHAYA,
    recover_township: null,
    past_history_of_TB: 'No',
    previous_volunteer_experience: null,
    remark: null,
    volunteer_id_gf: null,
    status: 1,
    ...overrides,
  };
}

/** A community activity of U Ba in Hlaingthaya with two referral rows (7 people referred). */
export function anActivity(overrides: Partial<Community> = {}): Community {
  return {
    id: 7,
    volunteer: { id: 2, name: 'U Ba', township: { id: 5, name: 'Hlaingthaya' } },
    date: '2024-04-12',
    referral: 1,
    referrals: [
      { place: 'Township Hospital', male: 2, female: 1, total: 3 },
      { place: 'Private Clinic (PPM)', male: 0, female: 4, total: 4 },
    ],
    ...overrides,
  };
}

export const listOf = <T,>(rows: T[]) => ({ data: rows, status: 'success' as const, total: rows.length });

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}

/**
 * Renders the remote's routes given, at `url`, with the current URL in data-testid="where";
 * `from` is a page visited before, so going back has somewhere to go.
 */
export function renderRoutes(routes: Record<string, ComponentType>, url: string, from?: string) {
  const entries = from ? [from, url] : [url];
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        {Object.entries(routes).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

/** jsdom neither makes object URLs nor downloads: collect the files a page would save. */
export function recordDownloads(): { name: string; blob: Blob }[] {
  const downloads: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = jest.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
  });
  return downloads;
}

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
