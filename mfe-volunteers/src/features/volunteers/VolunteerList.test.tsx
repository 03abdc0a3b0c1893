import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sheetRows, townshipsApi } from '@vot/shared/lists';
import type { Role } from '@vot/shared/domain';
import { volunteersApi } from './volunteer.api';
import { volunteerExport } from './volunteer.screen';
import VolunteerList from './VolunteerList';
import {
  aVolunteer,
  clearNotices,
  fakeApi,
  listOf,
  notices,
  recordDownloads,
  renderRoutes,
  signInAs,
} from '@vot/shared/testing';
import { HLAINGTHAYA, INSEIN } from '../../test-data';
import type { VolunteerExportRow } from '@vot/shared/schemas';

const LIST = '/admin/volunteer-list';

const exportRow: VolunteerExportRow = {
  name: 'Daw Aye Aye',
  code: 'HTY-V0003',
  plain_password: 'k7P9qw2X',
  gender: 'Female',
  age: 34,
  address: 'No. 12, Bo Aung Kyaw Street',
  phone: '09420000001, 09420000002',
  email: null,
  education_status: 'Secondary',
  township: 'Hlaingthaya',
  past_history_of_TB: 'No',
  previous_volunteer_experience: null,
  remark: null,
};

beforeEach(() => {
  clearNotices();
  fakeApi(volunteersApi).list.mockResolvedValue(
    listOf([aVolunteer(), aVolunteer({ id: 4, name: 'U Ba', township: INSEIN, code: 'ISN-V0004' })]),
  );
  fakeApi(townshipsApi).list.mockResolvedValue(listOf([INSEIN, HLAINGTHAYA]));
  fakeApi(volunteersApi).exportRows.mockResolvedValue({ data: [exportRow], status: 'success' });
});
afterEach(() => jest.restoreAllMocks());

// PrimeReact labels both the dropdown's input and its trigger.
const townshipFilter = () => within(screen.getByRole('search')).queryAllByLabelText('Township')[0] ?? null;

async function openList(role: Role, url = LIST) {
  signInAs(role, role === 'Field Officer' ? [HLAINGTHAYA] : []);
  renderRoutes({ [LIST]: VolunteerList }, url);
  return (await screen.findByRole('cell', { name: 'U Ba' })).closest('tr')!;
}

it('lists volunteers with their code, township and a Detail button', async () => {
  const row = await openList('MEAL Associate');
  expect(screen.getByRole('heading', { name: 'Volunteer List' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  for (const header of [
    'ID',
    'Code',
    'Name',
    'Gender',
    'Age',
    'Phone',
    'Township',
    'Education',
    'Occupation',
    'Action',
  ]) {
    expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
  }
  expect(within(row).getByRole('cell', { name: 'ISN-V0004' })).toBeInTheDocument();
  expect(within(row).getByRole('cell', { name: 'Insein' })).toBeInTheDocument();
  expect(within(row).getByRole('button', { name: 'Detail' })).toBeInTheDocument();
  // Update and Delete live in the detail.
  expect(within(row).queryByRole('button', { name: 'Update' })).toBeNull();
  expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
});

it('shows a MEAL officer the township filter and applies it from the URL', async () => {
  await openList('MEAL and Digital Tool Officer', `${LIST}?township_id=7&page=2`);
  expect(townshipFilter()).toBeInTheDocument();
  await waitFor(() => expect(townshipFilter()).toHaveValue('Hlaingthaya'));
  expect(volunteersApi.list).toHaveBeenLastCalledWith({ township_id: '7', page: 2 }, expect.anything());
  expect(townshipsApi.list).toHaveBeenCalled();
});

it('hides the township filter from a Field Officer, does not apply one from the URL, and loads no townships', async () => {
  await openList('Field Officer', `${LIST}?township_id=3`);
  expect(townshipFilter()).toBeNull();
  expect(volunteersApi.list).toHaveBeenLastCalledWith({ page: 1 }, expect.anything());
  expect(townshipsApi.list).not.toHaveBeenCalled();
});

it.each<[Role, string[], string[]]>([
  ['MEAL Associate', ['New', 'Export', 'Detail'], []],
  ['Field Officer', ['New', 'Export', 'Detail'], []],
  ['Data Assistant', ['New', 'Export', 'Detail'], []],
  ['Project Officer', ['Export', 'Detail'], ['New']],
  ['Programme Director', ['Export', 'Detail'], ['New']],
])('shows a %s the buttons of their role', async (role, shown, hidden) => {
  await openList(role);
  for (const name of shown) expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(0);
  for (const name of hidden) expect(screen.queryByRole('button', { name })).toBeNull();
});

it('exports the filtered volunteers to Volunteers-<township>.xlsx', async () => {
  const downloads = recordDownloads();
  await openList('MEAL Associate', `${LIST}?township_id=7`);
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
  expect(volunteersApi.exportRows).toHaveBeenCalledWith({ township_id: '7' });
  expect(downloads[0]!.name).toBe('Volunteers-Hlaingthaya.xlsx');
}, 15_000);

it("exports a Field Officer's volunteers to Volunteers.xlsx", async () => {
  const downloads = recordDownloads();
  await openList('Field Officer');
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
  expect(volunteersApi.exportRows).toHaveBeenCalledWith({});
  expect(downloads[0]!.name).toBe('Volunteers.xlsx');
}, 15_000);

it("says 'Please try again!' when the export fails", async () => {
  jest.mocked(volunteersApi.exportRows).mockRejectedValue(new Error('offline'));
  await openList('MEAL Associate');
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(notices()).toEqual(['Please try again!']));
});

it('writes the columns of the export call, one row per volunteer', () => {
  expect(sheetRows(volunteerExport.columns, [exportRow])).toEqual([
    [
      'Name',
      'Code',
      'Password',
      'Gender',
      'Age',
      'Address',
      'Phone',
      'Email',
      'Education Status',
      'Township',
      'Past History of TB',
      'Previous Volunteer Experience',
      'Remark',
    ],
    [
      'Daw Aye Aye',
      'HTY-V0003',
      'k7P9qw2X',
      'Female',
      34,
      'No. 12, Bo Aung Kyaw Street',
      '09420000001, 09420000002',
      '',
      'Secondary',
      'Hlaingthaya',
      'No',
      '',
      '',
    ],
  ]);
});

it('names the export from its rows, without asking for the townships again', async () => {
  const downloads = recordDownloads();
  await openList('MEAL Associate', `${LIST}?township_id=7`);
  await waitFor(() => expect(townshipsApi.list).toHaveBeenCalled());
  const calls = jest.mocked(townshipsApi.list).mock.calls.length;
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
  expect(downloads[0]!.name).toBe('Volunteers-Hlaingthaya.xlsx');
  expect(townshipsApi.list).toHaveBeenCalledTimes(calls);
}, 15_000);
