import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COLOURS } from '@vot/shared/domain';
import { TB_ROW_CLASS, sheetRows, townshipsApi } from '@vot/shared/lists';
import { HYBRID_LIST, PURE_VOT_CHOOSER, PURE_WITH_VOLUNTEER_LIST } from '../../routes';
import { fakeApi, listOf, recordDownloads, renderRoutes, signInAs } from '@vot/shared/testing';
import { HLAINGTHAYA, aVotListRow } from '../../test-data';
import PureVotChooser from './PureVotChooser';
import { patientListsApi } from './patient-lists.api';
import { VOT_STATUS_SCREENS } from './vot-status.screen';
import VotStatusList from './VotStatusList';

const row = aVotListRow;

const ROUTES = {
  [PURE_VOT_CHOOSER]: PureVotChooser,
  [PURE_WITH_VOLUNTEER_LIST]: () => <VotStatusList kind="pureWithVolunteer" />,
  [HYBRID_LIST]: () => <VotStatusList kind="hybrid" />,
};

beforeEach(() => {
  fakeApi(patientListsApi).list.mockResolvedValue(
    listOf([row({}), row({ id: 12, name: 'U Mya', DOT_end_date: '2026-06-01' })]),
  );
  fakeApi(patientListsApi).exportRows.mockResolvedValue({ data: [] });
  // The township filter's choices, for roles not bound to townships.
  fakeApi(townshipsApi).list.mockResolvedValue(listOf([HLAINGTHAYA]));
});
afterEach(() => jest.restoreAllMocks());

it('the chooser offers the two pure lists as cards', async () => {
  signInAs('Data Assistant');
  renderRoutes(ROUTES, PURE_VOT_CHOOSER);
  await userEvent.click(await screen.findByText('Pure VOT Patients With Volunteer'));
  expect(await screen.findByRole('heading', { name: 'Pure VOT Patients With Volunteer' })).toBeInTheDocument();
  await waitFor(() =>
    expect(patientListsApi.list).toHaveBeenCalledWith(
      { DOT_with_volunteer: 'true', pure_or_hybrid: 'Pure', page: 1 },
      expect.anything(),
    ),
  );
});

it('the hybrid list adds DOT Patient ID (GF); the ID is blue once VOT has ended, red before', async () => {
  signInAs('Data Assistant');
  renderRoutes(ROUTES, HYBRID_LIST);
  expect(await screen.findByRole('columnheader', { name: 'DOT Patient ID (GF)' })).toBeInTheDocument();
  const ids = document.querySelectorAll('.vot-patient-id');
  expect([...ids].map((e) => [e.textContent, e.getAttribute('data-colour')])).toEqual([
    ['11', COLOURS.red],
    ['12', COLOURS.blue],
  ]);
  expect(patientListsApi.list).toHaveBeenCalledWith(
    { DOT_with_volunteer: 'true', pure_or_hybrid: 'Hybrid', page: 1 },
    expect.anything(),
  );
});

it('TB and DRTB rows are highlighted as in the patient lists', async () => {
  fakeApi(patientListsApi).list.mockResolvedValue(
    listOf([
      row({}),
      row({ id: 12, name: 'U Mya', TB_status: 'No TB' }),
      row({ id: 13, name: 'Ma Khin', TB_status: null }),
    ]),
  );
  signInAs('Data Assistant');
  renderRoutes(ROUTES, PURE_WITH_VOLUNTEER_LIST);
  const highlighted = (name: string) =>
    screen.getByRole('cell', { name }).closest('tr')!.classList.contains(TB_ROW_CLASS);
  await screen.findByRole('cell', { name: 'Daw Hla' });
  expect([highlighted('Daw Hla'), highlighted('U Mya'), highlighted('Ma Khin')]).toEqual([true, false, false]);
});

it('Complete and Not Complete ask the server for those patients and clear the township', async () => {
  signInAs('Data Assistant');
  renderRoutes(ROUTES, `${HYBRID_LIST}?township_id=7&name=Hla`);
  await screen.findByRole('cell', { name: 'U Mya' });
  await userEvent.click(screen.getByRole('button', { name: 'Complete' }));
  await waitFor(() =>
    expect(patientListsApi.list).toHaveBeenLastCalledWith(
      { DOT_with_volunteer: 'true', pure_or_hybrid: 'Hybrid', name: 'Hla', complete: 'true', page: 1 },
      expect.anything(),
    ),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Not Complete' }));
  await waitFor(() =>
    expect(patientListsApi.list).toHaveBeenLastCalledWith(
      { DOT_with_volunteer: 'true', pure_or_hybrid: 'Hybrid', name: 'Hla', not_complete: 'true', page: 1 },
      expect.anything(),
    ),
  );
});

it("exports 'Hybrid-VOT-Patients' over the list's query, and Detail opens the VOT patient view", async () => {
  const downloads = recordDownloads();
  signInAs('Project Officer');
  renderRoutes(ROUTES, HYBRID_LIST);
  const cell = await screen.findByRole('cell', { name: 'Daw Hla' });
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
  expect(downloads[0]!.name).toBe('Hybrid-VOT-Patients.xlsx');
  expect(patientListsApi.exportRows).toHaveBeenCalledWith({ DOT_with_volunteer: 'true', pure_or_hybrid: 'Hybrid' });
  expect(within(cell.closest('tr')!).getByRole('button', { name: 'Detail' })).toBeInTheDocument();
  expect(sheetRows(VOT_STATUS_SCREENS.pureWithVolunteer.export!.columns, [])[0]!.slice(0, 3)).toEqual([
    'ID',
    'SP Code',
    'Name',
  ]);
  expect(VOT_STATUS_SCREENS.pureWithVolunteer.export!.fileName).toBe('Pure-VOT-Patients-With-Volunteer');
}, 15_000);
