import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, recordDownloads, renderRoutes, signInAs } from '@vot/shared/testing';
import { routes } from '../../routes';
import PureVotChooser from '../vot-status/PureVotChooser';
import { visitsApi } from './visits.api';

beforeEach(() => fakeApi(visitsApi).exportAllPatients.mockResolvedValue({ data: [] }));
afterEach(() => jest.restoreAllMocks());

it("exports 'All-Patient-VOTs' from the Pure VOT chooser once a date range is chosen", async () => {
  const downloads = recordDownloads();
  signInAs('Field Officer');
  renderRoutes(
    { [routes.pureVotPatientList.path]: PureVotChooser },
    '/admin/pure-vot-patient-list?start_date=2026-02-01&end_date=2026-02-28',
  );
  await userEvent.click(await screen.findByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
  expect(downloads[0]!.name).toBe('All-Patient-VOTs.xlsx');
  expect(visitsApi.exportAllPatients).toHaveBeenCalledWith({ start_date: '2026-02-01', end_date: '2026-02-28' });
}, 15_000);

it('asks for the dates first, and shows nothing to a role that may not export', async () => {
  signInAs('Field Officer');
  const { unmount } = renderRoutes(
    { [routes.pureVotPatientList.path]: PureVotChooser },
    '/admin/pure-vot-patient-list',
  );
  expect(await screen.findByText('Choose a Start Date and an End Date to export.')).toBeInTheDocument();
  unmount();
  signInAs('Clinic MO');
  renderRoutes({ [routes.pureVotPatientList.path]: PureVotChooser }, '/admin/pure-vot-patient-list');
  expect(screen.queryByRole('heading', { name: 'All Patient VOTs' })).toBeNull();
});
