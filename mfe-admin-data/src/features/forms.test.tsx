import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CrudListPage, townshipsApi, type CrudScreen } from '@vot/shared/lists';
import { fakeApi, listOf, signInAs } from '@vot/shared/testing';
import { accountsApi } from './accounts/account.api';
import { accountScreen } from './accounts/account.screen';
import { districtsApi } from './districts/district.api';
import { districtScreen } from './districts/district.screen';
import { medicinesApi } from './medicines/medicine.api';
import { medicineScreen } from './medicines/medicine.screen';
import { projectsApi } from './projects/project.api';
import { projectScreen } from './projects/project.screen';
import { regionsApi } from './regions/region.api';
import { regionScreen } from './regions/region.screen';
import { townshipScreen } from './townships/township.screen';

// The API objects are the seam (ARCHITECTURE.md §5): each list answers these rows, nothing is saved.
const MDR = { id: 1, name: 'MDR-TB' };
const YANGON = { id: 1, name: 'Yangon' };
const NORTH_YANGON = { id: 1, name: 'North Yangon' };
fakeApi(projectsApi).list.mockResolvedValue(listOf([{ ...MDR, abbreviation: null }]));
fakeApi(regionsApi).list.mockResolvedValue(listOf([YANGON]));
fakeApi(districtsApi).list.mockResolvedValue(listOf([NORTH_YANGON]));
fakeApi(medicinesApi).list.mockResolvedValue(listOf([]));
fakeApi(townshipsApi).list.mockResolvedValue(
  listOf([{ id: 7, name: 'Hlaingthaya', abbreviation: 'HTY', region: YANGON, district: NORTH_YANGON, project: MDR }]),
);
fakeApi(accountsApi).list.mockResolvedValue(listOf([]));

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
  [
    'Township',
    townshipScreen,
    [
      'Region is required!',
      'District is required!',
      'Project is required!',
      'Township Name is required!',
      'Township Acronym is required!',
    ],
  ],
  ['Account', accountScreen, ['Name is required!', 'Email is required!', 'Role is required!']],
])('the %s dialog shows the spec messages when saved empty', async (_name, screenDef, messages) => {
  const dialog = await openCreate(screenDef as unknown as CrudScreen<never, never>);
  for (const message of messages) expect(await within(dialog).findByText(message)).toBeInTheDocument();
});

// jsdom cannot open PrimeReact's overlay (choosing is covered in Chromium by e2e/tests/accounts.spec.ts):
// the role is preset instead, and the dialog must ask for what that role needs.
const accountAs = (role: string) =>
  ({
    ...accountScreen,
    form: { ...accountScreen.form, empty: { ...accountScreen.form.empty, role } },
  }) as unknown as CrudScreen<never, never>;

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
