import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@vot/shared/api';
import { todayIn, type Role } from '@vot/shared/domain';
import { sheetRows } from '@vot/shared/lists';
import { volunteersApi } from '../volunteers/volunteer.api';
import {
  clearNotices,
  fakeApi,
  itemOf,
  listOf,
  notices,
  recordDownloads,
  renderRoutes,
  signInAs,
} from '@vot/shared/testing';
import { HLAINGTHAYA } from '../../test-data';
import { trainingsApi } from './training.api';
import { trainingScreen } from './training.screen';
import TrainingList from './TrainingList';
import type { Training } from '@vot/shared/schemas';

const PATH = '/admin/volunteer-training-list/:id';
const DAW_AYE_AYE = { id: 3, name: 'Daw Aye Aye' };
const training = (id: number, date: string, type: string): Training => ({
  id,
  date,
  type,
  volunteer: { id: 3, name: 'Daw Aye Aye', township: HLAINGTHAYA },
});

beforeEach(() => {
  clearNotices();
  const trainings = fakeApi(trainingsApi);
  trainings.listOf.mockResolvedValue({
    ...listOf([training(11, '2025-03-04', 'New'), training(12, '2025-03-20', 'On Job')]),
    volunteer: DAW_AYE_AYE,
  });
  trainings.create.mockResolvedValue(itemOf(training(13, '2025-03-21', 'New')));
  trainings.update.mockResolvedValue(itemOf(training(11, '2025-03-05', 'New')));
  trainings.remove.mockResolvedValue({
    data: null,
    status: 'success',
    message: 'Training has been deleted successfully!',
  });
  trainings.exportOf.mockResolvedValue({
    data: [{ volunteer: 'Daw Aye Aye', township: 'Hlaingthaya', date: '2025-03-04', type: 'New' }],
    status: 'success',
  });
  // Answers nothing: the page must make no call of the volunteer's own.
  fakeApi(volunteersApi);
});
afterEach(() => jest.restoreAllMocks());

async function openTrainings(role: Role, url = '/admin/volunteer-training-list/3') {
  signInAs(role, role === 'Field Officer' ? [HLAINGTHAYA] : []);
  renderRoutes({ [PATH]: TrainingList }, url);
  return (await screen.findByRole('cell', { name: '2025-03-04' })).closest('tr')!;
}

it("is titled with the volunteer's name and lists their trainings, paged", async () => {
  await openTrainings('Project Officer');
  expect(await screen.findByRole('heading', { name: 'Training List of Daw Aye Aye' })).toBeInTheDocument();
  // The list call names the volunteer: no GET of the volunteer for the title.
  expect(volunteersApi.show).not.toHaveBeenCalled();
  expect(trainingsApi.listOf).toHaveBeenCalledWith(3, { page: 1 }, expect.anything());
  expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  expect(screen.getAllByRole('cell', { name: 'Hlaingthaya' })).toHaveLength(2);
});

it('is titled with the volunteer the list call names, before they have any training', async () => {
  jest.mocked(trainingsApi.listOf).mockResolvedValue({ ...listOf([]), volunteer: DAW_AYE_AYE });
  signInAs('Volunteer Supervisor');
  renderRoutes({ [PATH]: TrainingList }, '/admin/volunteer-training-list/3');
  expect(await screen.findByRole('heading', { name: 'Training List of Daw Aye Aye' })).toBeInTheDocument();
  expect(volunteersApi.show).not.toHaveBeenCalled();
});

it('takes the name from the trainings when the list call does not name the volunteer (an older API)', async () => {
  jest.mocked(trainingsApi.listOf).mockResolvedValue(listOf([training(11, '2025-03-04', 'New')]));
  await openTrainings('Volunteer Supervisor');
  expect(screen.getByRole('heading', { name: 'Training List of Daw Aye Aye' })).toBeInTheDocument();
});

it('applies the month filter from the URL to the list and the export, and names the file with the month', async () => {
  const downloads = recordDownloads();
  await openTrainings('Project Officer', '/admin/volunteer-training-list/3?month_year=2025-03');
  expect(screen.getByLabelText('Month')).toHaveValue('2025-03');
  expect(trainingsApi.listOf).toHaveBeenLastCalledWith(3, { month_year: '2025-03', page: 1 }, expect.anything());
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
  expect(trainingsApi.exportOf).toHaveBeenCalledWith(3, { month_year: '2025-03' });
  expect(downloads[0]!.name).toBe('Volunteer-Trainings-2025-03.xlsx');
}, 15_000);

it('writes the columns of the training export', () => {
  const rows = [{ volunteer: 'Daw Aye Aye', township: null, date: '2025-03-04', type: 'New' }];
  expect(sheetRows(trainingScreen(3).export!.columns, rows)).toEqual([
    ['Volunteer', 'Township', 'Date', 'Type'],
    ['Daw Aye Aye', '', '2025-03-04', 'New'],
  ]);
});

it.each<[Role, string[], string[]]>([
  ['Project Officer', ['New', 'Export', 'Update', 'Delete'], []],
  ['Volunteer Supervisor', ['New', 'Export', 'Update', 'Delete'], []],
  ['Field Officer', ['Export'], ['New', 'Update', 'Delete']],
  ['MEAL Associate', ['Export'], ['New', 'Update', 'Delete']],
])('shows a %s the buttons of their role', async (role, shown, hidden) => {
  await openTrainings(role);
  for (const name of shown) expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(0);
  for (const name of hidden) expect(screen.queryByRole('button', { name })).toBeNull();
});

it('asks for the date and the type, and allows no day after today', async () => {
  await openTrainings('Project Officer');
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Training' });
  expect(within(dialog).getByLabelText('Date')).toHaveAttribute('max', todayIn());
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Date is required!')).toBeInTheDocument();
  expect(within(dialog).getByText('Type is required!')).toBeInTheDocument();
  // The volunteer is the page's, never asked.
  expect(within(dialog).queryByText('Volunteer is required!')).toBeNull();
  expect(trainingsApi.create).not.toHaveBeenCalled();
});

it("updates a training for the page's volunteer", async () => {
  const row = await openTrainings('Project Officer');
  await userEvent.click(within(row).getByRole('button', { name: 'Update' }));
  const dialog = screen.getByRole('dialog', { name: 'Update Training' });
  const date = within(dialog).getByLabelText('Date');
  expect(date).toHaveValue('2025-03-04');
  await userEvent.clear(date);
  await userEvent.type(date, '2025-03-05');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(trainingsApi.update).toHaveBeenCalledWith(11, { volunteer_id: 3, date: '2025-03-05', type: 'New' }),
  );
  expect(notices()).toContain('Training has been updated successfully!');
});

it('deletes a training after the shared confirmation', async () => {
  const row = await openTrainings('Senior Project Officer');
  await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  await userEvent.click(
    within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, delete it!' }),
  );
  await waitFor(() => expect(trainingsApi.remove).toHaveBeenCalledWith(11));
  expect(notices()).toContain('Training has been deleted successfully!');
});

it("says 'Volunteer not found.' when the volunteer is missing or not the user's", async () => {
  jest.mocked(trainingsApi.listOf).mockRejectedValue(new ApiError('Volunteer not found.', 404));
  signInAs('Project Officer');
  renderRoutes({ [PATH]: TrainingList }, '/admin/volunteer-training-list/99');
  expect(await screen.findByRole('heading', { name: 'Volunteer not found.' })).toBeInTheDocument();
});
