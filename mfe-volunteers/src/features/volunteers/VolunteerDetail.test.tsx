import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@vot/shared/api';
import type { Role } from '@vot/shared/domain';
import { townshipsApi } from '@vot/shared/lists';
import { volunteersApi } from './volunteer.api';
import VolunteerDetail from './VolunteerDetail';
import VolunteerList from './VolunteerList';
import { aVolunteer, clearNotices, fakeApi, listOf, notices, renderRoutes, signInAs } from '@vot/shared/testing';
import { HLAINGTHAYA, INSEIN } from '../../test-data';

const LIST = '/admin/volunteer-list';
const routes = { [LIST]: VolunteerList, '/admin/volunteer-detail/:id': VolunteerDetail };

beforeEach(() => {
  clearNotices();
  fakeApi(volunteersApi).list.mockResolvedValue(listOf([aVolunteer()]));
  fakeApi(volunteersApi).show.mockResolvedValue({ data: aVolunteer(), status: 'success' });
  fakeApi(volunteersApi).update.mockResolvedValue({ data: aVolunteer(), status: 'success' });
  fakeApi(volunteersApi).moveToTrash.mockResolvedValue({
    data: aVolunteer(),
    status: 'success',
    message: 'Volunteer has been deleted successfully!',
  });
  fakeApi(townshipsApi).list.mockResolvedValue(listOf([INSEIN, HLAINGTHAYA]));
});
afterEach(() => jest.restoreAllMocks());

const where = () => screen.getByTestId('where').textContent;

async function openDetailFromList(role: Role) {
  signInAs(role, role === 'Field Officer' ? [HLAINGTHAYA] : []);
  renderRoutes(routes, `${LIST}?township_id=7&page=1`);
  const row = (await screen.findByRole('cell', { name: 'Daw Aye Aye' })).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Detail' }));
  return screen.findByRole('dialog', { name: 'Volunteer Detail' });
}

it('opens from the list at its own URL, shows the volunteer with its code and first password, and closes back to the same list', async () => {
  const dialog = await openDetailFromList('Field Officer');
  expect(where()).toBe('/admin/volunteer-detail/3?township_id=7&page=1');
  expect(volunteersApi.show).toHaveBeenCalledWith(3);
  expect(dialog).toHaveStyle({ width: '60vw' });
  expect(within(dialog).getByLabelText('Code')).toHaveValue('HTY-V0003');
  expect(within(dialog).getByLabelText('Code')).toHaveAttribute('readonly');
  expect(within(dialog).getByLabelText('Password')).toHaveValue('k7P9qw2X');
  expect(within(dialog).getByLabelText('Name')).toHaveValue('Daw Aye Aye');
  expect(within(dialog).getByLabelText('Age')).toHaveValue(34);
  for (const name of ['Update', 'Reset Password', 'Training', 'Delete', 'Cancel'])
    expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(where()).toBe(`${LIST}?township_id=7&page=1`));
  expect(screen.queryByRole('dialog')).toBeNull();
});

it('hides the password once the volunteer has changed it', async () => {
  jest.mocked(volunteersApi.show).mockResolvedValue({ data: aVolunteer({ plain_password: null }), status: 'success' });
  const dialog = await openDetailFromList('MEAL Associate');
  expect(within(dialog).getByLabelText('Code')).toHaveValue('HTY-V0003');
  expect(within(dialog).queryByLabelText('Password')).toBeNull();
});

it('updates the volunteer, says so, and returns to the list', async () => {
  const dialog = await openDetailFromList('MEAL Associate');
  const name = within(dialog).getByLabelText('Name');
  await userEvent.clear(name);
  await userEvent.type(name, 'Daw Aye Aye Mon');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
  await waitFor(() => expect(volunteersApi.update).toHaveBeenCalledTimes(1));
  expect(volunteersApi.update).toHaveBeenCalledWith(
    3,
    expect.objectContaining({
      name: 'Daw Aye Aye Mon',
      age: 34,
      gender: 'Female',
      township_id: 7,
      both_mdr_and_picts: 1,
      past_history_of_TB: 'No',
    }),
  );
  // The code and password are shown, not sent.
  expect(jest.mocked(volunteersApi.update).mock.calls[0]![1]).not.toHaveProperty('code');
  expect(jest.mocked(volunteersApi.update).mock.calls[0]![1]).not.toHaveProperty('plain_password');
  expect(notices()).toContain('Volunteer has been updated successfully!');
  await waitFor(() => expect(where()).toBe(`${LIST}?township_id=7&page=1`));
});

it('asks the shared confirmation, moves the volunteer to the trash, and returns to the list', async () => {
  const dialog = await openDetailFromList('Data Assistant');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
  const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
  expect(within(confirm).getByText("You won't be able to recover this!")).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
  await waitFor(() => expect(volunteersApi.moveToTrash).toHaveBeenCalledWith(3));
  expect(notices()).toContain('Volunteer has been deleted successfully!');
  await waitFor(() => expect(where()).toBe(`${LIST}?township_id=7&page=1`));
});

it('Reset Password asks the confirmation, gives a new initial password, says so and shows it in the detail', async () => {
  fakeApi(volunteersApi).resetPassword.mockResolvedValue({
    data: aVolunteer({ plain_password: 'Mn4p-Qr7s-Tv8w' }),
    status: 'success',
    message: 'Initial password reset.',
  });
  const dialog = await openDetailFromList('Field Officer');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
  const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
  expect(
    within(confirm).getByText('Daw Aye Aye gets a new initial password, shown here, and is signed out of the app.'),
  ).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, reset it!' }));
  await waitFor(() => expect(volunteersApi.resetPassword).toHaveBeenCalledWith(3));
  expect(notices()).toContain('Initial password reset.');
  const refreshed = await screen.findByRole('dialog', { name: 'Volunteer Detail' });
  await waitFor(() => expect(within(refreshed).getByLabelText('Password')).toHaveValue('Mn4p-Qr7s-Tv8w'));
  expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
  // The detail stays open over the same list.
  expect(where()).toBe('/admin/volunteer-detail/3?township_id=7&page=1');
});

it('Cancel on the Reset Password confirmation resets nothing', async () => {
  const reset = fakeApi(volunteersApi).resetPassword;
  const dialog = await openDetailFromList('Data Assistant');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
  const confirm = await screen.findByRole('dialog', { name: 'Are you sure?' });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull());
  expect(reset).not.toHaveBeenCalled();
  expect(within(dialog).getByLabelText('Password')).toHaveValue('k7P9qw2X');
});

it('opens the volunteer trainings from Training', async () => {
  const dialog = await openDetailFromList('Field Officer');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Training' }));
  expect(where()).toBe('/admin/volunteer-training-list/3');
});

it('shows a role that may only read the volunteer without Update, Reset Password or Delete, every field read-only', async () => {
  const dialog = await openDetailFromList('Project Officer');
  expect(within(dialog).getByLabelText('Name')).toHaveAttribute('readonly');
  expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();
  expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  expect(within(dialog).queryByRole('button', { name: 'Reset Password' })).toBeNull();
  // Project Officers run trainings.
  expect(within(dialog).getByRole('button', { name: 'Training' })).toBeInTheDocument();
  // The selects too are read-only texts of the chosen option, which Tab reaches.
  const township = within(dialog).getByLabelText('Township');
  await waitFor(() => expect(township).toHaveValue('Hlaingthaya'));
  expect(township).toHaveAttribute('readonly');
  expect(township).not.toBeDisabled();
  expect(within(dialog).getByLabelText('Both MDR and PICTS')).toHaveValue('Yes');
  township.focus();
  await userEvent.tab();
  expect(within(dialog).getByLabelText('Past history of TB')).toHaveFocus();
});

it('shows no Password when the API leaves it out or answers null (a role that may not update)', async () => {
  const { plain_password: _left, ...withoutPassword } = aVolunteer();
  jest.mocked(volunteersApi.show).mockResolvedValue({ data: withoutPassword, status: 'success' });
  const dialog = await openDetailFromList('Project Officer');
  expect(within(dialog).getByLabelText('Code')).toHaveValue('HTY-V0003');
  expect(within(dialog).queryByLabelText('Password')).toBeNull();
});

it('opens from a link over the first page of the list; closing goes to the list', async () => {
  signInAs('MEAL Associate');
  renderRoutes(routes, '/admin/volunteer-detail/3');
  const dialog = await screen.findByRole('dialog', { name: 'Volunteer Detail' });
  expect(await screen.findByRole('heading', { name: 'Volunteer List' })).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(where()).toBe(LIST));
});

it("says 'Volunteer not found.' for a missing volunteer or one of another township (404)", async () => {
  jest.mocked(volunteersApi.show).mockRejectedValue(new ApiError('Volunteer not found.', 404));
  signInAs('Field Officer', [HLAINGTHAYA]);
  renderRoutes(routes, '/admin/volunteer-detail/99');
  expect(await screen.findByRole('heading', { name: 'Volunteer not found.' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(screen.getByRole('link', { name: 'Go to the Volunteer List' })).toHaveAttribute('href', LIST);
});

it("says 'Volunteer not found.' for an id that is not one, without asking", async () => {
  signInAs('MEAL Associate');
  renderRoutes(routes, '/admin/volunteer-detail/abc');
  expect(await screen.findByRole('heading', { name: 'Volunteer not found.' })).toBeInTheDocument();
  expect(volunteersApi.show).not.toHaveBeenCalled();
});

it('shows why a volunteer could not be read, with Retry', async () => {
  jest.mocked(volunteersApi.show).mockRejectedValueOnce(new ApiError('Something was wrong!', 500));
  signInAs('MEAL Associate');
  renderRoutes(routes, '/admin/volunteer-detail/3');
  expect(await screen.findByRole('heading', { name: 'Something was wrong!' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('dialog', { name: 'Volunteer Detail' })).toBeInTheDocument();
});
