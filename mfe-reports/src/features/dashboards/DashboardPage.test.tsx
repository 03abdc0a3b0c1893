import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { townshipsApi, volunteerChoicesApi } from '@vot/shared/lists';
import { aTownship, aVolunteer, fakeApi, listOf, renderRoutes, signInAs } from '@vot/shared/testing';
import { routes } from '../../routes';
import type { Indicators } from '@vot/shared/schemas';
import { dashboardApi } from './dashboard.api';
import { DotStatusDashboard, MonthlyVolunteerReport, VolunteerDashboard } from './pages';

const VOLUNTEERS = {
  total_volunteers: 4,
  by_township: [{ name: 'Insein', counts: { volunteers: 4 } }],
  by_age: { less_18: 1, between_18_30: 2, greater_30: 1 },
  by_education_status: { primary: 0, secondary: 0, higher: 0 },
  reported_volunteers: 2,
  trained_volunteer: 1,
};

// A total without its keys draws an Indicators chart without categories: the notes are the only numbered texts.
const NO_INDICATORS = {} as Indicators;

beforeEach(() => {
  fakeApi(dashboardApi).load.mockResolvedValue(VOLUNTEERS);
  fakeApi(volunteerChoicesApi).list.mockResolvedValue(listOf([aVolunteer({ id: 7, name: 'Daw Aye', code: 'V1' })]));
  fakeApi(townshipsApi).list.mockResolvedValue(listOf([aTownship(3, 'Insein', 'INS')]));
});
afterEach(() => jest.restoreAllMocks());

// Highcharts draws every chart in jsdom: slower than a form on a busy 2-core machine.
jest.setTimeout(30_000);

const filter = (label: string) => within(screen.getByRole('search')).queryAllByLabelText(label)[0] ?? null;

it('asks its call with the filters of the URL and draws a chart per group', async () => {
  signInAs('MEAL and Digital Tool Officer');
  renderRoutes(
    { [routes.volunteerVirtualization.path]: VolunteerDashboard },
    '/admin/volunteer-virtualization?township_id=3&start_date=2024-01-01&end_date=2024-03-31',
  );
  expect(await screen.findByRole('heading', { name: 'Volunteer Dashboard' })).toBeInTheDocument();
  expect(dashboardApi.load).toHaveBeenCalledWith(
    'volunteer-dashboard',
    { township_id: '3', start_date: '2024-01-01', end_date: '2024-03-31' },
    expect.anything(),
  );
  for (const title of [
    'Volunteers by township',
    'Volunteers by age',
    'Volunteers by education',
    'Reported and trained volunteers',
  ]) {
    expect(await screen.findByRole('button', { name: `Export PDF of ${title}` })).toBeInTheDocument();
  }
  expect(filter('Township')).not.toBeNull();
  // Under the filters: which date of the records the period applies to, and where each figure is defined.
  const dates = screen.getByLabelText('Dates the period applies to');
  expect(dates).toHaveTextContent(
    'Volunteers by township, age and education: the day they joined: their first training, or the day they were entered if never trained',
  );
  expect(within(dates).getByRole('link', { name: 'What each figure counts' })).toHaveAttribute(
    'href',
    '/admin/figure-definitions',
  );
});

it("hides the township filter from a Field Officer, whose figures are their townships'", async () => {
  signInAs('Field Officer', [{ id: 3, name: 'Insein' }]);
  fakeApi(dashboardApi).load.mockResolvedValue({
    with_volunteers: 0,
    without_volunteers: 0,
    VOT_completed: 0,
    VOT_stopped: 0,
    No_DOTs: 0,
    awaiting_decision: 0,
  });
  renderRoutes(
    { [routes.dotStatusVirtualization.path]: DotStatusDashboard },
    '/admin/dot-status-virtualization?township_id=9',
  );
  expect(await screen.findByRole('button', { name: 'Export PDF of VOT status' })).toBeInTheDocument();
  expect(screen.getByLabelText('Dates the period applies to')).toHaveTextContent(
    'treatment start date, or the VOT start date when no treatment start was recorded',
  );
  expect(filter('Township')).toBeNull();
  // A township in the URL is not theirs to choose: it is not sent.
  expect(dashboardApi.load).toHaveBeenCalledWith('dot-status-dashboard', {}, expect.anything());
  expect(townshipsApi.list).not.toHaveBeenCalled();
});

it('writes the filters into the URL on Search, and asks again', async () => {
  signInAs('MEAL Associate');
  renderRoutes({ [routes.volunteerVirtualization.path]: VolunteerDashboard }, '/admin/volunteer-virtualization');
  await screen.findByRole('button', { name: 'Export PDF of Volunteers by age' });
  fireEvent.change(screen.getByLabelText('Start Date'), { target: { value: '2024-04-01' } });
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() =>
    expect(dashboardApi.load).toHaveBeenLastCalledWith(
      'volunteer-dashboard',
      { start_date: '2024-04-01' },
      expect.anything(),
    ),
  );
});

it('shows the monthly report with a volunteer filter and the definitions of its seven indicators', async () => {
  signInAs('MEAL Associate');
  fakeApi(dashboardApi).load.mockResolvedValue({
    total_result: NO_INDICATORS,
    total_with_township_result: [],
    total_with_month_year_result: [],
  });
  renderRoutes(
    { [routes.monthlyVolunteerReportVisualization.path]: MonthlyVolunteerReport },
    '/admin/monthly-volunteer-report-visualization?volunteer_id=7',
  );
  expect(await screen.findByRole('heading', { name: 'Monthly Volunteer Report' })).toBeInTheDocument();
  expect(dashboardApi.load).toHaveBeenCalledWith(
    'volunteer-report-dashboard',
    { volunteer_id: '7' },
    expect.anything(),
  );
  expect(filter('Volunteer')).not.toBeNull();
  for (const n of [1, 2, 3, 4, 5, 6, 7]) expect(screen.getByText(new RegExp(`^${n}\\. `))).toBeInTheDocument();
});
