import { screen } from '@testing-library/react';
import { api } from '@vot/shared/api';
import type { HomeFigures } from '@vot/shared/schemas';
import { fakeApi, renderRoutes, signInAs } from '@vot/shared/testing';
import { DashboardPage } from './DashboardPage';

const HOME: HomeFigures = {
  videos_to_review: null,
  follow_ups: null,
  follow_ups_due: null,
  supervision: null,
  headlines: { volunteers: 12, patients: 340, on_vot: 25 },
};

beforeEach(() => {
  fakeApi(api).get.mockImplementation(
    (path: string) => Promise.resolve({ data: path === 'home' ? HOME : {} }) as never,
  );
});
afterEach(() => jest.restoreAllMocks());

it('shows the three cards with their headline figures, asking only the home call for them', async () => {
  signInAs('MIS Officer');
  renderRoutes({ '/admin/dashboard': DashboardPage }, '/admin/dashboard');
  expect(await screen.findByText('12')).toBeInTheDocument();
  expect(screen.getByText('340')).toBeInTheDocument();
  // On VOT: with and without a volunteer.
  expect(screen.getByText('25')).toBeInTheDocument();
  for (const title of ['Volunteers', 'Patients', 'VOT Status'])
    expect(screen.getByRole('button', { name: `${title} detail` })).toBeInTheDocument();
  expect((api.get as jest.Mock).mock.calls.map(([path]) => path)).toEqual(['home']);
  // A role that does not follow up sees no worklist.
  expect(screen.queryByText('Waiting today')).toBeNull();
});

it('shows no card to a role without dashboards, and asks for no figure', async () => {
  signInAs('Clinic MO');
  renderRoutes({ '/admin/dashboard': DashboardPage }, '/admin/dashboard');
  expect(await screen.findByText('VOT enrolment criteria')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /detail/ })).toBeNull();
  expect(api.get).not.toHaveBeenCalled();
});
