import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { townshipsApi } from '@vot/shared/lists';
import {
  clearNotices,
  fakeApi,
  listOf,
  notices,
  removedOf,
  updatedOf,
  renderRoutes,
  signInAs,
} from '@vot/shared/testing';
import { HLAINGTHAYA, INSEIN, aPatient } from '../../test-data';
import { patientsApi } from './patient.api';
import PatientTrashList from './PatientTrashList';

const PATH = '/admin/DSTB-patient-trash-list';

beforeEach(() => {
  const patients = fakeApi(patientsApi);
  const townships = fakeApi(townshipsApi);
  clearNotices();
  patients.list.mockResolvedValue(listOf([aPatient({ status: 0, township: null, recover_township: INSEIN })]));
  patients.recover.mockResolvedValue(updatedOf(aPatient()));
  patients.deleteForGood.mockResolvedValue(removedOf('ok'));
  townships.list.mockResolvedValue(listOf([INSEIN, HLAINGTHAYA]));
});
afterEach(() => jest.restoreAllMocks());

async function openTrash(role: Parameters<typeof signInAs>[0]) {
  signInAs(role);
  renderRoutes({ [PATH]: PatientTrashList }, `${PATH}?township_id=3`);
  return (await screen.findByRole('cell', { name: 'Daw Mya Mya' })).closest('tr')!;
}

it('lists the trash with the township filter and the township each returns to', async () => {
  const row = await openTrash('MEAL Associate');
  expect(screen.getByRole('heading', { name: 'Patient Trash' })).toBeInTheDocument();
  expect(patientsApi.list).toHaveBeenLastCalledWith({ status: 0, township_id: '3', page: 1 }, expect.anything());
  expect(within(row).getByRole('cell', { name: 'Insein' })).toBeInTheDocument();
  // TSP: the township it was deleted from (the soft delete cleared its own).
  expect(within(row).getByRole('cell', { name: 'ISN' })).toBeInTheDocument();
  expect(within(screen.getByRole('search')).getAllByLabelText('Township').length).toBeGreaterThan(0);
});

it('recovers a patient and says so', async () => {
  const row = await openTrash('Data Assistant');
  await userEvent.click(within(row).getByRole('button', { name: 'Recover' }));
  await waitFor(() => expect(patientsApi.recover).toHaveBeenCalledWith(21));
  expect(notices()).toContain('Patient has been recovered successfully!');
});

it('deletes a patient for good after the confirmation', async () => {
  const row = await openTrash('MEAL and Digital Tool Manager');
  await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  await userEvent.click(
    within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, delete it!' }),
  );
  await waitFor(() => expect(patientsApi.deleteForGood).toHaveBeenCalledWith(21));
  expect(notices()).toContain('Patient has been deleted successfully!');
});

it('a read-only role neither recovers nor deletes', async () => {
  const row = await openTrash('Project Officer');
  expect(within(row).queryByRole('button', { name: 'Recover' })).toBeNull();
  expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
});
