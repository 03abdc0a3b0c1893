import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@vot/shared/api';
import { townshipsApi } from '@vot/shared/lists';
import {
  choose,
  clearNotices,
  fakeClock,
  fakeApi,
  itemOf,
  listOf,
  updatedOf,
  notices,
  openSelect,
  renderRoutes,
  signInAs,
} from '@vot/shared/testing';
import { HLAINGTHAYA, INSEIN, aPatient } from '../../test-data';
import { patientsApi } from './patient.api';
import PatientDetail from './PatientDetail';
import { GREEN } from './SectionButtons';

const DETAIL = '/admin/DSTB-patient-detail/:id';

beforeEach(() => {
  const patients = fakeApi(patientsApi);
  const townships = fakeApi(townshipsApi);
  clearNotices();
  townships.list.mockResolvedValue(listOf([INSEIN, HLAINGTHAYA]));
  patients.show.mockResolvedValue(itemOf(aPatient()));
});
afterEach(() => jest.restoreAllMocks());

async function openDetail(role: Parameters<typeof signInAs>[0] = 'MEAL Associate', query = '') {
  signInAs(role, [HLAINGTHAYA]);
  renderRoutes(
    {
      [DETAIL]: PatientDetail,
      '/admin/no-dot-DSTB-patient-detail/:id': PatientDetail,
      '/admin/TB-patient-list': () => <p>TB list</p>,
    },
    `/admin/DSTB-patient-detail/21${query}`,
    '/admin/TB-patient-list',
  );
  await screen.findByRole('heading', { name: 'Daw Mya Mya' });
}
const tab = (name: string) => screen.getByRole('tab', { name });
const colourOf = (name: string) => tab(name).getAttribute('data-colour');

it('shows the code and first password, and colours the tabs: green active, blue when set, red when not', async () => {
  jest.mocked(patientsApi.show).mockResolvedValue(itemOf(aPatient({ report_period: 'FY25Q2' })));
  await openDetail();
  expect(screen.getByLabelText('Code')).toHaveValue('HTY-P0021');
  expect(screen.getByLabelText('Password')).toHaveValue('p4Tq8wZx');
  expect(colourOf('Patient Information')).toBe(GREEN);
  expect(colourOf('VOT Eligible')).toBe('#EB2429');
  expect(colourOf('Reported Period')).toBe('#073674');
  expect(screen.queryByRole('tab', { name: 'VOT Accept' })).toBeNull();
  expect(screen.queryAllByRole('alert')).toHaveLength(0);
});

it('shows VOT Accept only for an eligible patient', async () => {
  jest.mocked(patientsApi.show).mockResolvedValue(itemOf(aPatient({ VOT_eligible: 'Yes' })));
  await openDetail();
  expect(colourOf('VOT Eligible')).toBe('#073674');
  expect(tab('VOT Accept')).toBeInTheDocument();
});

it('updates the information and says so', async () => {
  jest.mocked(patientsApi.updateInfo).mockResolvedValue(updatedOf(aPatient({ name: 'Daw Mya Mya Oo' })));
  await openDetail();
  await userEvent.clear(screen.getByLabelText('Name'));
  await userEvent.type(screen.getByLabelText('Name'), 'Daw Mya Mya Oo');
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
  await waitFor(() =>
    expect(patientsApi.updateInfo).toHaveBeenCalledWith(
      21,
      expect.objectContaining({ name: 'Daw Mya Mya Oo', township_id: 7 }),
    ),
  );
  expect(notices()).toContain('Patient has been updated successfully!');
  expect(await screen.findByRole('heading', { name: 'Daw Mya Mya Oo' })).toBeInTheDocument();
});

it('Move to Trash says who goes where and how to get them back, moves the patient to the trash, then goes back', async () => {
  jest.mocked(patientsApi.moveToTrash).mockResolvedValue(updatedOf(aPatient({ status: 0 })));
  await openDetail('Field Officer');
  const form = screen.getByRole('form', { name: 'Patient Information' });
  // Apart from the household contacts' row Deletes and from Update: the first of the form's buttons.
  const actions = within(form)
    .getAllByRole('button')
    .filter((b) => b.closest('.vot-dialog-actions'));
  expect(actions.map((b) => b.textContent)).toEqual(['Move to Trash', 'Reset Password', 'Update']);
  expect(within(form).queryByRole('button', { name: 'Delete' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Move to Trash' }));
  const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
  expect(confirm).toHaveTextContent(
    'Daw Mya Mya (HTY-P0021) goes to the Patient Trash and leaves the patient lists of Hlaingthaya. ' +
      'Nothing is deleted: the patient can be recovered from Trash › Patient Trash.',
  );
  expect(within(confirm).queryByText("You won't be able to recover this!")).toBeNull();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, move to trash' }));
  await waitFor(() => expect(patientsApi.moveToTrash).toHaveBeenCalledWith(21));
  expect(notices()).toContain('Patient has been deleted successfully!');
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/TB-patient-list'));
});

it('a read-only role sees the information without Update, Reset Password or Move to Trash', async () => {
  await openDetail('Project Officer');
  expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Reset Password' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Move to Trash' })).toBeNull();
});

it('Reset Password asks the confirmation, gives a new initial password, says so and shows it', async () => {
  jest.mocked(patientsApi.resetPassword).mockResolvedValue({
    ...itemOf(aPatient({ plain_password: 'Mn4p-Qr7s-Tv8w' })),
    message: 'Initial password reset.',
  });
  await openDetail('Field Officer');
  expect(screen.getByLabelText('Password')).toHaveValue('p4Tq8wZx');
  await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
  const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
  expect(
    within(confirm).getByText('Daw Mya Mya gets a new initial password, shown here, and is signed out of the app.'),
  ).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, reset it!' }));
  await waitFor(() => expect(patientsApi.resetPassword).toHaveBeenCalledWith(21));
  expect(notices()).toContain('Initial password reset.');
  await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue('Mn4p-Qr7s-Tv8w'));
  expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
});

it('VOT Eligible: required, a reason when No, sent null when Yes', async () => {
  const update = jest
    .mocked(patientsApi.updateVotEligible)
    .mockResolvedValue(updatedOf(aPatient({ VOT_eligible: 'Yes' })));
  await openDetail();
  await userEvent.click(tab('VOT Eligible'));
  expect(screen.queryAllByRole('alert')).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
  expect(await screen.findByText('VOT Eligible is required!')).toBeInTheDocument();
  await choose('VOT Eligible', 'No');
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
  expect(await screen.findByText('Reason For Not Eligible is required!')).toBeInTheDocument();
  await choose('Reason For Not Eligible', 'Adherence issues');
  await choose('VOT Eligible', 'Yes');
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
  await waitFor(() => expect(update).toHaveBeenCalledWith(21, { VOT_eligible: 'Yes', VOT_not_eligible_reason: null }));
  expect(await screen.findByRole('tab', { name: 'VOT Accept' })).toBeInTheDocument();
});

it('Reported Period: required, then Update Report Period', async () => {
  const update = jest
    .mocked(patientsApi.updateReportPeriod)
    .mockResolvedValue(updatedOf(aPatient({ report_period: 'FY25Q3' })));
  await openDetail('MEAL Associate', '?tab=period');
  await userEvent.click(screen.getByRole('button', { name: 'Update Report Period' }));
  expect(await screen.findByText('Reporting Period is required')).toBeInTheDocument();
  await choose('Reporting Period', 'FY25Q3');
  await userEvent.click(screen.getByRole('button', { name: 'Update Report Period' }));
  await waitFor(() => expect(update).toHaveBeenCalledWith(21, { report_period: 'FY25Q3' }));
});

it('Reported Period offers the quarters up to the one after today’s, on the day the year turns', async () => {
  // 18:00 UTC on 31 December 2026 is 1 January 2027 in Yangon.
  fakeClock(new Date('2026-12-31T18:00:00Z'));
  try {
    const update = jest.mocked(patientsApi.updateReportPeriod).mockResolvedValue(updatedOf(aPatient()));
    await openDetail('MEAL Associate', '?tab=period');
    const offered = await openSelect('Reporting Period');
    const panel = document.querySelector<HTMLElement>('.p-dropdown-panel')!;
    expect(offered[0]).toBe('FY24Q1');
    expect(offered.slice(-3)).toEqual(['FY26Q4', 'FY27Q1', 'FY27Q2']);
    await userEvent.click(within(panel).getByRole('option', { name: 'FY27Q1', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Report Period' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(21, { report_period: 'FY27Q1' }));
  } finally {
    jest.useRealTimers();
  }
});

it('VOT Accept: required, a reason when No, its text for Others (Specify); Move To VOT when Yes', async () => {
  jest.mocked(patientsApi.show).mockResolvedValue(itemOf(aPatient({ VOT_eligible: 'Yes' })));
  const update = jest
    .mocked(patientsApi.updateVotAccept)
    .mockResolvedValue(updatedOf(aPatient({ VOT_eligible: 'Yes', VOT_accept: 'No' })));
  await openDetail('MEAL Associate', '?tab=accept');
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
  expect(await screen.findByText('VOT Accept is required!')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Move To VOT' })).toBeNull();
  await choose('VOT Accept', 'No');
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
  expect(await screen.findByText('Reason is required!')).toBeInTheDocument();
  await choose('Reason', 'Others (Specify)');
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
  expect(await screen.findByText('Others (Specify) is required!')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Others (Specify)'), 'Works away');
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
  await waitFor(() =>
    expect(update).toHaveBeenCalledWith(21, {
      VOT_accept: 'No',
      VOT_not_accept_reason: 'Others (Specify)',
      VOT_not_accept_reason_other: 'Works away',
    }),
  );
});

it('Move To VOT leads to the move-to-DOT page once VOT Accept is Yes', async () => {
  jest.mocked(patientsApi.show).mockResolvedValue(itemOf(aPatient({ VOT_eligible: 'Yes', VOT_accept: 'Yes' })));
  await openDetail('MEAL Associate', '?tab=accept');
  await userEvent.click(screen.getByRole('button', { name: 'Move To VOT' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/admin/move-to-DOT/21?VOT_accept=Yes');
});

it('says Patient not found for an id outside the user’s townships', async () => {
  jest.mocked(patientsApi.show).mockRejectedValue(new ApiError('Not found', 404));
  signInAs('Field Officer', [INSEIN]);
  renderRoutes({ [DETAIL]: PatientDetail }, '/admin/DSTB-patient-detail/21');
  expect(await screen.findByRole('heading', { name: 'Patient not found.' })).toBeInTheDocument();
});

it('shows the day each VOT decision was made, as the report counts it; an undated one says so', async () => {
  jest
    .mocked(patientsApi.show)
    .mockResolvedValue(
      itemOf(
        aPatient({ VOT_eligible: 'Yes', VOT_eligible_date: '2026-09-12', VOT_accept: 'No', VOT_accept_date: null }),
      ),
    );
  await openDetail('MEAL Associate', '?tab=eligible');
  expect(await screen.findByTestId('decided-on')).toHaveTextContent('Decided on 2026-09-12.');
  await userEvent.click(screen.getByRole('tab', { name: 'VOT Accept' }));
  expect(await screen.findByTestId('decided-on')).toHaveTextContent(
    'Decided before decisions were dated (the day is not recorded).',
  );
});

it('lists the earlier decisions of a tab, newest first, with their days', async () => {
  const decision = (value: string, decided_at: string) => ({
    kind: 'eligible' as const,
    value,
    reason: null,
    decided_at,
  });
  jest.mocked(patientsApi.show).mockResolvedValue(
    itemOf(
      aPatient({
        VOT_eligible: 'Yes',
        VOT_eligible_date: '2026-10-20',
        VOT_decisions: [decision('No', '2026-09-01'), decision('Yes', '2026-09-15'), decision('Yes', '2026-10-20')],
      }),
    ),
  );
  await openDetail('MEAL Associate', '?tab=eligible');
  expect(await screen.findByTestId('earlier-decisions')).toHaveTextContent(
    'Earlier: Yes (decided on 2026-09-15); No (decided on 2026-09-01).',
  );
});
