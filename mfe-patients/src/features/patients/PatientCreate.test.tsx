import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@vot/shared/api';
import { townshipsApi } from '@vot/shared/lists';
import { choose, clearNotices, fakeApi, itemOf, listOf, notices, renderRoutes, signInAs } from '@vot/shared/testing';
import { HLAINGTHAYA, INSEIN, aPatient } from '../../test-data';
import { patientsApi } from './patient.api';
import PatientCreate from './PatientCreate';

// Long forms typed key by key: slow on a busy 2-core machine.
jest.setTimeout(60_000);

const CREATE = '/admin/DSTB-patient-create';
const NO_SPS = '/admin/DSTB-no-sps-patient-create';

beforeEach(() => {
  const patients = fakeApi(patientsApi);
  const townships = fakeApi(townshipsApi);
  clearNotices();
  townships.list.mockResolvedValue(listOf([INSEIN, HLAINGTHAYA]));
  patients.create.mockResolvedValue(itemOf(aPatient({ id: 31 })));
  patients.createNoSps.mockResolvedValue(itemOf(aPatient({ id: 32, SP_code: null })));
  patients.latestPresumptiveNumber.mockResolvedValue(itemOf({ latest: 41, next: 42 }));
  patients.possibleDuplicates.mockResolvedValue(listOf([]));
});
afterEach(() => jest.restoreAllMocks());

function openCreate(url = CREATE) {
  renderRoutes(
    {
      [CREATE]: PatientCreate,
      [NO_SPS]: () => <PatientCreate noSps />,
      '/admin/DSTB-patient-detail/:id': () => <p>Detail page</p>,
    },
    url,
    '/admin/TB-patient-list',
  );
}
const type = (label: string, text: string) => userEvent.type(screen.getByLabelText(label), text);
const setDate = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

it('is a page titled Add DRTB patient that shows no message before anything is typed', async () => {
  signInAs('Field Officer', [HLAINGTHAYA]);
  openCreate();
  expect(screen.getByRole('heading', { name: 'Add DRTB patient' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).toBeNull();
  await userEvent.tab();
  await userEvent.tab();
  expect(screen.queryAllByRole('alert')).toHaveLength(0);
  expect(screen.queryByText(/Loading/)).toBeNull();
});

it('Save of an empty form says every required field of SPEC.md §5, and sends nothing', async () => {
  signInAs('MEAL Associate');
  openCreate();
  await save();
  for (const message of [
    'Year is required!',
    'Township is required!',
    'SP Code is required!',
    'Name is required!',
    'Age is required!',
    'Sex is required!',
    'Treatment Regimen is required!',
    'Patient Address is required!',
    'Patient Phone No is required!',
    'Contact Info is required!',
    'Contact Phone No is required!',
    'Primary Language is required!',
    'Height(cm) is required!',
    'Initial Body Weight(kg) is required!',
  ]) {
    expect(await screen.findByText(message)).toBeInTheDocument();
  }
  // BMI is worked out, not typed: no message under it; Height and Weight carry theirs.
  expect(screen.queryByText('BMI is required!')).toBeNull();
  expect(patientsApi.create).not.toHaveBeenCalled();
});

it('asks the Other regimen only for 9. Other, checks phone numbers and limits', async () => {
  signInAs('MEAL Associate');
  openCreate();
  expect(screen.queryByLabelText('Other')).toBeNull();
  await choose('Treatment Regimen', '9. Other');
  await type('Contact Phone No', '12');
  await type('Patient Phone No', '0942000000012345');
  await type('Age', '121');
  await type('Height(cm)', '252');
  await type('Initial Body Weight(kg)', '636');
  await save();
  expect(await screen.findByText('Other is required!')).toBeInTheDocument();
  expect(screen.getAllByText('Invalid Phone Number')).toHaveLength(2);
  expect(screen.getByText('Age must be between 0 and 120!')).toBeInTheDocument();
  expect(screen.getByText('Height(cm) must be between 0 and 251!')).toBeInTheDocument();
  expect(screen.getByText('Initial Body Weight(kg) must be between 0 and 635!')).toBeInTheDocument();
});

it('refuses dates after today', async () => {
  signInAs('MEAL Associate');
  openCreate();
  setDate('DOB', '2999-01-01');
  setDate('Treatment Start Date', '2999-01-01');
  await save();
  expect(await screen.findByText('DOB may not be after today!')).toBeInTheDocument();
  expect(screen.getByText('Treatment Start Date may not be after today!')).toBeInTheDocument();
});

it('fills Age from DOB, BMI and its label from height and weight, and clears one code when the other is typed', async () => {
  signInAs('MEAL Associate');
  openCreate();
  setDate('DOB', '1990-01-01');
  await waitFor(() => expect(Number((screen.getByLabelText('Age') as HTMLInputElement).value)).toBeGreaterThan(30));
  await type('Height(cm)', '160');
  await type('Initial Body Weight(kg)', '55');
  // Computed values, not inputs: nobody is asked to type in them.
  await waitFor(() => expect(screen.getByLabelText('BMI')).toHaveTextContent('21.5'));
  expect(screen.getByLabelText('BMI').tagName).toBe('OUTPUT');
  expect(screen.getByLabelText('BMI')).toHaveAccessibleDescription('From Height(cm) and Initial Body Weight(kg)');
  expect(screen.getByLabelText('BMI Category')).toHaveTextContent('Healthy');
  expect(screen.queryByRole('textbox', { name: 'BMI' })).toBeNull();
  await userEvent.clear(screen.getByLabelText('Initial Body Weight(kg)'));
  await type('Initial Body Weight(kg)', '45');
  await waitFor(() => expect(screen.getByLabelText('BMI Category')).toHaveTextContent('Underweight'));
  await type('Lab Code', 'LAB-1');
  await type('DRTB Code', 'DR-9');
  await waitFor(() => expect(screen.getByLabelText('Lab Code')).toHaveValue(''));
  await type('Lab Code', 'L');
  await waitFor(() => expect(screen.getByLabelText('DRTB Code')).toHaveValue(''));
});

it('adds household contacts only with name and age, and removes them', async () => {
  signInAs('MEAL Associate');
  openCreate();
  await userEvent.type(screen.getByLabelText('Household Contact Name'), 'U Hla');
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
  expect(screen.getByText('Please enter name and age of household contact!')).toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Household Contact Age'), '45');
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
  const table = screen.getByRole('group', { name: 'Household Contacts' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent),
  ).toEqual(['No', 'Name', 'Age', 'Delete']);
  expect(within(table).getByRole('cell', { name: 'U Hla' })).toBeInTheDocument();
  expect(screen.queryByText('Please enter name and age of household contact!')).toBeNull();
  await userEvent.click(within(table).getByRole('button', { name: 'Delete U Hla' }));
  expect(within(table).queryByRole('cell', { name: 'U Hla' })).toBeNull();
});

async function fillValidPatient() {
  await choose('Year', '2025');
  await type('SP Code', 'SP-0031');
  await type('Name', 'Daw Hnin');
  await type('Age', '30');
  await choose('Sex', 'Female');
  await choose('Treatment Regimen', '4. BPal');
  await type('Patient Address', 'No. 9, Main Road');
  await type('Patient Phone No', '09420000031');
  await type('Contact Info', 'U Aung');
  await type('Contact Phone No', '09420000032');
  await type('Primary Language', 'Burmese');
  await type('Height(cm)', '150');
  await type('Initial Body Weight(kg)', '50');
  await userEvent.type(screen.getByLabelText('Household Contact Name'), 'U Aung');
  await userEvent.type(screen.getByLabelText('Household Contact Age'), '33');
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
}

it('a Field Officer registers in their township: the notice, then the new patient’s detail', async () => {
  signInAs('Field Officer', [HLAINGTHAYA]);
  openCreate();
  expect(townshipsApi.list).not.toHaveBeenCalled();
  await fillValidPatient();
  await save();
  await waitFor(() => expect(patientsApi.create).toHaveBeenCalled());
  expect(patientsApi.create).toHaveBeenCalledWith(
    expect.objectContaining({
      township_id: 7,
      year: 2025,
      name: 'Daw Hnin',
      BMI: 22.2,
      household_contacts: [{ name: 'U Aung', age: 33 }],
      treatment_regimen_other: null,
    }),
  );
  expect(jest.mocked(patientsApi.create).mock.calls[0]![0]).not.toHaveProperty('BMI_label');
  expect(notices()).toContain('Patient has been created successfully!');
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/DSTB-patient-detail/31'));
});

it('shows the server’s refusal under its field and keeps the values', async () => {
  signInAs('Field Officer', [HLAINGTHAYA]);
  jest.mocked(patientsApi.create).mockRejectedValue(
    new ApiError('SP Code is already used in this township!', 400, {
      SP_code: ['SP Code is already used in this township!'],
    }),
  );
  openCreate();
  await fillValidPatient();
  await save();
  expect(await screen.findByText('SP Code is already used in this township!')).toBeInTheDocument();
  expect(notices()).toContain('SP Code is already used in this township!');
  expect(screen.getByLabelText('Name')).toHaveValue('Daw Hnin');
});

it('the no-SPS form needs no SP code, shows the township’s next presumptive number and sends it', async () => {
  signInAs('Data Assistant');
  openCreate(NO_SPS);
  expect(screen.getByRole('heading', { name: 'To Add DRTB No SPS Patient' })).toBeInTheDocument();
  await choose('Township', 'Insein');
  await waitFor(() => expect(screen.getByLabelText('Presumptive TB Number')).toHaveValue('42'));
  expect(patientsApi.latestPresumptiveNumber).toHaveBeenCalledWith(3);
  await fillValidPatient();
  await userEvent.clear(screen.getByLabelText('SP Code'));
  await save();
  await waitFor(() =>
    expect(patientsApi.createNoSps).toHaveBeenCalledWith(
      expect.objectContaining({ township_id: 3, presumptive_TB_number: 42 }),
    ),
  );
  expect(screen.queryByText('SP Code is required!')).toBeNull();
});

it('a refused Save takes the user to the first field with a message', async () => {
  signInAs('MEAL Associate');
  openCreate();
  await type('Name', 'Daw Hnin');
  await save();
  await screen.findByText('Year is required!');
  await waitFor(() => expect(screen.getByLabelText('Year', { selector: 'input' })).toHaveFocus());
});

it('shows the patients who may be this one before saving; the user goes back, or registers anyway', async () => {
  jest.mocked(patientsApi.possibleDuplicates).mockResolvedValue(
    listOf([
      {
        id: 8,
        name: 'Daw Hnin',
        code: 'HTY-P0008',
        SP_code: 'SP-0008',
        age: 31,
        sex: 'Female',
        township: HLAINGTHAYA,
        patient_phone_no: '09420000031',
        status: 1,
        same_name: true,
        same_phone: true,
      },
    ]),
  );
  signInAs('Field Officer', [HLAINGTHAYA]);
  openCreate();
  await fillValidPatient();
  await userEvent.clear(screen.getByLabelText('Patient Phone No'));
  await type('Patient Phone No', '+95 9 420 000 031');
  await save();
  const dialog = await screen.findByRole('dialog', { name: 'Possible duplicate' });
  expect(patientsApi.possibleDuplicates).toHaveBeenCalledWith({
    township_id: 7,
    name: 'Daw Hnin',
    age: 30,
    patient_phone_no: '+95 9 420 000 031',
  });
  const row = within(dialog).getByRole('row', { name: /HTY-P0008/ });
  expect(row).toHaveTextContent('Same name, age within 2 years; Same phone');
  expect(within(row).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/admin/DSTB-patient-detail/8');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Go back' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Possible duplicate' })).toBeNull());
  expect(patientsApi.create).not.toHaveBeenCalled();
  expect(screen.getByLabelText('Name')).toHaveValue('Daw Hnin');

  await save();
  await userEvent.click(
    within(await screen.findByRole('dialog', { name: 'Possible duplicate' })).getByRole('button', {
      name: 'Register anyway',
    }),
  );
  // Sent as typed: the API stores it normalised and as typed.
  await waitFor(() =>
    expect(patientsApi.create).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Daw Hnin', patient_phone_no: '+95 9 420 000 031' }),
    ),
  );
  await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/DSTB-patient-detail/31'));
});
