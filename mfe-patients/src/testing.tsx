// Test helpers of this remote's screens (not a test file itself): who is signed in, the notices,
// the routes, PrimeReact selects and downloads, and a patient.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Role } from '@vot/shared/domain';
import type { Patient } from '@vot/shared/schemas';
import { noticesAtom, userAtom, type SessionUser } from '@vot/shared/session';

export const HLAINGTHAYA = { id: 7, name: 'Hlaingthaya', abbreviation: 'HTY' };
export const INSEIN = { id: 3, name: 'Insein', abbreviation: 'ISN' };

export function signInAs(role: Role, townships: { id: number; name: string }[] = []) {
  getDefaultStore().set(userAtom, { id: 1, name: 'Tester', email: 't@vot.local', role, townships, project: null } satisfies SessionUser);
}

export const notices = () => getDefaultStore().get(noticesAtom).map((n) => n.text);
export const clearNotices = () => getDefaultStore().set(noticesAtom, []);

/** Daw Mya Mya of Hlaingthaya, registered with an SP code, nothing decided yet. */
export function aPatient(overrides: Partial<Patient> = {}): Patient {
  return {
    id: 21,
    year: 2025,
    SP_code: 'SP-0021',
    name: 'Daw Mya Mya',
    code: 'HTY-P0021',
    plain_password: 'p4Tq8wZx',
    township: HLAINGTHAYA,
    recover_township: null,
    RR_code: 'LAB-77',
    DRTB_code: null,
    unique_id: 'HTY-DR-021',
    dot_patient_id_gf: null,
    presumptive_TB_number: null,
    age: 41,
    sex: 'Female',
    TB_status: null,
    VOT_eligible: null,
    VOT_accept: null,
    DOT_start_date: null,
    DOT_end_date: null,
    pure_or_hybrid: null,
    status: 1,
    DOB: '1984-03-02',
    treatment_start_date: '2025-01-10',
    treatment_regimen: '1. LTR',
    treatment_regimen_other: null,
    patient_address: 'No. 4, Thitsar Road',
    patient_phone_no: '09420000021',
    contact_info: 'U Hla (husband)',
    contact_phone_no: '09420000022',
    primary_language: 'Burmese',
    secondary_language: null,
    height: 160,
    weight: 55,
    BMI: 21.5,
    household_contacts: [{ name: 'U Hla', age: 45 }],
    report_period: null,
    treatment_status: null,
    TB_DRTB_code: null,
    defined_TB_type: null,
    defined_TB_type_other: null,
    type_of_TB_patient: null,
    smoking_status: null,
    DM_status: null,
    HIV_test: null,
    HIV_test_date: null,
    HIV_result: null,
    CPT_status: null,
    CPT_date: null,
    ART_status: null,
    ART_date: null,
    treatment_outcome: null,
    treatment_outcome_date: null,
    remark: null,
    VOT_not_eligible_reason: null,
    VOT_not_accept_reason: null,
    VOT_not_accept_reason_other: null,
    investigations: {},
    DOTs: 0,
    TO_status: null,
    TO_year: null,
    TO_date: null,
    TO_RR_code: null,
    TO_DRTB_code: null,
    TO_township: null,
    VDOT_end_date: null,
    VDOT_end_type: null,
    VDOT_end_remark: null,
    type: null,
    volunteer: null,
    treatment_finished: null,
    treatment_finished_date: null,
    outcome: null,
    outcome_date: null,
    created_at: '2025-01-10T03:00:00.000Z',
    updated_at: '2025-01-10T03:00:00.000Z',
    ...overrides,
  };
}

/** GET patients/{id} and every update answer the patient so. */
export const itemOf = <T,>(data: T) => ({ data, status: 'success' as const });

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
