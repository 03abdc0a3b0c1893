import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@vot/shared/api';
import type { Role } from '@vot/shared/domain';
import { townshipsApi } from '@vot/shared/lists';
import { volunteersApi } from '../volunteers/volunteer.api';
import { aVolunteer, clearNotices, fakeApi, listOf, notices, renderRoutes, signInAs } from '@vot/shared/testing';
import { HLAINGTHAYA, INSEIN } from '../../test-data';
import VolunteerTrashList from './VolunteerTrashList';

const PATH = '/admin/volunteer-trash-list';
const trashed = [
  aVolunteer({ id: 5, name: 'U Ba', township: null, recover_township: INSEIN, status: 0 }),
  aVolunteer({ id: 6, name: 'Daw Hla', township: null, recover_township: HLAINGTHAYA, status: 0 }),
];

beforeEach(() => {
  clearNotices();
  fakeApi(volunteersApi).list.mockResolvedValue(listOf(trashed));
  fakeApi(volunteersApi).recover.mockResolvedValue({
    data: aVolunteer(),
    status: 'success',
    message: 'Volunteer has been recovered successfully!',
  });
  fakeApi(volunteersApi).deleteForGood.mockResolvedValue({
    data: null,
    status: 'success',
    message: 'Volunteer has been deleted successfully!',
  });
  fakeApi(townshipsApi).list.mockResolvedValue(listOf([INSEIN, HLAINGTHAYA]));
});
afterEach(() => jest.restoreAllMocks());

async function openTrash(role: Role, url = PATH) {
  signInAs(role);
  renderRoutes({ [PATH]: VolunteerTrashList }, url);
  return (await screen.findByRole('cell', { name: 'U Ba' })).closest('tr')!;
}

it('lists the volunteers in the trash with the township each returns to', async () => {
  const row = await openTrash('MEAL Associate', `${PATH}?township_id=3`);
  expect(screen.getByRole('heading', { name: 'Volunteer Trash' })).toBeInTheDocument();
  expect(volunteersApi.list).toHaveBeenLastCalledWith({ status: 0, township_id: '3', page: 1 }, expect.anything());
  expect(screen.getByRole('columnheader', { name: 'Recover Township' })).toBeInTheDocument();
  expect(within(row).getByRole('cell', { name: 'Insein' })).toBeInTheDocument();
  expect(within(screen.getByRole('search')).getAllByLabelText('Township').length).toBeGreaterThan(0);
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
});

it('recovers a volunteer, says so, and reloads the trash', async () => {
  const row = await openTrash('Data Assistant');
  await userEvent.click(within(row).getByRole('button', { name: 'Recover' }));
  await waitFor(() => expect(volunteersApi.recover).toHaveBeenCalledWith(5));
  expect(notices()).toContain('Volunteer has been recovered successfully!');
  await waitFor(() => expect(volunteersApi.list).toHaveBeenCalledTimes(2));
});

it('deletes a volunteer for good after the shared confirmation', async () => {
  const row = await openTrash('MEAL and Digital Tool Manager');
  await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
  expect(within(confirm).getByText("You won't be able to recover this!")).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
  await waitFor(() => expect(volunteersApi.deleteForGood).toHaveBeenCalledWith(5));
  expect(notices()).toContain('Volunteer has been deleted successfully!');
  await waitFor(() => expect(volunteersApi.list).toHaveBeenCalledTimes(2));
});

it('keeps a volunteer with history when the server refuses (409), with no success notice', async () => {
  // The API client shows the server's message as a notice; here the call is mocked below it.
  jest
    .mocked(volunteersApi.deleteForGood)
    .mockRejectedValue(
      new ApiError('This volunteer has trainings or community activities and cannot be deleted permanently.', 409),
    );
  const row = await openTrash('MEAL Associate');
  await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  await userEvent.click(
    within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, delete it!' }),
  );
  await waitFor(() => expect(volunteersApi.deleteForGood).toHaveBeenCalledWith(5));
  expect(notices()).not.toContain('Volunteer has been deleted successfully!');
  expect(screen.getByRole('cell', { name: 'U Ba' })).toBeInTheDocument();
  expect(volunteersApi.list).toHaveBeenCalledTimes(1);
});

it('shows a role that may only read the trash neither Recover nor Delete', async () => {
  await openTrash('Project Officer');
  expect(screen.queryByRole('button', { name: 'Recover' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
});
