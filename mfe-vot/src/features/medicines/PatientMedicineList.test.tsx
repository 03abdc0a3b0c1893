import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@vot/shared/domain';
import { PATIENT_MEDICINE_LIST } from '../../routes';
import { choose, clearNotices, fakeApi, itemOf, listOf, notices, renderRoutes, signInAs } from '@vot/shared/testing';
import { aPatient } from '../../test-data';
import { patientTreatmentApi } from '../patient-treatment.api';
import { patientMedicinesApi } from './medicine.api';
import PatientMedicineList from './PatientMedicineList';

beforeEach(() => {
  clearNotices();
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient()));
  fakeApi(patientMedicinesApi).listOf.mockResolvedValue(
    listOf([{ id: 21, patient_id: 5, medicine_name: 'Bedaquiline' }]),
  );
  fakeApi(patientMedicinesApi).create.mockResolvedValue({
    data: { id: 22, patient_id: 5, medicine_name: 'Linezolid' },
    status: 'success',
  });
  fakeApi(patientMedicinesApi).medicineOptions.mockResolvedValue([{ label: 'Linezolid', value: 'Linezolid' }]);
});
afterEach(() => jest.restoreAllMocks());

async function open(role: Role) {
  signInAs(role);
  renderRoutes({ [PATIENT_MEDICINE_LIST]: PatientMedicineList }, '/admin/patient-medicine-list/5');
  return (await screen.findByRole('cell', { name: 'Bedaquiline' }, { timeout: 8000 })).closest('tr')!;
}

it("lists the patient's medicines by ID and Name, titled with the patient's name from the record", async () => {
  await open('Data Assistant');
  expect(screen.getByRole('heading', { name: 'Daw Hla Medicine List' })).toBeInTheDocument();
  expect(screen.queryByRole('note')).toBeNull();
  expect(patientMedicinesApi.listOf).toHaveBeenCalledWith(5, expect.anything());
  expect(screen.getByRole('cell', { name: '21' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
});

it("asks 'Medicine is required!' and adds a medicine to the page's patient", async () => {
  await open('Field Officer');
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  const dialog = screen.getByRole('dialog', { name: 'Create Patient Medicine' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('Medicine is required!')).toBeInTheDocument();
  await choose('Medicine', 'Linezolid');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(patientMedicinesApi.create).toHaveBeenCalledWith({ patient_id: 5, medicine_name: 'Linezolid' }),
  );
  expect(notices()).toContain('Patient Medicine has been created successfully!');
});

it('shows no New, Update or Delete to a role that only reads', async () => {
  await open('Project Officer');
  for (const name of ['New', 'Update', 'Delete']) expect(screen.queryByRole('button', { name })).toBeNull();
});

it('after the VOT end date offers no New, Update or Delete, and says why', async () => {
  jest.mocked(patientTreatmentApi.show).mockResolvedValue(itemOf(aPatient({ DOT_end_date: '2026-04-27' })));
  await open('Field Officer');
  for (const name of ['New', 'Update', 'Delete']) expect(screen.queryByRole('button', { name })).toBeNull();
  expect(screen.getByRole('note')).toHaveTextContent(
    "VOT ended on 2026-04-27: Daw Hla's medicines can no longer be added, changed or removed.",
  );
});
