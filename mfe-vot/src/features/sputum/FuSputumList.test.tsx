import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@vot/shared/domain';
import { sheetRows } from '@vot/shared/lists';
import type { FuSputumRecord } from '@vot/shared/schemas';
import { FU_SPUTUM_LIST } from '../../routes';
import {
  choose,
  clearNotices,
  fakeApi,
  itemOf,
  listOf,
  notices,
  recordDownloads,
  renderRoutes,
  signInAs,
} from '@vot/shared/testing';
import { aPatient } from '../../test-data';
import { patientTreatmentApi } from '../patient-treatment.api';
import { fuSputumApi } from './sputum.api';
import { fuSputumScreen } from './sputum.screen';
import FuSputumList from './FuSputumList';

const record: FuSputumRecord = {
  id: 31,
  patient_id: 5,
  month: '2',
  to_send_date: '2026-03-01',
  send_date: '2026-03-02',
  smear: 'Done',
  smear_date: '2026-03-03',
  smear_result: 'Scanty',
  remark: null,
  culture_and_DST: null,
  culture_and_DST_date: null,
  culture_and_DST_result: null,
};

beforeEach(() => {
  clearNotices();
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient()));
  fakeApi(fuSputumApi).listOf.mockResolvedValue(listOf([record]));
  fakeApi(fuSputumApi).create.mockResolvedValue({ data: { ...record, id: 32 }, status: 'success' });
  fakeApi(fuSputumApi).exportOf.mockResolvedValue({
    data: [{ ...record, patient_name: 'Daw Hla' }],
    status: 'success',
  });
});
afterEach(() => jest.restoreAllMocks());

async function open(role: Role) {
  signInAs(role);
  renderRoutes({ [FU_SPUTUM_LIST]: FuSputumList }, '/admin/FU-sputum-examinition-list/5');
  return (await screen.findByRole('cell', { name: 'Scanty' }, { timeout: 8000 })).closest('tr')!;
}

it('names the patient from the record and lists ID, Month, To Send Date, Send Date, Smear, Date and Result', async () => {
  await open('Data Assistant');
  expect(screen.getByRole('heading', { name: 'Daw Hla F/U Sputum Examinition List' })).toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(1);
  expect(patientTreatmentApi.show).toHaveBeenCalledWith(5);
  for (const header of ['ID', 'Month', 'To Send Date', 'Send Date', 'Smear', 'Date', 'Result'])
    expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
  expect(fuSputumApi.listOf).toHaveBeenCalledWith(5, expect.anything());
});

it('asks Month and Smear; Done asks the smear date and result, disabled until then', async () => {
  await open('Field Officer');
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog', { name: 'Create F/U Sputum Examinition' });
  expect(within(dialog).getByLabelText('Smear Date')).toBeDisabled();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Month is required!')).toBeInTheDocument();
  expect(within(dialog).getByText('Smear is required!')).toBeInTheDocument();
  await choose('Smear', 'Done');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Smear Date is required!')).toBeInTheDocument();
  expect(within(dialog).getByText('Smear Result is required!')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Smear Date')).toBeEnabled();
  expect(fuSputumApi.create).not.toHaveBeenCalled();
}, 20_000);

it('Not Done empties a smear date already typed (the server stores null)', async () => {
  await open('Field Officer');
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog', { name: 'Create F/U Sputum Examinition' });
  await choose('Smear', 'Done');
  await userEvent.type(within(dialog).getByLabelText('Smear Date'), '2026-03-03');
  await choose('Smear', 'Not Done');
  await waitFor(() => expect(within(dialog).getByLabelText('Smear Date')).toHaveValue(''));
  expect(within(dialog).getByLabelText('Smear Date')).toBeDisabled();
}, 20_000);

it('sends Not Done without a smear date or result', async () => {
  await open('Field Officer');
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog', { name: 'Create F/U Sputum Examinition' });
  await choose('Month', 'End of Month');
  await choose('Smear', 'Not Done');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(fuSputumApi.create).toHaveBeenCalledWith(
      expect.objectContaining({
        patient_id: 5,
        month: 'End of Month',
        smear: 'Not Done',
        smear_date: null,
        smear_result: null,
      }),
    ),
  );
  expect(notices()).toContain('F/U Sputum Examinition has been created successfully!');
}, 20_000);

it("exports 'FU-Sputum-Examinition'", async () => {
  const downloads = recordDownloads();
  await open('Project Officer');
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
  expect(downloads[0]!.name).toBe('FU-Sputum-Examinition.xlsx');
  expect(sheetRows(fuSputumScreen(5, 'Daw Hla').export!.columns, [{ ...record, patient_name: 'Daw Hla' }])[1]).toEqual([
    31,
    'Daw Hla',
    '2',
    '2026-03-01',
    '2026-03-02',
    'Done',
    '2026-03-03',
    'Scanty',
    '',
  ]);
}, 15_000);
