import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { townshipsApi, volunteerChoicesApi } from '@vot/shared/lists';
import { communitiesApi } from './community.api';
import CommunityList from './CommunityList';
import { aVolunteer, fakeApi, listOf, renderRoutes, signInAs } from '@vot/shared/testing';
import { anActivity, HLAINGTHAYA } from '../../test-data';
import type { Community } from '@vot/shared/schemas';

const api = fakeApi(communitiesApi);
const volunteers = fakeApi(volunteerChoicesApi);

const rows: Community[] = [
  anActivity(),
  { id: 6, volunteer: { id: 1, name: 'Daw Aye', township: null }, date: '2024-04-01', referral: 0, referrals: [] },
];

const elsewhere = (text: string) => () => <p>{text}</p>;
function renderList(url = '/admin/community-list') {
  return renderRoutes(
    {
      '/admin/community-list': CommunityList,
      '/admin/community-create': elsewhere('The create form'),
      '/admin/community-detail/:id': elsewhere('The detail page'),
    },
    url,
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  api.list.mockResolvedValue({ data: rows, status: 'success', total: 2 });
  fakeApi(townshipsApi).list.mockResolvedValue(listOf([{ ...HLAINGTHAYA, id: 5 }]));
  volunteers.list.mockResolvedValue(listOf([aVolunteer({ id: 2, name: 'U Ba', code: 'HTY-V0002' })]));
});

it('lists date, volunteer, township, referral and the people referred, with Detail', async () => {
  signInAs('Admin');
  renderList();
  const row = (await screen.findByRole('row', { name: /U Ba/ })) as HTMLElement;
  expect(
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['2024-04-12', 'U Ba', 'Hlaingthaya', 'Yes', '7', 'Detail']);
  expect(
    within(screen.getByRole('row', { name: /Daw Aye/ }))
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['2024-04-01', 'Daw Aye', '', 'No', '0', 'Detail']);
  expect(screen.getByRole('heading', { name: 'Community List' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  expect(api.list).toHaveBeenCalledWith({ page: 1 }, expect.anything());
  await userEvent.click(within(row).getByRole('button', { name: 'Detail' }));
  expect(await screen.findByText('The detail page')).toBeInTheDocument();
});

it('filters by township, volunteer and dates from the URL', async () => {
  signInAs('Admin');
  renderList('/admin/community-list?township_id=5&volunteer_id=2&start_date=2024-04-01&end_date=2024-04-30&page=2');
  await screen.findByRole('row', { name: /U Ba/ });
  expect(api.list).toHaveBeenCalledWith(
    { township_id: '5', volunteer_id: '2', start_date: '2024-04-01', end_date: '2024-04-30', page: 2 },
    expect.anything(),
  );
  expect(await screen.findByRole('textbox', { name: 'Township' })).toHaveValue('Hlaingthaya');
  expect(await screen.findByRole('textbox', { name: 'Volunteer' })).toHaveValue('U Ba (HTY-V0002)');
  expect(screen.getByLabelText('Start Date')).toHaveValue('2024-04-01');
  expect(screen.getByLabelText('End Date')).toHaveValue('2024-04-30');
});

it('hides the township filter from a township-bound role', async () => {
  signInAs('Field Officer');
  renderList('/admin/community-list?township_id=5');
  await screen.findByRole('row', { name: /U Ba/ });
  expect(screen.getByRole('textbox', { name: 'Volunteer' })).toBeInTheDocument();
  expect(screen.queryAllByLabelText('Township')).toHaveLength(0);
  expect(api.list).toHaveBeenCalledWith({ page: 1 }, expect.anything());
  expect(townshipsApi.list).not.toHaveBeenCalled();
});

it('offers New to the activity staff only, opening the create form', async () => {
  signInAs('Admin');
  const { unmount } = renderList();
  await screen.findByRole('row', { name: /U Ba/ });
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
  unmount();
  signInAs('Volunteer Supervisor');
  renderList();
  await userEvent.click(await screen.findByRole('button', { name: 'New' }));
  expect(await screen.findByText('The create form')).toBeInTheDocument();
});
