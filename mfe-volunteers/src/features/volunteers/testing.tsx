// Test helpers of the volunteer screens (not a test file itself).
import { render } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Role } from '@vot/shared/domain';
import { noticesAtom, userAtom, type SessionUser } from '@vot/shared/session';
import type { Volunteer } from './volunteer.api';

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

export const listOf = <T,>(rows: T[]) => ({ data: rows, status: 'success' as const, total: rows.length });

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}

/** Renders the remote's routes given, at `url`, with the current URL in data-testid="where". */
export function renderRoutes(routes: Record<string, ComponentType>, url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
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
