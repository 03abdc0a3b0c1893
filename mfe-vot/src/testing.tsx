// Test helpers of this remote's screens (not a test file itself): who is signed in, the notices,
// the routes, PrimeReact selects and downloads.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Role } from '@vot/shared/domain';
import type { Patient } from '@vot/shared/schemas';
import { noticesAtom, userAtom, type SessionUser } from '@vot/shared/session';

export const HLAINGTHAYA = { id: 7, name: 'Hlaingthaya', abbreviation: 'HTY' };

export function signInAs(role: Role, townships: { id: number; name: string }[] = []) {
  getDefaultStore().set(userAtom, { id: 1, name: 'Tester', email: 't@vot.local', role, townships, project: null } satisfies SessionUser);
}

export const notices = () => getDefaultStore().get(noticesAtom).map((n) => n.text);
export const clearNotices = () => getDefaultStore().set(noticesAtom, []);
export const listOf = <T,>(rows: T[]) => ({ data: rows, status: 'success' as const, total: rows.length });

/** Renders the remote's routes given, at `url`. */
export function renderRoutes(routes: Record<string, ComponentType>, url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        {Object.entries(routes).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
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

/** Chooses `option` in the PrimeReact select labelled `label` (jsdom keeps its overlay "hidden" to queries). */
export async function choose(label: string, option: string): Promise<void> {
  await userEvent.click(screen.getByLabelText(label).closest('.p-dropdown')!);
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
  await waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());
}

/** A VOT patient of Hlaingthaya (only the fields the VOT pages read are meaningful). */
export function aPatient(overrides: Partial<Patient> = {}): Patient {
  return {
    id: 5,
    name: 'Daw Hla',
    township: HLAINGTHAYA,
    treatment_start_date: '2026-01-01',
    VOT_eligible: 'Yes',
    VOT_accept: 'Yes',
    DOT_start_date: '2026-01-10',
    DOT_end_date: null,
    pure_or_hybrid: 'Pure',
    volunteer: { id: 4, name: 'Daw Aye' },
    type: 'App',
    DOTs: 0,
    ...overrides,
  } as Patient;
}
