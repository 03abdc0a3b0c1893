import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INFECTION_CHECKLIST_QUESTIONS } from '@vot/shared/domain';
import type { InfectionChecklistRecord } from '@vot/shared/schemas';
import { clearNotices, fakeApi, itemOf, listOf, renderRoutes, signInAs } from '@vot/shared/testing';
import type { Role } from '@vot/shared/domain';
import { INFECTION_CHECK_LIST } from '../../routes';
import { aPatient } from '../../test-data';
import { patientTreatmentApi } from '../patient-treatment.api';
import { infectionChecklistsApi } from './checklist.api';
import InfectionChecklist from './InfectionChecklist';

jest.setTimeout(30_000);

const checklist: InfectionChecklistRecord = {
  id: 41,
  patient_id: 5,
  date: '2026-03-04',
  answers: INFECTION_CHECKLIST_QUESTIONS.map((_, i) => ({
    answer: i < 17 ? 'Yes' : 'No',
    action: i === 17 ? 'Advised eggs and beans daily' : null,
  })),
  created_at: '2026-03-04T08:00:00.000Z',
};

beforeEach(() => {
  clearNotices();
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient()));
  fakeApi(infectionChecklistsApi).listOf.mockResolvedValue(listOf([checklist]));
});
afterEach(() => jest.restoreAllMocks());

async function open(role: Role) {
  signInAs(role);
  renderRoutes({ [INFECTION_CHECK_LIST]: InfectionChecklist }, '/admin/infection-check-list/5');
  return (await screen.findByRole('cell', { name: '2026-03-04' }, { timeout: 5000 })).closest('tr')!;
}

it("lists the patient's dated checklists under the patient's name", async () => {
  const row = await open('Project Officer');
  expect(screen.getByRole('heading', { name: 'Daw Hla Infection Control Check List' })).toBeInTheDocument();
  expect(within(row).getByRole('cell', { name: '17 / 19' })).toBeInTheDocument();
  expect(infectionChecklistsApi.listOf).toHaveBeenCalledWith(5, expect.anything());
  // Reading roles neither record nor delete.
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
  expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
});

it('Detail shows the 19 numbered Burmese questions with their answers and actions, read-only', async () => {
  const row = await open('Field Officer');
  // A Field Officer records checklists; deleting is the infection-list delete group's.
  expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
  await userEvent.click(within(row).getByRole('button', { name: 'Detail' }));
  const dialog = screen.getByRole('dialog', { name: 'Infection Control Check List Detail' });
  const first = within(dialog).getByLabelText(`1. ${INFECTION_CHECKLIST_QUESTIONS[0].my}`);
  expect(first).toHaveValue('Yes');
  expect(first).toHaveAttribute('readonly');
  expect(within(dialog).getByText(`19. ${INFECTION_CHECKLIST_QUESTIONS[18].my}`)).toHaveAttribute('lang', 'my');
  expect(within(dialog).getByLabelText('Action (18)')).toHaveValue('Advised eggs and beans daily');
  expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
});

it('a new checklist asks its date and an answer to every question', async () => {
  await open('Field Officer');
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Infection Control Check List' });
  expect(within(dialog).queryAllByRole('alert')).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Date is required!')).toBeInTheDocument();
  await waitFor(() =>
    expect(within(dialog).getAllByText('Answer is required!')).toHaveLength(INFECTION_CHECKLIST_QUESTIONS.length),
  );
  expect(infectionChecklistsApi.create).not.toHaveBeenCalled();
});

it('the Data Assistant (infection-list delete group) may delete a checklist', async () => {
  const row = await open('Data Assistant');
  expect(within(row).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
});
