import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api } from '@vot/shared/api';
import { addDays, todayIn } from '@vot/shared/domain';
import type { HomeFigures } from '@vot/shared/schemas';
import { fakeApi, renderRoutes, signInAs } from '@vot/shared/testing';
import { DashboardPage } from './DashboardPage';

const HOME: HomeFigures = {
  videos_to_review: 7,
  follow_ups: 12,
  follow_ups_due: 4,
  headlines: { volunteers: 3, patients: 41, on_vot: 17 },
  supervision: {
    start_date: '2026-10-31',
    end_date: '2026-11-27',
    review_target_hours: 72,
    weekdays: 20,
    townships: [
      {
        township: { id: 1, name: 'Hlaingthaya' },
        videos: 40,
        reviewed_in_time: 30,
        reviewed_late: 6,
        not_reviewed: 4,
        staff: [
          { id: 5, name: 'Daw Hla', role: 'Field Officer', days_signed_in: 15 },
          { id: 6, name: 'U Min', role: 'Data Assistant', days_signed_in: 9 },
        ],
      },
      {
        township: null,
        videos: 0,
        reviewed_in_time: 0,
        reviewed_late: 0,
        not_reviewed: 0,
        staff: [{ id: 7, name: 'Daw Su', role: 'Project Officer', days_signed_in: 18 }],
      },
    ],
  },
};

let answer: HomeFigures;
beforeEach(() => {
  answer = HOME;
  fakeApi(api).get.mockImplementation(
    (path: string) => (path === 'home' ? Promise.resolve({ data: answer }) : new Promise(() => {})) as never,
  );
});
afterEach(() => jest.restoreAllMocks());

const homeCalls = () => (api.get as jest.Mock).mock.calls.filter(([path]) => path === 'home');

it('shows a Field Officer what waits today, each count a link to its screen, from one call', async () => {
  answer = { ...HOME, supervision: null };
  signInAs('Field Officer', [{ id: 1, name: 'Hlaingthaya' }]);
  renderRoutes({ '/admin/dashboard': DashboardPage }, '/admin/dashboard');
  const videos = await screen.findByRole('link', { name: /^Videos to review .* 7$/ });
  expect(videos).toHaveAttribute('href', '/admin/video-reviews');
  const due = screen.getByRole('link', { name: /^Follow-ups due .* 4$/ });
  expect(due).toHaveAttribute('href', '/admin/follow-ups');
  expect(within(due).getByText('12 patients on the missed-dose worklist')).toBeInTheDocument();
  expect(screen.queryByText('Reviews and staff activity')).toBeNull();
  expect(homeCalls()).toHaveLength(1);
});

it('gives a role that follows up but does not review no video count', async () => {
  answer = { ...HOME, videos_to_review: null, supervision: null };
  signInAs('Senior Technical Adviser (TB)');
  renderRoutes({ '/admin/dashboard': DashboardPage }, '/admin/dashboard');
  expect(await screen.findByRole('link', { name: /^Follow-ups due .* 4$/ })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Videos to review/ })).toBeNull();
});

it("shows a supervisor each township's review timeliness and each person's weekdays signed in", async () => {
  signInAs('Project Officer');
  renderRoutes({ '/admin/dashboard': DashboardPage }, '/admin/dashboard');
  const timeliness = await screen.findByRole('table', { name: 'Review timeliness' });
  const hty = within(timeliness).getByRole('row', { name: /Hlaingthaya/ });
  expect(
    within(hty)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['40', '30', '6', '4', '75 %']);
  expect(within(timeliness).queryByText('All townships')).toBeNull();
  const staff = screen.getByRole('table', { name: 'Staff activity' });
  expect(within(staff).getByText('of the 20 weekdays in the period', { exact: false })).toBeInTheDocument();
  const hla = within(staff).getByRole('row', { name: /Daw Hla/ });
  expect(
    within(hla)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['Field Officer', 'Hlaingthaya', '15', '75 %']);
  expect(within(staff).getByRole('row', { name: /Daw Su/ })).toHaveTextContent('All townships');
  // Fewest weekdays first: whom to ask first.
  expect(
    within(staff)
      .getAllByRole('rowheader')
      .map((c) => c.textContent),
  ).toEqual(['U Min', 'Daw Hla', 'Daw Su']);
});

it('shows a national supervisor the ten lowest townships first, and all of them on asking', async () => {
  const township = (id: number, inTime: number) => ({
    township: { id, name: `Township ${id}` },
    videos: 10,
    reviewed_in_time: inTime,
    reviewed_late: 10 - inTime,
    not_reviewed: 0,
    staff: [],
  });
  answer = {
    ...HOME,
    supervision: {
      ...HOME.supervision!,
      townships: Array.from({ length: 12 }, (_, i) => township(i + 1, 10 - (i % 11))),
    },
  };
  signInAs('Project Officer');
  renderRoutes({ '/admin/dashboard': DashboardPage }, '/admin/dashboard');
  const timeliness = await screen.findByRole('table', { name: 'Review timeliness' });
  expect(within(timeliness).getAllByRole('row')).toHaveLength(11);
  expect(within(timeliness).getAllByRole('rowheader')[0]).toHaveTextContent('Township 11');
  fireEvent.click(screen.getByRole('button', { name: 'Show all 12' }));
  expect(within(timeliness).getAllByRole('row')).toHaveLength(13);
});

it('asks again for the last 13 weeks', async () => {
  signInAs('MEAL Associate');
  renderRoutes({ '/admin/dashboard': DashboardPage }, '/admin/dashboard');
  const period = await screen.findByRole('group', { name: 'Period' });
  expect(period).toHaveTextContent('2026-10-31 to 2026-11-27');
  fireEvent.click(within(period).getByRole('button', { name: 'Last 13 weeks' }));
  await waitFor(() => expect(homeCalls()).toHaveLength(2));
  const today = todayIn();
  expect(homeCalls()[1]?.[1]).toMatchObject({ params: { start_date: addDays(today, -90), end_date: today } });
});

it('makes no call for a role that neither follows up nor reviews', async () => {
  signInAs('Clinic MO');
  renderRoutes({ '/admin/dashboard': DashboardPage }, '/admin/dashboard');
  expect(await screen.findByText('VOT enrolment criteria')).toBeInTheDocument();
  expect(screen.queryByText('Waiting today')).toBeNull();
  expect(homeCalls()).toHaveLength(0);
});
