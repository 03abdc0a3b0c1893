import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOVE_TO_VOT } from '../../routes';
import { choose, clearNotices, fakeApi, itemOf, notices, renderRoutes, signInAs } from '@vot/shared/testing';
import { aPatient } from '../../test-data';
import { patientTreatmentApi } from '../patient-treatment.api';
import MoveToVot from './MoveToVot';

afterEach(() => jest.restoreAllMocks());
beforeEach(() => clearNotices());

function open(
  url: string,
  patient = aPatient({ VOT_accept: null, DOT_start_date: null, pure_or_hybrid: null, volunteer: null, type: null }),
) {
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(patient));
  fakeApi(patientTreatmentApi).moveToVot.mockResolvedValue({
    data: { ...patient, DOT_start_date: '2026-01-10' },
    status: 'success',
    message: 'Patient has been updated successfully!',
  });
  signInAs('Field Officer');
  renderRoutes({ [MOVE_TO_VOT]: MoveToVot }, url);
}

it("is titled with the patient's name and asks 'VOT Patient is required!'", async () => {
  open('/admin/move-to-DOT/5');
  expect(await screen.findByRole('heading', { name: 'Daw Hla' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'VOT with/without volunteer?' })).toHaveAttribute(
    'href',
    '/admin/vot-details-condition/5',
  );
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('VOT Patient is required!')).toBeInTheDocument();
});

it("Yes asks 'Select VOT Start Date', not before the treatment start, then moves the patient", async () => {
  open('/admin/move-to-DOT/5?VOT_accept=Yes');
  await screen.findByRole('heading', { name: 'Daw Hla' });
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Select VOT Start Date')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('VOT Start Date'), '2025-12-31');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('VOT Start Date may not be before the Treatment Start Date!')).toBeInTheDocument();
  await userEvent.clear(screen.getByLabelText('VOT Start Date'));
  await userEvent.type(screen.getByLabelText('VOT Start Date'), '2026-01-10');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(patientTreatmentApi.moveToVot).toHaveBeenCalledWith(5, { VOT_accept: 'Yes', DOT_start_date: '2026-01-10' }),
  );
  expect(notices()).toContain('Patient has been updated successfully!');
});

it('No sends no start date', async () => {
  open('/admin/move-to-DOT/5');
  await screen.findByRole('heading', { name: 'Daw Hla' });
  await choose('VOT Patient', 'No');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(patientTreatmentApi.moveToVot).toHaveBeenCalledWith(5, { VOT_accept: 'No', DOT_start_date: null }),
  );
});

it('shows no Save once the patient has visit records, and says why', async () => {
  open('/admin/move-to-DOT/5', aPatient({ DOTs: 3 }));
  await screen.findByRole('heading', { name: 'Daw Hla' });
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  expect(screen.getByRole('note')).toHaveTextContent(
    'Daw Hla has 3 VOT visit records: the VOT patient choice and the VOT start date can no longer change.',
  );
});
