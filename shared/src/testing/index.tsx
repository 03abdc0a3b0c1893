// @vot/shared/testing: what the console's jest tests share (the shell's, the remotes', the kit's):
// who is signed in, the notices, the API fakes, the routes, PrimeReact selects and downloads.
// Test code only: eslint refuses an import of it from anything but a test or test helper, and the
// webpack builds never share it (ARCHITECTURE.md §5: mock the API client, nothing deeper).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { ItemResponse, ListResponse, MessageResponse } from '@vot/shared/api';
import type { Role } from '@vot/shared/domain';
import type { Township, Volunteer } from '@vot/shared/schemas';
import { noticesAtom, store, userAtom, type SessionUser } from '@vot/shared/session';

export * from './records';

/** A signed-in user of the role (a SessionUser as the API answers it), with the townships given. */
export function aUser(
  role: Role,
  townships: { id: number; name: string }[] = [],
  overrides: Partial<SessionUser> = {},
): SessionUser {
  return { id: 1, name: 'Tester', email: 't@vot.local', role, townships, project: null, ...overrides };
}

/** Signs in a user of the role for what renders next (the session atom, as a sign-in would). */
export function signInAs(role: Role, townships: { id: number; name: string }[] = []): SessionUser {
  const user = aUser(role, townships);
  store.set(userAtom, user);
  return user;
}

export const signOutAll = () => store.set(userAtom, null);

/** The texts of the notices shown so far. */
export const notices = () => store.get(noticesAtom).map((n) => n.text);
export const clearNotices = () => store.set(noticesAtom, []);

/*
 * API fakes, one style: fake the API object a screen calls (a feature's `<entity>.api.ts`, or
 * townshipsApi of @vot/shared/lists) with `fakeApi`, then answer each call with the shapes below;
 * no jest.mock of a module, no fake deeper than the API object (ARCHITECTURE.md §5).
 */

/**
 * Replaces every call of an API object with a jest mock answering nothing (undefined) until the
 * test says what it answers: `const api = fakeApi(volunteersApi); api.list.mockResolvedValue(listOf(rows))`.
 * Faking the same object twice gives the same mocks.
 */
export function fakeApi<T extends object>(api: T): jest.MaybeMocked<T> {
  const calls = api as Record<string, unknown>;
  for (const key of Object.keys(calls)) {
    if (typeof calls[key] === 'function' && !jest.isMockFunction(calls[key])) {
      jest.spyOn(calls as Record<string, () => unknown>, key).mockReturnValue(undefined);
    }
  }
  return jest.mocked(api, { shallow: true });
}

/** A township as GET townships answers it (every remote's fixtures are in Yangon's North Yangon district, project MDR-TB). */
export const aTownship = (id: number, name: string, abbreviation: string): Township => ({
  id,
  name,
  abbreviation,
  region: { id: 1, name: 'Yangon' },
  district: { id: 1, name: 'North Yangon' },
  project: { id: 1, name: 'MDR-TB' },
});

/** A volunteer as GET volunteers answers it: Daw Aye Aye of Hlaingthaya unless told otherwise. */
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
    township: aTownship(7, 'Hlaingthaya', 'HTY'),
    recover_township: null,
    past_history_of_TB: 'No',
    previous_volunteer_experience: null,
    remark: null,
    volunteer_id_gf: null,
    status: 1,
    ...overrides,
  };
}

/** A list answer of SPEC.md §7: `{ data, status, total }`. */
export const listOf = <T,>(rows: T[], total = rows.length): ListResponse<T> => ({
  data: rows,
  status: 'success',
  total,
});
/** A record answer: `{ data, status }`. */
export const itemOf = <T,>(data: T): ItemResponse<T> => ({ data, status: 'success' });
/** A delete's or an action's answer: `{ message }`. */
export const messageOf = (message: string): MessageResponse => ({ message });
/** A record changed, answered with its notice (`updated<T>` of a declaration). */
export const updatedOf = <T,>(data: T, message = 'ok'): ItemResponse<T> & { message: string } => ({
  data,
  status: 'success',
  message,
});
/** A deletion answered with its notice (`removed` of a declaration). */
export const removedOf = (message: string) => ({ data: null, status: 'success' as const, message });

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}

/**
 * Renders the routes given, at `url`, with the current URL in data-testid="where"; `from` is a
 * page visited before, so going back has somewhere to go.
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

/** The bytes of a downloaded file (jsdom's Blob has no arrayBuffer()). */
export function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** A downloaded .xlsx opened with exceljs (the kit's own copy), to check its cells, merges and panes. */
export async function openWorkbook(blob: Blob) {
  const { Workbook } = await import('exceljs');
  const book = new Workbook();
  await book.xlsx.load(await bytesOf(blob));
  return book;
}

/** Opens the PrimeReact select labelled `label` and names its options (jsdom keeps its overlay "hidden" to queries). */
export async function openSelect(label: string): Promise<string[]> {
  // The input only: a tab or a form may carry the same name ('VOT Eligible').
  await userEvent.click(screen.getByLabelText(label, { selector: 'input' }).closest('.p-dropdown')!);
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
  // The open panel's option: a chosen select keeps a hidden <option> of its value too.
  const panel = document.querySelector<HTMLElement>('.p-dropdown-panel')!;
  await userEvent.click(within(panel).getByRole('option', { name: option, hidden: true }));
  await waitFor(() => expect(document.querySelector('.p-dropdown-panel')).toBeNull());
}

/**
 * Sets the clock (Date only: timers, promises and animation frames stay real, so the screen and
 * testing-library run as usual) until `jest.useRealTimers()`: for choices that follow the calendar.
 */
export function fakeClock(now: Date): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'setImmediate',
      'clearImmediate',
      'nextTick',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'hrtime',
      'performance',
    ],
  });
}
