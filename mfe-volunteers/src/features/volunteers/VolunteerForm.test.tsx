import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { townshipsApi } from '@vot/shared/lists';
import { volunteersApi } from './volunteer.api';
import VolunteerList from './VolunteerList';
import { clearNotices, fakeApi, listOf, renderRoutes, signInAs } from '@vot/shared/testing';
import { HLAINGTHAYA, INSEIN } from '../../test-data';

const LIST = '/admin/volunteer-list';

beforeEach(() => {
  clearNotices();
  fakeApi(volunteersApi).list.mockResolvedValue(listOf([]));
  fakeApi(townshipsApi).list.mockResolvedValue(listOf([INSEIN, HLAINGTHAYA]));
});
afterEach(() => jest.restoreAllMocks());

async function openNew() {
  renderRoutes({ [LIST]: VolunteerList }, LIST);
  await userEvent.click(await screen.findByRole('button', { name: 'New' }));
  return screen.getByRole('dialog', { name: 'Create Volunteer' });
}

it('shows every required message of SPEC.md §5 Volunteers when saved empty, in a dialog 60% wide', async () => {
  signInAs('MEAL and Digital Tool Officer');
  const dialog = await openNew();
  expect(dialog).toHaveStyle({ width: '60vw' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  for (const message of [
    'Name is required!',
    'Age is required!',
    'Gender is required!',
    'Address is required!',
    'Phone is required!',
    'Both MDR and PICTS is required!',
    'Education status is required!',
    'Occupation is required!',
    'Township is required!',
  ]) {
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  }
  // Optional fields say nothing.
  expect(within(dialog).queryByText(/Phone 2|Remark|Volunteer ID/, { selector: '.p-error' })).toBeNull();
});

it('labels every field of the volunteer schema, without the code and password a new volunteer has not got yet', async () => {
  signInAs('MEAL Associate');
  const dialog = await openNew();
  for (const label of [
    'Name',
    'Gender',
    'Age',
    'Address',
    'Phone',
    'Phone 2',
    'Email',
    'Both MDR and PICTS',
    'Education status',
    'Occupation',
    'Township',
    'Past history of TB',
    'Previous volunteer experience',
    'Remark',
    'Volunteer ID (GF)',
  ]) {
    expect(within(dialog).getByLabelText(label)).toBeInTheDocument();
  }
  expect(within(dialog).queryByLabelText('Code')).toBeNull();
  expect(within(dialog).queryByLabelText('Password')).toBeNull();
});

it('checks age and phone beyond presence', async () => {
  signInAs('MEAL Associate');
  const dialog = await openNew();
  await userEvent.type(within(dialog).getByLabelText('Age'), '130');
  await userEvent.type(within(dialog).getByLabelText('Phone'), 'abc');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Age must be between 0 and 120!')).toBeInTheDocument();
  expect(within(dialog).getByText('Invalid Phone Number')).toBeInTheDocument();
});

it('offers a Field Officer their own township, chosen already, without asking for the township list', async () => {
  signInAs('Field Officer', [HLAINGTHAYA]);
  const dialog = await openNew();
  expect(within(dialog).getAllByText('Hlaingthaya').length).toBeGreaterThan(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Name is required!')).toBeInTheDocument();
  expect(within(dialog).queryByText('Township is required!')).toBeNull();
  expect(townshipsApi.list).not.toHaveBeenCalled();
});

it('asks a Field Officer with two townships to choose one', async () => {
  signInAs('Field Officer', [HLAINGTHAYA, INSEIN]);
  const dialog = await openNew();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Township is required!')).toBeInTheDocument();
  expect(townshipsApi.list).not.toHaveBeenCalled();
});

it('loads the townships for a role not bound to townships', async () => {
  signInAs('Data Assistant');
  await openNew();
  await waitFor(() => expect(townshipsApi.list).toHaveBeenCalled());
});
