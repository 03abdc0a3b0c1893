import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANGE_VOLUNTEER_CREATE, VOT_DETAILS_CONDITION } from '../../routes';
import { volunteerChoicesApi } from '@vot/shared/lists';
import {
  aVolunteer,
  choose,
  clearNotices,
  fakeApi,
  itemOf,
  listOf,
  notices,
  renderRoutes,
  signInAs,
} from '@vot/shared/testing';
import { aPatient } from '../../test-data';
import { changeVolunteersApi } from '../history/history.api';
import { patientTreatmentApi } from '../patient-treatment.api';
import { ChangeVolunteerCreate, VotDetailsCondition } from './ChangeVolunteer';

beforeEach(() => {
  clearNotices();
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient()));
  fakeApi(volunteerChoicesApi).list.mockResolvedValue(listOf([aVolunteer({ id: 2, name: 'U Ba', code: 'HTY-V0002' })]));
  fakeApi(changeVolunteersApi).create.mockResolvedValue({
    data: {} as never,
    status: 'success',
    message: 'Change Volunteer has been created successfully!',
  } as never);
});
afterEach(() => jest.restoreAllMocks());

async function open(url = '/admin/change-volunteer-create/5') {
  signInAs('Field Officer');
  renderRoutes({ [CHANGE_VOLUNTEER_CREATE]: ChangeVolunteerCreate, [VOT_DETAILS_CONDITION]: VotDetailsCondition }, url);
  await screen.findByRole('button', { name: 'Submit' });
}

it('shows the patient, current pure or hybrid, volunteer and type, and a button to each history', async () => {
  await open();
  expect(screen.getByRole('heading', { name: 'Daw Hla Change Volunteer' })).toBeInTheDocument();
  for (const text of ['Pure', 'Daw Aye', 'App']) expect(screen.getByText(text)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Pure or Hybrid History' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/admin/change-volunteer-list/5');
});

it('says why there is no form once the VOT has ended', async () => {
  jest.mocked(patientTreatmentApi.show).mockResolvedValue(itemOf(aPatient({ DOT_end_date: '2026-04-27' })));
  signInAs('Field Officer');
  renderRoutes({ [VOT_DETAILS_CONDITION]: VotDetailsCondition }, '/admin/vot-details-condition/5');
  expect(await screen.findByRole('note')).toHaveTextContent(
    "VOT ended on 2026-04-27: Daw Hla's pure or hybrid and volunteer can no longer change.",
  );
  expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Pure or Hybrid Change Histories' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/admin/pure-hybrid-histories/5');
});

it('asks every field with the spec messages; a volunteer and App or No App only with a volunteer', async () => {
  await open();
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Date is required')).toBeInTheDocument();
  expect(screen.getByText('VOT pure and hybrid required!')).toBeInTheDocument();
  expect(screen.getByText('VOT with Volunteer (Yes/No) is required!')).toBeInTheDocument();
  expect(screen.queryByLabelText('Select Volunteer')).toBeNull();
  await choose('VOT with Volunteer (Yes/No)', 'Yes');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Volunteer is required!')).toBeInTheDocument();
  expect(screen.getByText('App or No App is required!')).toBeInTheDocument();
}, 20_000);

it('Hybrid forces with volunteer Yes; the change is confirmed before it is sent', async () => {
  await open('/admin/vot-details-condition/5');
  await choose('VOT with Volunteer (Yes/No)', 'No');
  await choose('VOT Pure or Hybrid', 'Hybrid');
  expect(await screen.findByLabelText('Select Volunteer')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Date'), '2026-02-01');
  await choose('Select Volunteer', 'U Ba (HTY-V0002)');
  await choose('App or No App', 'No App');
  await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
  const confirm = await screen.findByRole('dialog', { name: 'Are you sure to update pure or hybrid' });
  expect(changeVolunteersApi.create).not.toHaveBeenCalled();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, update it!' }));
  await waitFor(() =>
    expect(changeVolunteersApi.create).toHaveBeenCalledWith({
      patient_id: 5,
      change_date: '2026-02-01',
      pure_or_hybrid: 'Hybrid',
      with_volunteer: 'Yes',
      volunteer_id: 2,
      type: 'No App',
    }),
  );
  expect(notices()).toContain('Change Volunteer has been created successfully!');
}, 25_000);
