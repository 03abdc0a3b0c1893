import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COLOURS } from '@vot/shared/domain';
import type { PatientExportRow } from '@vot/shared/schemas';
import { sheetRows, townshipsApi } from '@vot/shared/lists';
import { fakeApi, listOf, recordDownloads, renderRoutes, signInAs } from '@vot/shared/testing';
import { HLAINGTHAYA, INSEIN, aPatient } from '../../test-data';
import { patientsApi } from './patient.api';
import { PATIENT_LISTS, type PatientListCategory } from './patient.lists';
import PatientList from './PatientList';
import { YELLOW } from '@vot/shared/lists';
import { PATIENT_EXPORT_COLUMNS } from './patient.screen';

const rows = [
  aPatient({ id: 21, name: 'Daw Mya Mya', VOT_eligible: null }),
  aPatient({ id: 22, name: 'U Kyaw', SP_code: 'SP-0022', VOT_eligible: 'Yes', TB_status: 'DRTB' }),
  aPatient({
    id: 23,
    name: 'Daw Su',
    SP_code: 'SP-0023',
    VOT_eligible: 'Yes',
    DOT_end_date: '2025-06-01',
    TB_status: 'No TB',
    township: INSEIN,
  }),
];

beforeEach(() => {
  const patients = fakeApi(patientsApi);
  const townships = fakeApi(townshipsApi);
  patients.list.mockResolvedValue(listOf(rows));
  townships.list.mockResolvedValue(listOf([INSEIN, HLAINGTHAYA]));
});
afterEach(() => jest.restoreAllMocks());

async function open(category: PatientListCategory, query = '') {
  const path = PATIENT_LISTS[category].path;
  renderRoutes({ [path]: () => <PatientList category={category} /> }, `${path}${query}`, '/admin/dashboard');
  return screen.findByRole('cell', { name: 'Daw Mya Mya' });
}
function anExportRow(): PatientExportRow {
  return {
    id: 21,
    SP_code: 'SP-0021',
    name: 'Daw Mya Mya',
    code: 'HTY-P0021',
    plain_password: 'p4Tq8wZx',
    TSP: 'HTY',
    RR_code: 'LAB-77',
    DRTB_code: null,
    unique_id: 'HTY-DR-021',
    age: 41,
    sex: 'Female',
    year: 2025,
    township: 'Hlaingthaya',
    dot_patient_id_gf: null,
    presumptive_TB_number: null,
    DOB: null,
    treatment_start_date: null,
    treatment_regimen: '1. LTR',
    patient_phone_no: '09420000021',
    TB_status: null,
    treatment_status: null,
    VOT_eligible: null,
    VOT_accept: null,
    DOT_start_date: null,
    DOT_end_date: null,
    pure_or_hybrid: null,
    report_period: null,
  };
}
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr')!;
const idColourOf = (name: string) =>
  within(rowOf(name)).getAllByRole('cell')[0]!.querySelector('[data-colour]')!.getAttribute('data-colour');

it('asks the TB list with its flag and shows the columns of SPEC.md §2', async () => {
  signInAs('MEAL Associate');
  await open('tb', '?page=2&name=Mya');
  expect(patientsApi.list).toHaveBeenLastCalledWith({ TB_patient: 'true', name: 'Mya', page: 2 }, expect.anything());
  expect(screen.getByRole('heading', { name: 'TB Patient List' })).toBeInTheDocument();
  const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
  expect(headers).toEqual([
    'ID',
    'SP Code',
    'Name',
    'Code',
    'Password',
    'TSP',
    'RR Code',
    'DRTB Code',
    'Township DRTB Code',
    'Age',
    'Sex',
    'Action',
  ]);
  expect(within(rowOf('Daw Mya Mya')).getByRole('cell', { name: 'HTY' })).toBeInTheDocument();
});

it('colours the general list: blue once VOT ended, yellow while eligibility is unset, else red; TB rows highlighted', async () => {
  signInAs('MEAL Associate');
  await open('tb');
  expect(idColourOf('Daw Su')).toBe(COLOURS.blue);
  expect(idColourOf('Daw Mya Mya')).toBe(YELLOW);
  expect(idColourOf('U Kyaw')).toBe(COLOURS.red);
  expect(rowOf('U Kyaw')).toHaveClass('vot-patient-with-tb');
  expect(rowOf('Daw Su')).not.toHaveClass('vot-patient-with-tb');
});

it('colours the eligible list by DOT end only (no yellow)', async () => {
  signInAs('MEAL Associate');
  await open('eligible');
  expect(patientsApi.list).toHaveBeenLastCalledWith({ VOT_eligible: 'Yes', page: 1 }, expect.anything());
  expect(idColourOf('Daw Mya Mya')).toBe(COLOURS.red);
  expect(idColourOf('Daw Su')).toBe(COLOURS.blue);
});

it('Search writes name, SP code and township DRTB code into the URL and goes to page 1', async () => {
  signInAs('MEAL Associate');
  await open('tb', '?page=3');
  await userEvent.type(screen.getByLabelText('Search name'), 'Kyaw');
  await userEvent.type(screen.getByLabelText('Search SP Code'), 'SP-0022');
  await userEvent.type(screen.getByLabelText('Search Township DRTB Code'), 'HTY-DR');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() =>
    expect(screen.getByTestId('where')).toHaveTextContent(
      '/admin/TB-patient-list?name=Kyaw&SP_code=SP-0022&unique_id=HTY-DR',
    ),
  );
  expect(patientsApi.list).toHaveBeenLastCalledWith(
    { TB_patient: 'true', name: 'Kyaw', SP_code: 'SP-0022', unique_id: 'HTY-DR', page: 1 },
    expect.anything(),
  );
});

it('hides the township filter from a Field Officer and shows it to others', async () => {
  signInAs('Field Officer', [HLAINGTHAYA]);
  await open('tb');
  expect(within(screen.getByRole('search')).queryByLabelText('Township')).toBeNull();
});

it('shows the township filter to a MEAL officer', async () => {
  signInAs('MEAL and Digital Tool Officer');
  await open('tb');
  expect(within(screen.getByRole('search')).getAllByLabelText('Township').length).toBeGreaterThan(0);
});

it('New opens the right create page on the TB and no-SPS lists only', async () => {
  signInAs('Data Assistant');
  await open('noSpCode');
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/admin/DSTB-no-sps-patient-create');
});

it('has no New on the eligible list, and a read-only role sees no New', async () => {
  signInAs('MEAL Associate');
  await open('eligible');
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
});

it('Detail of the no-VOT list opens the no-dot detail, the others the DSTB detail', async () => {
  signInAs('MEAL Associate');
  await open('noDot');
  await userEvent.click(within(rowOf('U Kyaw')).getByRole('button', { name: 'Detail' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/admin/no-dot-DSTB-patient-detail/22');
});

it('Detail of the screened list opens the DSTB patient detail', async () => {
  signInAs('MEAL Associate');
  await open('screened');
  await userEvent.click(within(rowOf('U Kyaw')).getByRole('button', { name: 'Detail' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/admin/DSTB-patient-detail/22');
});

it.each([
  ['tb', '', 'TB-Patients.xlsx', { TB_patient: 'true' }],
  ['noSpCode', '', 'Presumptive-TB-Patients.xlsx', { NO_SP_CODE: 'true' }],
  ['noDot', '?township_id=7', 'No-DOT-Patient-Hlaingthaya.xlsx', { no_DOT: 'true', township_id: '7' }],
] as const)('exports the %s list as %s', async (category, query, file, params) => {
  signInAs('MEAL Associate');
  const downloads = recordDownloads();
  jest.mocked(patientsApi.exportRows).mockResolvedValue({ data: [anExportRow()] });
  await open(category, query);
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads.map((d) => d.name)).toEqual([file]));
  expect(patientsApi.exportRows).toHaveBeenCalledWith(params);
  const sheet = sheetRows(PATIENT_EXPORT_COLUMNS, [anExportRow()]);
  expect(sheet[0]!.slice(0, 11)).toEqual([
    'ID',
    'SP Code',
    'Name',
    'Code',
    'Password',
    'TSP',
    'RR Code',
    'DRTB Code',
    'Township DRTB Code',
    'Age',
    'Sex',
  ]);
  expect(sheet[1]!.slice(0, 6)).toEqual([21, 'SP-0021', 'Daw Mya Mya', 'HTY-P0021', 'p4Tq8wZx', 'HTY']);
});

it.each([
  ['noDot', 'MEAL Associate', 'No-DOT-Patient-Hlaingthaya.xlsx'],
  ['clinic', 'Admin', 'All-Clinic-Patients-Hlaingthaya.xlsx'],
  ['eligible', 'MEAL Associate', 'VOT-Eligible-Patients-Hlaingthaya.xlsx'],
] as const)(
  'names the %s export from its rows, without asking for the townships again',
  async (category, role, file) => {
    signInAs(role);
    const downloads = recordDownloads();
    jest.mocked(patientsApi.exportRows).mockResolvedValue({ data: [anExportRow()] });
    await open(category, '?township_id=7');
    await waitFor(() => expect(townshipsApi.list).toHaveBeenCalled());
    const calls = jest.mocked(townshipsApi.list).mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(downloads.map((d) => d.name)).toEqual([file]));
    expect(townshipsApi.list).toHaveBeenCalledTimes(calls);
  },
);

it('has no Export on the screened list', async () => {
  signInAs('MEAL Associate');
  await open('screened');
  expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
});

it('the clinic list offers no Detail to clinic staff, who may not open a patient', async () => {
  signInAs('Clinic MO');
  await open('clinic');
  expect(patientsApi.list).toHaveBeenLastCalledWith({ clinic: 'true', page: 1 }, expect.anything());
  expect(screen.queryByRole('button', { name: 'Detail' })).toBeNull();
});
