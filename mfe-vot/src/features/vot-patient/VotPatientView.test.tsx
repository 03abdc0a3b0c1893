import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WITHOUT_VOLUNTEER_DETAIL, WITH_VOLUNTEER_DETAIL } from '../../routes';
import { choose, clearNotices, fakeApi, itemOf, notices, renderRoutes, signInAs } from '@vot/shared/testing';
import { aPatient } from '../../test-data';
import { followUpsApi } from '../follow-ups/follow-ups.api';
import { patientTreatmentApi } from '../patient-treatment.api';
import { VotPatientWithVolunteer, VotPatientWithoutVolunteer } from './VotPatientView';

const ROUTES = {
  [WITH_VOLUNTEER_DETAIL]: VotPatientWithVolunteer,
  [WITHOUT_VOLUNTEER_DETAIL]: VotPatientWithoutVolunteer,
};

beforeEach(() => clearNotices());
// The view's follow-up history answers nothing: these tests are about the rest of the view.
beforeEach(() => fakeApi(followUpsApi));
afterEach(() => jest.restoreAllMocks());

function open(url: string, patient = aPatient()) {
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(patient));
  fakeApi(patientTreatmentApi).endVot.mockResolvedValue({
    data: { ...patient, DOT_end_date: '2026-06-01' },
    status: 'success',
    message: 'Patient has been updated successfully!',
  });
  fakeApi(patientTreatmentApi).concludeVdot.mockResolvedValue({
    data: patient,
    status: 'success',
    message: 'Patient has been updated successfully!',
  });
  signInAs('Data Assistant');
  renderRoutes(ROUTES, url);
}

it('ends VOT with a VOT End Date, the start date read-only', async () => {
  open('/admin/dot-patient-with-volunteer-detail/5');
  await userEvent.click(await screen.findByRole('tab', { name: 'VOT End' }));
  expect(screen.getByText('Daw Aye')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('VOT End Date is required!')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('VOT End Date'), '2026-06-01');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(patientTreatmentApi.endVot).toHaveBeenCalledWith(5, { DOT_end_date: '2026-06-01' }));
  expect(notices()).toContain('Patient has been updated successfully!');
});

it('records the VDOT conclusion with a VOT outcome', async () => {
  open('/admin/dot-patient-with-volunteer-detail/5');
  await userEvent.click(await screen.findByRole('tab', { name: 'VDOT Conclusion' }));
  await userEvent.type(screen.getByLabelText('Date'), '2026-06-02');
  await choose('VOT Outcomes', 'Treatment Complete');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(patientTreatmentApi.concludeVdot).toHaveBeenCalledWith(
      5,
      expect.objectContaining({ VDOT_end_date: '2026-06-02', VDOT_end_type: 'Treatment Complete' }),
    ),
  );
}, 15_000);

it('shows VDOT Conclusion only with a volunteer in the first variant, always in the second', async () => {
  open('/admin/dot-patient-with-volunteer-detail/5', aPatient({ volunteer: null }));
  await screen.findByRole('tab', { name: 'VOT End' });
  expect(screen.queryByRole('tab', { name: 'VDOT Conclusion' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Medicines' })).toBeInTheDocument();
});

it('the no-volunteer variant always concludes', async () => {
  open('/admin/dot-patient-with-no-volunteer-detail/5', aPatient({ volunteer: null }));
  expect(await screen.findByRole('tab', { name: 'VDOT Conclusion' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'VOT without volunteer' })).toBeInTheDocument();
});
