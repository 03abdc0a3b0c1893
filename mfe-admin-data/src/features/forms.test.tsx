import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getDefaultStore } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { CrudListPage, type CrudScreen } from '@vot/shared/lists';
import { userAtom, type SessionUser } from '@vot/shared/session';
import { accountScreen } from './accounts/account.screen';
import { districtScreen } from './districts/district.screen';
import { medicineScreen } from './medicines/medicine.screen';
import { projectScreen } from './projects/project.screen';
import { regionScreen } from './regions/region.screen';
import { townshipScreen } from './townships/township.screen';

// The API client is the seam (ARCHITECTURE.md §5): every resource answers from this table.
const TABLES: Record<string, { id: number; name: string }[]> = {
  projects: [{ id: 1, name: 'MDR-TB' }],
  townships: [{ id: 7, name: 'Hlaingthaya', abbreviation: 'HTY', region: { id: 1, name: 'Yangon' }, district: { id: 1, name: 'North Yangon' }, project: { id: 1, name: 'MDR-TB' } } as { id: number; name: string }],
  regions: [{ id: 1, name: 'Yangon' }],
  districts: [{ id: 1, name: 'North Yangon' }],
};
jest.mock('@vot/shared/api', () => {
  const actual = jest.requireActual('@vot/shared/api');
  const list = (path: string) => async () => ({ data: TABLES[path] ?? [], status: 'success', total: (TABLES[path] ?? []).length });
  return {
    ...actual,
    resource: (path: string) => ({ list: jest.fn(list(path)), show: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn() }),
    api: { ...actual.api, post: jest.fn(), update: jest.fn() },
  };
});

function signInAs(role: string) {
  getDefaultStore().set(userAtom, { id: 1, name: 'Tester', email: 't@vot.local', role, townships: [], project: null } as unknown as SessionUser);
}

async function openCreate(screenDef: CrudScreen<never, never>) {
  signInAs('MEAL and Digital Tool Officer');
  render(
    <MemoryRouter>
      <CrudListPage screen={screenDef} />
    </MemoryRouter>,
  );
  await userEvent.click(await screen.findByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

// SPEC.md §5 "Accounts and geography": each create dialog, saved empty, shows the spec's messages.
it.each([
  ['Region', regionScreen, ['Region Name is required!']],
  ['District', districtScreen, ['District Name is required!']],
  ['Project', projectScreen, ['Project Name is required!']],
  ['Medicine', medicineScreen, ['Medicine Name is required!']],
  ['Township', townshipScreen, ['Region is required!', 'District is required!', 'Project is required!', 'Township Name is required!', 'Township Acronym is required!']],
  ['Account', accountScreen, ['Name is required!', 'Email is required!', 'Role is required!']],
])('the %s dialog shows the spec messages when saved empty', async (_name, screenDef, messages) => {
  const dialog = await openCreate(screenDef as unknown as CrudScreen<never, never>);
  for (const message of messages) expect(await within(dialog).findByText(message)).toBeInTheDocument();
});

// jsdom cannot open PrimeReact's overlay (choosing is covered in Chromium by e2e/tests/accounts.spec.ts):
// the role is preset instead, and the dialog must ask for what that role needs.
const accountAs = (role: string) =>
  ({ ...accountScreen, form: { ...accountScreen.form, empty: { ...accountScreen.form.empty, role } } }) as unknown as CrudScreen<never, never>;

it('asks a Field Officer account for a project and a township', async () => {
  const dialog = await openCreate(accountAs('Field Officer'));
  expect(await within(dialog).findByText('Project is required!')).toBeInTheDocument();
  expect(within(dialog).getByText('Township is required!')).toBeInTheDocument();
});

it('asks a Programme Manager_MDR account for a project only', async () => {
  const dialog = await openCreate(accountAs('Programme Manager_MDR'));
  expect(await within(dialog).findByText('Project is required!')).toBeInTheDocument();
  expect(within(dialog).queryByText('Township is required!')).toBeNull();
});

it('asks a Data Assistant account for neither project nor township', async () => {
  const other = await openCreate(accountAs('Data Assistant'));
  await waitFor(() => expect(within(other).getByText('Name is required!')).toBeInTheDocument());
  expect(within(other).queryByText('Project', { exact: true })).toBeNull();
  expect(within(other).queryByText('Project is required!')).toBeNull();
});

it('the email input is of email type', async () => {
  const dialog = await openCreate(accountScreen as unknown as CrudScreen<never, never>);
  expect(within(dialog).getByLabelText('Email')).toHaveAttribute('type', 'email');
});
