import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INVESTIGATION_KINDS, INVESTIGATION_LABELS } from '@vot/shared/domain';
import { townshipsApi } from '@vot/shared/lists';
import { INVESTIGATIONS } from '@vot/shared/schemas';
import {
  choose,
  clearNotices,
  closeSelect,
  fakeApi,
  itemOf,
  updatedOf,
  listOf,
  notices,
  openSelect,
  renderRoutes,
  signInAs,
} from '@vot/shared/testing';
import { HLAINGTHAYA, INSEIN, aPatient } from '../../test-data';
import { patientsApi } from './patient.api';
import PatientInvestigations from './PatientInvestigations';

jest.setTimeout(30_000);
const PATH = '/admin/DSTB-patient-investigation/:id';

beforeEach(() => {
  const patients = fakeApi(patientsApi);
  const townships = fakeApi(townshipsApi);
  clearNotices();
  townships.list.mockResolvedValue(listOf([INSEIN, HLAINGTHAYA]));
  patients.show.mockResolvedValue(itemOf(aPatient()));
  patients.updateInvestigation.mockResolvedValue(
    updatedOf(aPatient({ investigations: { sputum_done_or_not_done: 'Done' } })),
  );
  patients.updateTbConclusion.mockResolvedValue(updatedOf(aPatient({ TB_status: 'DRTB' })));
});
afterEach(() => jest.restoreAllMocks());

async function openSection(section = '') {
  signInAs('Field Officer', [HLAINGTHAYA]);
  renderRoutes(
    { [PATH]: PatientInvestigations },
    `/admin/DSTB-patient-investigation/21${section ? `?section=${section}` : ''}`,
  );
  await screen.findByRole('heading', { name: 'Daw Mya Mya' });
}
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

it('opens on Presumptive Info (read-only registration facts), with every section button and Move To VOT', async () => {
  await openSection();
  const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
  expect(tabs).toEqual([
    'Presumptive Info',
    'Sputum',
    'Chest X-Ray',
    'Gene Xpert',
    'Truenat',
    'FNAC',
    'Tuberculin Skin',
    'Sputum Culture',
    'Drug Sensitivity',
    'Other Investigation',
    'TB Conclusion',
  ]);
  expect(screen.getByRole('tab', { name: 'Presumptive Info' })).toHaveAttribute('aria-selected', 'true');
  expect(field('Name')).toHaveValue('Daw Mya Mya');
  expect(field('Name')).toHaveAttribute('readonly');
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Move To VOT' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/admin/move-to-DOT/21?VOT_accept=Yes');
});

it.each(INVESTIGATION_KINDS)(
  '%s: Done or Not Done is required; Done requires every result; they are disabled until Done',
  async (kind) => {
    const { test, fields } = INVESTIGATIONS[kind];
    await openSection(kind);
    expect(screen.getByRole('tab', { name: INVESTIGATION_LABELS[kind] })).toHaveAttribute('aria-selected', 'true');
    for (const f of fields) expect(screen.getByLabelText(f.label, { selector: 'input' })).toBeDisabled();
    await save();
    expect(await screen.findByText(`${test} Done or Not Done is required!`)).toBeInTheDocument();
    await choose(`${test} Done or Not Done`, 'Done');
    for (const f of fields) expect(screen.getByLabelText(f.label, { selector: 'input' })).toBeEnabled();
    await save();
    for (const f of fields) expect(await screen.findByText(f.message)).toBeInTheDocument();
    expect(patientsApi.updateInvestigation).not.toHaveBeenCalled();
  },
);

it('Not Done empties and disables date and result, and sends them as null', async () => {
  jest.mocked(patientsApi.show).mockResolvedValue(
    itemOf(
      aPatient({
        investigations: {
          sputum_done_or_not_done: 'Done',
          sputum_examination_date: '2025-02-01',
          sputum_smear_result: '+',
        },
      }),
    ),
  );
  await openSection('sputum');
  expect(field('Sputum Examination Date')).toHaveValue('2025-02-01');
  await choose('Sputum Done or Not Done', 'Not Done');
  expect(field('Sputum Examination Date')).toBeDisabled();
  // The old values are not left greyed on screen: the server will store null.
  await waitFor(() => expect(field('Sputum Examination Date')).toHaveValue(''));
  expect(screen.queryByText('+')).toBeNull();
  await save();
  await waitFor(() =>
    expect(patientsApi.updateInvestigation).toHaveBeenCalledWith('sputum', 21, {
      sputum_done_or_not_done: 'Not Done',
      sputum_examination_date: null,
      sputum_smear_result: null,
    }),
  );
  expect(notices()).toContain('Patient has been updated successfully!');
});

it('records a Gene Xpert result', async () => {
  await openSection('gene-Xpert');
  await choose('Gene Xpert Done or Not Done', 'Done');
  fireEvent.change(field('GXP Examination Date'), { target: { value: '2025-02-03' } });
  await choose('Gene Xpert Result', 'RR: MTB detected, Rif resistance detected');
  await save();
  await waitFor(() =>
    expect(patientsApi.updateInvestigation).toHaveBeenCalledWith('gene-Xpert', 21, {
      gene_Xpert_done_or_not_done: 'Done',
      gene_Xpert_examination_date: '2025-02-03',
      gene_Xpert_result: 'RR: MTB detected, Rif resistance detected',
    }),
  );
});

describe('TB Conclusion', () => {
  it('TB Status is required; treatment status is required unless No TB, which clears and disables it', async () => {
    await openSection('tb-conclusion');
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    await save();
    expect(await screen.findByText('TB Status is required!')).toBeInTheDocument();
    await choose('TB Status', 'DRTB');
    await save();
    expect(await screen.findByText('Treatment Status is required!')).toBeInTheDocument();
    await choose('Treatment Status', 'Not yet started treatment');
    await choose('TB Status', 'No TB');
    await waitFor(() => expect(field('Treatment Status')).toBeDisabled());
    await save();
    await waitFor(() =>
      expect(patientsApi.updateTbConclusion).toHaveBeenCalledWith(
        21,
        expect.objectContaining({
          TB_status: 'No TB',
          treatment_status: null,
          TB_DRTB_code: null,
          treatment_regimen: null,
        }),
      ),
    );
  });

  it('a treated status shows the detailed fields and their messages; HIV, CPT, ART and outcome dates follow their answers', async () => {
    // The conclusion's treatment start date is the registration's own field: none given at registration here.
    jest.mocked(patientsApi.show).mockResolvedValue(itemOf(aPatient({ treatment_start_date: null })));
    await openSection('tb-conclusion');
    expect(screen.queryByLabelText('TB Registration Code')).toBeNull();
    await choose('TB Status', 'DRTB');
    await choose('Treatment Status', 'Received TB Treatment');
    expect(screen.queryByLabelText('HIV Test Date')).toBeNull();
    await choose('HIV Test', 'Done');
    await choose('CPT Status', 'Yes');
    await choose('ART Status', 'Yes');
    await choose('Treatment Outcome', 'Cured');
    await save();
    for (const message of [
      'TB Registration Code is required!',
      'Treatment Start Date is required!',
      'Defined TB Type is required!',
      'HIV Test Date is required!',
      'CPT Date is required!',
      'ART Date is required!',
      'Select Treatment Outcome Date',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(patientsApi.updateTbConclusion).not.toHaveBeenCalled();
  });

  it('a treated status shows the registered regimen to change; 9. Other asks its text', async () => {
    await openSection('tb-conclusion');
    expect(screen.queryByLabelText('Treatment Regimen')).toBeNull();
    await choose('TB Status', 'DRTB');
    await choose('Treatment Status', 'Received TB Treatment');
    expect(field('Treatment Regimen').closest('.p-dropdown')).toHaveTextContent('1. LTR');
    await choose('Treatment Regimen', '9. Other');
    await save();
    expect(await screen.findByText('Other is required!')).toBeInTheDocument();
    expect(patientsApi.updateTbConclusion).not.toHaveBeenCalled();
  });

  it('the other TB type is enabled only for extra-pulmonary types; a Non-Reactive result reduces the ART choices', async () => {
    await openSection('tb-conclusion');
    await choose('TB Status', 'TB');
    await choose('Treatment Status', 'Refer to other Township');
    await choose('Defined TB Type', 'Pulmonary BC');
    expect(field('Defined TB Type (Other)')).toBeDisabled();
    await choose('Defined TB Type', 'Extra Pulmonary CD');
    expect(field('Defined TB Type (Other)')).toBeEnabled();
    expect(await openSelect('ART Status')).toEqual(['Yes', 'No', 'Not applicable']);
    await closeSelect();
    await choose('HIV Test', 'Done');
    await choose('HIV Result', 'Non-Reactive');
    await waitFor(async () => {
      expect(await openSelect('ART Status')).toEqual(['Not applicable']);
    });
    await closeSelect();
  });

  it('says before Save which entered values a conclusion without treatment will clear', async () => {
    jest.mocked(patientsApi.show).mockResolvedValue(
      itemOf(
        aPatient({
          TB_status: 'DRTB',
          treatment_status: 'Received TB Treatment',
          TB_DRTB_code: 'HTY-DR-7',
          treatment_start_date: '2025-01-10',
        }),
      ),
    );
    await openSection('tb-conclusion');
    expect(screen.queryByRole('status')).toBeNull();
    await choose('Treatment Status', 'Not yet started treatment');
    const warning = await screen.findByRole('status');
    expect(warning).toHaveTextContent('Saving clears what was entered before:');
    expect(warning).toHaveTextContent('Treatment Start Date: 2025-01-10');
    expect(warning).toHaveTextContent('TB Registration Code: HTY-DR-7');
    // The registered regimen stays: the API keeps it.
    expect(warning).not.toHaveTextContent('Treatment Regimen');
    await choose('Treatment Status', 'Received TB Treatment');
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('sends the hidden fields as null', async () => {
    await openSection('tb-conclusion');
    await choose('TB Status', 'DRTB');
    await choose('Treatment Status', 'Received TB Treatment');
    await userEvent.type(field('TB Registration Code'), 'HTY-DR-7');
    fireEvent.change(field('Treatment Start Date'), { target: { value: '2025-02-05' } });
    await choose('Defined TB Type', 'Pulmonary BC');
    await choose('HIV Test', 'Not Done');
    await save();
    await waitFor(() =>
      expect(patientsApi.updateTbConclusion).toHaveBeenCalledWith(
        21,
        expect.objectContaining({
          TB_DRTB_code: 'HTY-DR-7',
          treatment_start_date: '2025-02-05',
          treatment_regimen: '1. LTR',
          treatment_regimen_other: null,
          defined_TB_type: 'Pulmonary BC',
          defined_TB_type_other: null,
          HIV_test: 'Not Done',
          HIV_test_date: null,
          HIV_result: null,
          CPT_date: null,
          treatment_outcome_date: null,
        }),
      ),
    );
  });
});

it('a role that may only read sees neither Save nor Move To VOT', async () => {
  signInAs('Project Officer');
  renderRoutes({ [PATH]: PatientInvestigations }, '/admin/DSTB-patient-investigation/21?section=sputum');
  await screen.findByRole('heading', { name: 'Daw Mya Mya' });
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Move To VOT' })).toBeNull();
});
