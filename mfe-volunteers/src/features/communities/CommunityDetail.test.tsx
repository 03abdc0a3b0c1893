import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@vot/shared/api';
import { volunteerChoicesApi } from '@vot/shared/lists';
import { communitiesApi } from './community.api';
import CommunityDetail from './CommunityDetail';
import {
  aVolunteer,
  clearNotices,
  closeSelect,
  fakeApi,
  listOf,
  notices,
  openSelect,
  renderRoutes,
  signInAs,
} from '@vot/shared/testing';
import { anActivity } from '../../test-data';
import type { Community } from '@vot/shared/schemas';

const api = fakeApi(communitiesApi);
const volunteers = fakeApi(volunteerChoicesApi);

const activity = anActivity();

const CommunityListStandIn = () => <p>The community list</p>;
function renderDetail() {
  return renderRoutes(
    { '/admin/community-detail/:id': CommunityDetail, '/admin/community-list': CommunityListStandIn },
    '/admin/community-detail/7',
    '/admin/community-list',
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  clearNotices();
  api.show.mockResolvedValue({ data: activity, status: 'success' });
  volunteers.list.mockResolvedValue(listOf([aVolunteer({ id: 2, name: 'U Ba', code: 'HTY-V0002' })]));
});

it('shows the activity in its form, with Update and Delete for activity staff', async () => {
  signInAs('Project Officer');
  renderDetail();
  expect(await screen.findByLabelText('Date')).toHaveValue('2024-04-12');
  expect(api.show).toHaveBeenCalledWith(7);
  expect(screen.getByRole('heading', { name: 'Community Detail' })).toBeInTheDocument();
  expect(await screen.findAllByText('U Ba (HTY-V0002)')).not.toHaveLength(0);
  expect(screen.getByRole('row', { name: /Township Hospital/ })).toBeInTheDocument();
  expect(screen.getByRole('row', { name: /Private Clinic/ })).toBeInTheDocument();
  // The places already counted are not offered again.
  expect(await openSelect('Place')).not.toEqual(expect.arrayContaining(['Township Hospital']));
  await closeSelect();
  expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
});

it('updates and tells so', async () => {
  signInAs('MIS Officer');
  api.update.mockImplementation(async (_id, input) => ({
    data: { ...activity, ...input, referrals: input.referrals ?? [] } as Community,
    status: 'success',
  }));
  renderDetail();
  const first = (await screen.findByRole('row', { name: /Township Hospital/ })) as HTMLElement;
  await userEvent.click(within(first).getByRole('button', { name: 'Delete Township Hospital' }));
  await userEvent.click(screen.getByRole('button', { name: 'Update' }));
  await waitFor(() =>
    expect(api.update).toHaveBeenCalledWith(7, {
      volunteer_id: 2,
      date: '2024-04-12',
      referral: 1,
      referrals: [{ place: 'Private Clinic (PPM)', male: 0, female: 4, total: 4 }],
    }),
  );
  expect(notices()).toContain('Community has been updated successfully!');
});

it('deletes after the shared confirmation and goes to the community list', async () => {
  signInAs('Senior Project Officer');
  api.remove.mockResolvedValue({ message: 'Community has been deleted successfully!' });
  renderDetail();
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  const confirm = screen.getByRole('dialog');
  expect(within(confirm).getByText('Are you sure?')).toBeInTheDocument();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
  await waitFor(() => expect(api.remove).toHaveBeenCalledWith(7));
  expect(notices()).toContain('Community has been deleted successfully!');
  expect(await screen.findByText('The community list')).toBeInTheDocument();
});

it('shows a read-only role the activity without Update, Delete or Add', async () => {
  signInAs('Admin');
  renderDetail();
  expect(await screen.findByRole('row', { name: /Township Hospital/ })).toBeInTheDocument();
  expect(screen.getByLabelText('Date')).toHaveAttribute('readonly');
  expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
});

it('keeps a volunteer no longer listed (moved to the trash) in the choices', async () => {
  signInAs('MIS Officer');
  volunteers.list.mockResolvedValue(listOf([aVolunteer({ id: 1, name: 'Daw Aye', code: 'HTY-V0001' })]));
  renderDetail();
  await screen.findByRole('row', { name: /Township Hospital/ });
  expect(await openSelect('Volunteer')).toEqual(['U Ba', 'Daw Aye (HTY-V0001)']);
});

it('says why an activity cannot be shown, with Retry', async () => {
  signInAs('MIS Officer');
  api.show.mockRejectedValueOnce(new ApiError('Community not found.', 404));
  renderDetail();
  expect(await screen.findByText('Community not found.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('row', { name: /Township Hospital/ })).toBeInTheDocument();
});
