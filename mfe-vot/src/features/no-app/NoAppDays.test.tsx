import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_APP_STATUS, type Role } from '@vot/shared/domain';
import { sheetRows } from '@vot/shared/lists';
import type { NoAppDay } from '@vot/shared/schemas';
import {
  clearNotices,
  fakeApi,
  itemOf,
  messageOf,
  notices,
  recordDownloads,
  renderRoutes,
  signInAs,
} from '@vot/shared/testing';
import { routes } from '../../routes';
import { aPatient } from '../../test-data';
import { patientTreatmentApi } from '../patient-treatment.api';
import { noAppApi } from '../visits/visits.api';
import { noAppExport } from './no-app';
import NoAppDays from './NoAppDays';

const days: NoAppDay[] = [
  { id: 1, patient_id: 5, date: '2026-02-01', work_status: true },
  { id: 2, patient_id: 5, date: '2026-02-02', work_status: false },
  { id: 3, patient_id: 5, date: '2026-02-03', work_status: null },
];
const list = jest.fn();

beforeEach(() => {
  clearNotices();
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient({ type: 'No App' })));
  list.mockResolvedValue({
    data: days,
    status: 'success',
    total: 3,
    counts: { achieved: 1, notAchieved: 1, notMarked: 1 },
    last_date: '2026-02-03',
  });
  fakeApi(noAppApi).list.mockReturnValue(list);
  fakeApi(noAppApi).create.mockResolvedValue(itemOf([]));
  fakeApi(noAppApi).tick.mockResolvedValue(itemOf({ ...days[2]!, work_status: true }));
  fakeApi(noAppApi).reset.mockResolvedValue(itemOf({ ...days[0]!, work_status: null }));
  fakeApi(noAppApi).remove.mockResolvedValue(messageOf('DOT has been deleted successfully!'));
  fakeApi(noAppApi).exportOf.mockResolvedValue({ data: [], status: 'success' });
});
afterEach(() => jest.restoreAllMocks());

async function open(role: Role = 'Field Officer') {
  signInAs(role);
  renderRoutes({ [routes.noAppDotList.path]: NoAppDays }, '/admin/no-app-dot-list/5');
  await screen.findByText('2026-02-01', undefined, { timeout: 10_000 });
}
const box = (date: string) => screen.getByLabelText(date, { selector: 'div' });

it('draws the days yellow, black and white with the three counters', async () => {
  await open();
  expect(screen.getByRole('heading', { name: 'Daw Hla' })).toBeInTheDocument();
  expect(box('2026-02-01')).toHaveClass('vot-day-yellow');
  expect(box('2026-02-02')).toHaveClass('vot-day-black');
  expect(box('2026-02-03')).toHaveClass('vot-day-white');
  expect(screen.getByText(`${NO_APP_STATUS.achieved.label}: 1`)).toBeInTheDocument();
  expect(screen.getByText(`${NO_APP_STATUS.notAchieved.label}: 1`)).toBeInTheDocument();
  expect(screen.getByText(`${NO_APP_STATUS.notMarked.label}: 1`)).toBeInTheDocument();
}, 20_000);

it('ticks and resets a day, and deletes one after the confirmation', async () => {
  await open();
  await userEvent.click(within(box('2026-02-03')).getByRole('button', { name: 'Change status' }));
  await waitFor(() => expect(noAppApi.tick).toHaveBeenCalledWith(3));
  await userEvent.click(within(box('2026-02-01')).getByRole('button', { name: 'Reset status' }));
  await waitFor(() => expect(noAppApi.reset).toHaveBeenCalledWith(1));
  await userEvent.click(within(box('2026-02-02')).getByRole('button', { name: 'Delete day' }));
  expect(screen.getByText("You won't be able to recover this!")).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
  await waitFor(() => expect(noAppApi.remove).toHaveBeenCalledWith(2));
  expect(notices()).toContain('DOT has been deleted successfully!');
}, 20_000);

it('creates a range from the last existing day, expanded to every day; the end waits for the start', async () => {
  await open();
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog', { name: 'Create VOT' });
  expect(within(dialog).getByLabelText('Start Date')).toHaveValue('2026-02-03');
  expect(within(dialog).getByLabelText('End Date')).toHaveAttribute('min', '2026-02-03');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('End Date is required!')).toBeInTheDocument();
  await userEvent.type(within(dialog).getByLabelText('End Date'), '2026-02-06');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(noAppApi.create).toHaveBeenCalledWith(5, ['2026-02-03', '2026-02-04', '2026-02-05', '2026-02-06']),
  );
}, 15_000);

it('shows New only for a No App patient', async () => {
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient({ type: 'App' })));
  await open();
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
  expect(within(box('2026-02-01')).getByRole('button', { name: 'Change status' })).toBeInTheDocument();
}, 20_000);

it('hides the icons from a role that only reads', async () => {
  await open('Project Officer');
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete day' })).toBeNull();
}, 20_000);

it('exports ID, Patient_Name, Date and Work_Status in Burmese words', async () => {
  const downloads = recordDownloads();
  await open();
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
  const rows = sheetRows(noAppExport(5).columns, [
    { id: 1, patient: { name: 'Daw Hla' }, date: '2026-02-01', work_status: true },
    { id: 2, patient: { name: 'Daw Hla' }, date: '2026-02-02', work_status: false },
    { id: 3, patient: { name: 'Daw Hla' }, date: '2026-02-03', work_status: null },
  ]);
  expect(rows).toEqual([
    ['ID', 'Patient_Name', 'Date', 'Work_Status'],
    [1, 'Daw Hla', '2026-02-01', NO_APP_STATUS.achieved.burmese],
    [2, 'Daw Hla', '2026-02-02', NO_APP_STATUS.notAchieved.burmese],
    [3, 'Daw Hla', '2026-02-03', ''],
  ]);
}, 15_000);
