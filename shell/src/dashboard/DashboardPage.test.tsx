import { screen } from '@testing-library/react';
import { api } from '@vot/shared/api';
import { fakeApi, renderRoutes, signInAs } from '@vot/shared/testing';
import { DashboardPage } from './DashboardPage';

const ANSWERS: Record<string, unknown> = {
  'volunteer-dashboard': { total_volunteers: 12 },
  'patient-dashboard': { total_patients: { total: 340, tb: 300, no_sp_code: 40 } },
  'dot-status-dashboard': { with_volunteers: 20, without_volunteers: 5, No_DOTs: 9 },
};

beforeEach(() => {
  fakeApi(api).get.mockImplementation((path: string) => Promise.resolve({ data: ANSWERS[path] }) as never);
});
afterEach(() => jest.restoreAllMocks());

it('shows the three cards with their headline figures to a role that may open the dashboards', async () => {
  signInAs('MEAL Associate');
  renderRoutes({ '/admin/dashboard': DashboardPage }, '/admin/dashboard');
  expect(await screen.findByText('12')).toBeInTheDocument();
  expect(await screen.findByText('340')).toBeInTheDocument();
  // On VOT: with and without a volunteer.
  expect(await screen.findByText('25')).toBeInTheDocument();
  for (const title of ['Volunteers', 'Patients', 'VOT Status'])
    expect(screen.getByRole('button', { name: `${title} detail` })).toBeInTheDocument();
});

it('shows no card to a role without dashboards, and asks for no figure', async () => {
  signInAs('Clinic MO');
  renderRoutes({ '/admin/dashboard': DashboardPage }, '/admin/dashboard');
  expect(await screen.findByText('VOT enrolment criteria')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /detail/ })).toBeNull();
  expect(api.get).not.toHaveBeenCalled();
});
