import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { townshipsApi } from '@vot/shared/lists';
import type { PatientListRow } from '@vot/shared/schemas';
import { MARCH_LEDGER, fakeApi, itemOf, listOf, recordDownloads, renderRoutes, signInAs } from '@vot/shared/testing';
import { HYBRID_LIST, MISSED_DOSES_LIST, WITHOUT_VOLUNTEER_DETAIL, WITH_VOLUNTEER_DETAIL } from '../../routes';
import { HLAINGTHAYA, aPatient, aVotListRow } from '../../test-data';
import { followUpsApi } from '../follow-ups/follow-ups.api';
import { patientTreatmentApi } from '../patient-treatment.api';
import { VotPatientWithVolunteer } from '../vot-patient/VotPatientView';
import { patientListsApi } from '../vot-status/patient-lists.api';
import VotStatusList from '../vot-status/VotStatusList';
import MissedDoseList from './MissedDoseList';

const LEDGER = MARCH_LEDGER;

const row = (over: Partial<PatientListRow>) =>
  aVotListRow({ DOT_start_date: '2026-03-01', volunteer_id: 3, ledger: LEDGER, ...over });

afterEach(() => jest.restoreAllMocks());
// The view's follow-up history answers nothing: these tests are about the rest of the view.
beforeEach(() => fakeApi(followUpsApi));

it('shows the dose ledger on the VOT patient view: reported and verified adherence, and each counted day', async () => {
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient({ id: 11 })));
  fakeApi(patientTreatmentApi).ledger.mockResolvedValue(itemOf(LEDGER));
  fakeApi(patientTreatmentApi).ledgerDays.mockResolvedValue(
    itemOf([
      { patient_id: 11, date: '2026-03-01', status: 'observed', work: 1, provenance: 'in_person' },
      { patient_id: 11, date: '2026-03-02', status: 'observed', work: 2, provenance: 'staff_record' },
      { patient_id: 11, date: '2026-03-03', status: 'not_observed', work: null, provenance: null },
      { patient_id: 11, date: '2026-03-04', status: 'unrecorded', work: null, provenance: null },
      { patient_id: 11, date: '2026-03-05', status: 'awaiting_review', work: 3, provenance: 'awaiting_review' },
    ]),
  );
  signInAs('Field Officer', [HLAINGTHAYA]);
  renderRoutes({ [WITH_VOLUNTEER_DETAIL]: VotPatientWithVolunteer }, '/admin/dot-patient-with-volunteer-detail/11');
  expect(await screen.findByTestId('ledger-adherence', {}, { timeout: 5000 })).toHaveTextContent('44.4%');
  expect(screen.getByText('Reported adherence')).toBeInTheDocument();
  expect(screen.getByTestId('ledger-verified')).toHaveTextContent('22.2%');
  expect(screen.getByTestId('ledger-band')).toHaveTextContent('Over 50%');
  expect(screen.getByTestId('ledger-longest')).toHaveTextContent('3 days');
  expect(screen.getByTestId('ledger-since')).toHaveTextContent('3 days');
  expect(screen.getByTestId('ledger-note')).toHaveTextContent(
    '4 of 9 days observed (2026-03-01 to 2026-03-09): 1 not observed, 4 unrecorded. 2 verified (in person or a reviewed video); the others rest on staff records, no-app ticks or videos not reviewed. Missed 2 days in a row.',
  );
  expect(patientTreatmentApi.ledger).toHaveBeenCalledWith(11);
  // A tile a day, gaps included, named by what the day rests on.
  const days = await screen.findByRole('region', { name: 'Counted days' });
  expect(within(days).getByLabelText('2026-03-01: In person (signed)')).toHaveClass('vot-day-kind-in_person');
  expect(within(days).getByLabelText('2026-03-04: Unrecorded')).toHaveClass('vot-day-kind-unrecorded');
  expect(within(days).getByLabelText('2026-03-05: Awaiting review')).toBeInTheDocument();
  expect(within(days).getByText('Not taken: 1')).toBeInTheDocument();
  expect(patientTreatmentApi.ledgerDays).toHaveBeenCalledWith(11);
});

it('shows no panel for a patient not on VOT', async () => {
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient({ id: 11 })));
  fakeApi(patientTreatmentApi).ledger.mockResolvedValue(itemOf(null));
  fakeApi(patientTreatmentApi).ledgerDays.mockResolvedValue(itemOf([]));
  signInAs('Field Officer', [HLAINGTHAYA]);
  renderRoutes({ [WITH_VOLUNTEER_DETAIL]: VotPatientWithVolunteer }, '/admin/dot-patient-with-volunteer-detail/11');
  await screen.findByRole('tab', { name: 'VOT End' });
  expect(screen.queryByTestId('ledger-adherence')).toBeNull();
});

it('adds the Adherence column to the VOT Status lists', async () => {
  fakeApi(patientListsApi).list.mockResolvedValue(
    listOf([row({}), row({ id: 12, name: 'U Ba', code: 'HTY-P0012', ledger: null })]),
  );
  signInAs('Field Officer', [HLAINGTHAYA]);
  renderRoutes({ [HYBRID_LIST]: () => <VotStatusList kind="hybrid" /> }, HYBRID_LIST);
  expect(await screen.findByRole('columnheader', { name: 'Adherence' })).toBeInTheDocument();
  const first = screen.getByRole('row', { name: /Daw Hla.*HTY-P0011/ });
  // Each figure says what it counts: observed days, and missed days (the ledger's band), then the run.
  expect(within(first).getByText('44.4% observed')).toBeInTheDocument();
  expect(within(first).getByText('over 50% missed')).toHaveClass('vot-ledger-band-over50');
  expect(within(first).getByText('2 in a row')).toHaveClass('vot-ledger-warning');
  expect(screen.getByRole('row', { name: /U Ba/ })).toHaveTextContent(/Female-/);
});

it('lists the patients who missed 2 days or more in a row, with the Detail of their VOT view', async () => {
  fakeApi(patientListsApi).list.mockResolvedValue(
    listOf([
      row({}),
      row({
        id: 12,
        name: 'U Mya',
        code: 'HTY-P0012',
        volunteer_id: null,
        patient_phone_no: '+95 9 421 234 567',
        ledger: { ...LEDGER, patient_id: 12, current_missed_run: 5, days_since_last_observed: null },
      }),
    ]),
  );
  fakeApi(patientListsApi).exportRows.mockResolvedValue({ data: [] });
  fakeApi(townshipsApi).list.mockResolvedValue(listOf([HLAINGTHAYA]));
  signInAs('MEAL and Digital Tool Officer');
  const downloads = recordDownloads();
  renderRoutes(
    { [MISSED_DOSES_LIST]: MissedDoseList, [WITHOUT_VOLUNTEER_DETAIL]: () => <p>without volunteer 12</p> },
    MISSED_DOSES_LIST,
  );
  expect(await screen.findByRole('heading', { name: 'Missed Doses (2 or More Days In A Row)' })).toBeInTheDocument();
  const mya = await screen.findByRole('row', { name: /U Mya/ });
  expect(within(mya).getByText('5 days')).toBeInTheDocument();
  expect(within(mya).getByText('None observed')).toBeInTheDocument();
  expect(within(mya).getByText('44.4% observed')).toBeInTheDocument();
  expect(within(mya).getByText('over 50% missed')).toBeInTheDocument();
  // The phone to call today, as a link that dials it.
  expect(screen.getByRole('columnheader', { name: 'Patient Phone No' })).toBeInTheDocument();
  expect(within(mya).getByRole('link', { name: '+95 9 421 234 567' })).toHaveAttribute('href', 'tel:+959421234567');
  expect(patientListsApi.list).toHaveBeenCalledWith(
    expect.objectContaining({ missed_doses: 'true' }),
    expect.anything(),
  );
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
  expect(downloads[0]!.name).toBe('Missed-Dose-Patients.xlsx');
  expect(patientListsApi.exportRows).toHaveBeenCalledWith({ missed_doses: 'true' });
  // Without a volunteer, Detail opens the without-volunteer view.
  await userEvent.click(within(mya).getByRole('button', { name: 'Detail' }));
  expect(await screen.findByText('without volunteer 12')).toBeInTheDocument();
}, 15_000);
