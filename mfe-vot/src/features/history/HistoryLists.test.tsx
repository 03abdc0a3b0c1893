import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANGE_VOLUNTEER_LIST, PURE_HYBRID_HISTORIES } from '../../routes';
import { fakeApi, itemOf, listOf, renderRoutes, signInAs } from '@vot/shared/testing';
import { aPatient } from '../../test-data';
import { patientTreatmentApi } from '../patient-treatment.api';
import { changeVolunteersApi, pureHybridHistoriesApi } from './history.api';
import { ChangeVolunteerList, PureHybridHistories } from './HistoryLists';

beforeEach(() => {
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient()));
  fakeApi(changeVolunteersApi).listOf.mockResolvedValue(
    listOf([
      {
        id: 8,
        patient_id: 5,
        change_date: '2026-02-01',
        pure_or_hybrid: 'Hybrid',
        with_volunteer: 'Yes',
        volunteer: { id: 2, name: 'U Ba', code: 'HTY-V0002', volunteer_id_gf: null },
        type: 'No App',
        DOT_count: 3,
      },
      {
        id: 7,
        patient_id: 5,
        change_date: '2026-01-10',
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
        volunteer: { id: 4, name: 'Daw Aye', code: 'HTY-V0004', volunteer_id_gf: null },
        type: 'App',
        DOT_count: 0,
      },
    ]),
  );
  fakeApi(pureHybridHistoriesApi).listOf.mockResolvedValue(
    listOf([{ id: 8, change_date: '2026-02-01', type: 'Hybrid', DOT_count: 3 }]),
  );
  fakeApi(changeVolunteersApi).remove.mockResolvedValue({
    data: null,
    status: 'success',
    message: 'Change Volunteer has been deleted successfully!',
  });
});
afterEach(() => jest.restoreAllMocks());

const cell = (name: string) => screen.findByRole('cell', { name }, { timeout: 8000 });

it('shows the history titled with the patient from the record (not the URL), one Back, and deletes after the confirmation', async () => {
  signInAs('Data Assistant');
  renderRoutes(
    { [CHANGE_VOLUNTEER_LIST]: ChangeVolunteerList, '/admin/change-volunteer-create/:id': () => <p>Create</p> },
    '/admin/change-volunteer-list/5?patient=x',
  );
  const row = (await cell('Daw Aye')).closest('tr')!;
  expect(screen.getByRole('heading', { name: 'Daw Hla Pure or Hybrid History' })).toBeInTheDocument();
  expect(screen.queryByText(/of x/)).toBeNull();
  expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(1);
  expect(pureHybridHistoriesApi.listOf).not.toHaveBeenCalled();
  await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  await userEvent.click(
    within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, delete it!' }),
  );
  await waitFor(() => expect(changeVolunteersApi.remove).toHaveBeenCalledWith(7));
  // New leads to the change-volunteer page, the one route no other screen links to.
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/admin/change-volunteer-create/5');
});

it('the variant screen lists ID, Change Date and Type under one title and one Back', async () => {
  signInAs('Data Assistant');
  renderRoutes({ [PURE_HYBRID_HISTORIES]: PureHybridHistories }, '/admin/pure-hybrid-histories/5');
  await cell('2026-02-01');
  expect(screen.getByRole('heading', { name: 'Daw Hla Pure or Hybrid Change Histories' })).toBeInTheDocument();
  expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
  expect(screen.getAllByRole('button', { name: 'Back' })).toHaveLength(1);
  expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
    'ID',
    'Change Date',
    'Type',
    'Action',
  ]);
});

it('offers no Delete nor New to a Field Officer (the change-volunteer delete group) once VOT has ended', async () => {
  jest.mocked(patientTreatmentApi.show).mockResolvedValue(itemOf(aPatient({ DOT_end_date: '2026-04-27' })));
  signInAs('Field Officer');
  renderRoutes({ [CHANGE_VOLUNTEER_LIST]: ChangeVolunteerList }, '/admin/change-volunteer-list/5');
  await cell('Daw Aye');
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
});
