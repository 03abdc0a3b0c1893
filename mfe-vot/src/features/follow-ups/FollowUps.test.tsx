import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { townshipsApi } from '@vot/shared/lists';
import type { FollowUpCase, FollowUpRow } from '@vot/shared/schemas';
import { fakeApi, itemOf, listOf, renderRoutes, signInAs } from '@vot/shared/testing';
import { routes } from '../../routes';
import { HLAINGTHAYA, aPatient } from '../../test-data';
import { patientTreatmentApi } from '../patient-treatment.api';
import { VotPatientWithVolunteer } from '../vot-patient/VotPatientView';
import FollowUpList from './FollowUpList';
import { followUpsApi, worklistCalls } from './follow-ups.api';

const LIST = routes.followUps.path;

const aRow = (over: Partial<FollowUpRow> = {}): FollowUpRow => ({
  id: 11,
  name: 'Daw Hla',
  SP_code: 'SP-HTY-011',
  township: { id: HLAINGTHAYA.id, name: HLAINGTHAYA.name },
  patient_phone_no: '09 421 234 567',
  volunteer: { id: 3, name: 'Daw Aye' },
  current_missed_run: 4,
  adherence: 62.5,
  missed_band: 'over50',
  last_observed_date: '2026-03-05',
  opened_on: '2026-03-07',
  days_open: 2,
  level: 'Field Officer',
  owner: 'U Kyaw Field',
  last_action: null,
  last_outcome: null,
  last_action_at: null,
  due_date: '2026-03-07',
  ...over,
});

afterEach(() => jest.restoreAllMocks());

it('lists the worklist with a phone link, whose case it is and when it is due', async () => {
  fakeApi(worklistCalls).list.mockResolvedValue(
    listOf([
      aRow(),
      aRow({
        id: 12,
        name: 'U Ba',
        patient_phone_no: null,
        last_action: 'Phone call',
        last_outcome: 'Not reached',
        last_action_at: '2026-03-08T03:00:00.000Z',
        due_date: '2026-03-10',
        owner: null,
        days_open: 0,
      }),
    ]),
  );
  signInAs('Field Officer', [HLAINGTHAYA]);
  renderRoutes({ [LIST]: FollowUpList }, LIST);
  expect(await screen.findByRole('heading', { name: 'Follow-ups' })).toBeInTheDocument();
  const first = await screen.findByRole('row', { name: /Daw Hla/ });
  expect(within(first).getByRole('link', { name: '09 421 234 567' })).toHaveAttribute('href', 'tel:09421234567');
  expect(first).toHaveTextContent('Field OfficerU Kyaw Fieldopen 2 daysdue 2026-03-07');
  expect(first).toHaveTextContent('4 dayslast dose 2026-03-05');
  expect(first).toHaveTextContent('None yet');
  const second = screen.getByRole('row', { name: /U Ba/ });
  expect(second).toHaveTextContent('Phone call: Not reached');
  expect(second).toHaveTextContent('due 2026-03-10');
  expect(second).toHaveTextContent('opened today');
});

it('searches the worklist by name', async () => {
  const list = fakeApi(worklistCalls).list.mockResolvedValue(listOf([aRow()]));
  signInAs('Field Officer', [HLAINGTHAYA]);
  renderRoutes({ [LIST]: FollowUpList }, LIST);
  const user = userEvent.setup();
  await screen.findByRole('row', { name: /Daw Hla/ });
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'ဒေါ်လှ{Enter}');
  await waitFor(() =>
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'ဒေါ်လှ' }), expect.anything()),
  );
});

it('records an action through the shared schema: its messages first, then the call', async () => {
  fakeApi(followUpsApi);
  fakeApi(worklistCalls).list.mockResolvedValue(listOf([aRow()]));
  signInAs('Field Officer', [HLAINGTHAYA]);
  renderRoutes({ [LIST]: FollowUpList }, LIST);
  const user = userEvent.setup();
  const row = await screen.findByRole('row', { name: /Daw Hla/ });
  await user.click(within(row).getByRole('button', { name: 'Record Action' }));
  const dialog = await screen.findByRole('dialog', { name: 'Record Follow-up Action' });
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Action is required!')).toBeInTheDocument();
  expect(within(dialog).getByText('Outcome is required!')).toBeInTheDocument();
  expect(followUpsApi.record).not.toHaveBeenCalled();
});

it('hides Record Action from a role that only reads follow-ups', async () => {
  fakeApi(worklistCalls).list.mockResolvedValue(listOf([aRow()]));
  fakeApi(townshipsApi).list.mockResolvedValue(listOf([HLAINGTHAYA]));
  signInAs('Project Manager');
  renderRoutes({ [LIST]: FollowUpList }, LIST);
  const row = await screen.findByRole('row', { name: /Daw Hla/ });
  expect(within(row).queryByRole('button', { name: 'Record Action' })).toBeNull();
});

it('shows the patient’s follow-up history on the VOT patient view', async () => {
  const history: FollowUpCase[] = [
    {
      case_since: '2026-03-05',
      closed: { reason: 'Dose observed', on: '2026-03-09' },
      actions: [
        {
          id: 1,
          patient_id: 11,
          case_since: '2026-03-05',
          action: 'Phone call',
          outcome: 'Reached and will take the dose',
          remark: null,
          next_date: null,
          recorded_by: 'Ko Field',
          created_at: '2026-03-08T03:00:00.000Z',
        },
      ],
    },
  ];
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient({ id: 11 })));
  fakeApi(patientTreatmentApi).ledger.mockResolvedValue(itemOf(null));
  fakeApi(followUpsApi).historyOf.mockResolvedValue(listOf(history));
  signInAs('Field Officer', [HLAINGTHAYA]);
  renderRoutes(
    { [routes.dotPatientWithVolunteerDetail.path]: VotPatientWithVolunteer },
    '/admin/dot-patient-with-volunteer-detail/11',
  );
  const section = await screen.findByRole('region', { name: 'Follow-ups' }, { timeout: 5000 });
  expect(within(section).getByTestId('follow-up-standing')).toHaveTextContent('Closed 2026-03-09: dose observed');
  expect(within(section).getByRole('row', { name: /Phone call/ })).toHaveTextContent('Ko Field');
  await waitFor(() => expect(followUpsApi.historyOf).toHaveBeenCalledWith(11, expect.anything()));
});
