import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PURE_HYBRID_HISTORIES } from '../../routes';
import { fakeApi, listOf, messageOf, renderRoutes, signInAs } from '@vot/shared/testing';
import { changeVolunteersApi, pureHybridHistoriesApi } from './history.api';
import { PureHybridHistories } from './HistoryLists';

beforeEach(() => {
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
  fakeApi(changeVolunteersApi).remove.mockResolvedValue(messageOf('Change Volunteer has been deleted successfully!'));
});
afterEach(() => jest.restoreAllMocks());

it('shows both history tables, titled with the patient, and deletes an entry after the confirmation', async () => {
  signInAs('Data Assistant');
  renderRoutes({ [PURE_HYBRID_HISTORIES]: PureHybridHistories }, '/admin/pure-hybrid-histories/5?patient=Daw%20Hla');
  expect(await screen.findByRole('heading', { name: 'Pure or Hybrid History of Daw Hla' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Pure or Hybrid Change Histories of Daw Hla' })).toBeInTheDocument();
  const row = (await screen.findByRole('cell', { name: 'Daw Aye' })).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Delete' }));
  await userEvent.click(
    within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Yes, delete it!' }),
  );
  await waitFor(() => expect(changeVolunteersApi.remove).toHaveBeenCalledWith(7));
});

it('offers no Delete to a Field Officer (the change-volunteer delete group)', async () => {
  signInAs('Field Officer');
  renderRoutes({ [PURE_HYBRID_HISTORIES]: PureHybridHistories }, '/admin/pure-hybrid-histories/5');
  await screen.findByRole('cell', { name: 'Daw Aye' });
  expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
});
