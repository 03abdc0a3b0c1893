import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@vot/shared/api';
import { REFERRAL_PLACES, todayIn } from '@vot/shared/domain';
import { volunteerChoicesApi } from '@vot/shared/lists';
import { communitiesApi } from './community.api';
import CommunityCreate from './CommunityCreate';
import {
  aVolunteer,
  choose,
  clearNotices,
  closeSelect,
  fakeApi,
  listOf,
  notices,
  openSelect,
  renderRoutes,
  signInAs,
} from '@vot/shared/testing';

const api = fakeApi(communitiesApi);
const volunteers = fakeApi(volunteerChoicesApi);

const CommunityListStandIn = () => <p>The community list</p>;
function renderCreate() {
  return renderRoutes(
    { '/admin/community-create': CommunityCreate, '/admin/community-list': CommunityListStandIn },
    '/admin/community-create',
    '/admin/community-list',
  );
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));
const add = () => userEvent.click(screen.getByRole('button', { name: 'Add' }));

async function chooseReferralYes() {
  renderCreate();
  await screen.findByRole('heading', { name: 'Create Community' });
  await choose('Referral', 'Yes');
  return screen.findByRole('group', { name: 'Referral counts' });
}

beforeEach(() => {
  jest.clearAllMocks();
  clearNotices();
  signInAs('MIS Officer');
  volunteers.list.mockResolvedValue(
    listOf([
      aVolunteer({ id: 1, name: 'Daw Aye', code: 'HTY-V0001' }),
      aVolunteer({ id: 2, name: 'U Ba', code: 'HTY-V0002' }),
    ]),
  );
});

it("asks for the volunteer, the date and the referral: the spec's messages", async () => {
  renderCreate();
  expect(await screen.findByRole('heading', { name: 'Create Community' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  expect(screen.getByLabelText('Date')).toHaveAttribute('max', todayIn());
  await save();
  expect(await screen.findByText('Volunteer is required!')).toBeInTheDocument();
  expect(screen.getByText('Date is required!')).toBeInTheDocument();
  expect(screen.getByText('Referral is required!')).toBeInTheDocument();
  expect(api.create).not.toHaveBeenCalled();
});

it("a referral of Yes needs counts: 'Please insert referral count!'", async () => {
  await chooseReferralYes();
  await save();
  expect(await screen.findByText('Please insert referral count!')).toBeInTheDocument();
});

it('checks a referral row before adding it, in the order male, female, total, place', async () => {
  const rows = await chooseReferralYes();
  await add();
  expect(within(rows).getByRole('alert')).toHaveTextContent('Please enter male!');
  await userEvent.type(screen.getByLabelText('Male'), '0');
  await add();
  expect(within(rows).getByRole('alert')).toHaveTextContent('Please enter female!');
  await userEvent.type(screen.getByLabelText('Female'), '0');
  await add();
  // Nobody referred is not a referral count.
  expect(within(rows).getByRole('alert')).toHaveTextContent('Please enter total!');
  await userEvent.clear(screen.getByLabelText('Male'));
  await userEvent.type(screen.getByLabelText('Male'), '2');
  await add();
  expect(within(rows).getByRole('alert')).toHaveTextContent('Please select referral place!');
  expect(screen.queryByRole('row', { name: /Township Hospital/ })).toBeNull();
});

it('works out the total as male plus female, read-only', async () => {
  await chooseReferralYes();
  const total = screen.getByLabelText('Total');
  expect(total).toHaveAttribute('readonly');
  await userEvent.type(screen.getByLabelText('Male'), '3');
  expect(total).toHaveValue(null);
  await userEvent.type(screen.getByLabelText('Female'), '4');
  expect(total).toHaveValue(7);
  await userEvent.clear(screen.getByLabelText('Female'));
  await userEvent.type(screen.getByLabelText('Female'), '12');
  expect(total).toHaveValue(15);
});

it('takes a used place out of the choices and offers it again when its row is deleted', async () => {
  await chooseReferralYes();
  expect(await openSelect('Place')).toEqual([...REFERRAL_PLACES]);
  await closeSelect();
  await userEvent.type(screen.getByLabelText('Male'), '2');
  await userEvent.type(screen.getByLabelText('Female'), '1');
  await choose('Place', 'Township Hospital');
  await add();
  const row = screen.getByRole('row', { name: /Township Hospital/ });
  expect(
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent),
  ).toEqual(['Township Hospital', '2', '1', '3', 'Delete']);
  // Added: the inputs are clear for the next row, the place no longer offered.
  expect(screen.getByLabelText('Male')).toHaveValue(null);
  expect(await openSelect('Place')).not.toContain('Township Hospital');
  await closeSelect();
  await userEvent.click(within(row).getByRole('button', { name: 'Delete Township Hospital' }));
  expect(screen.queryByRole('row', { name: /Township Hospital/ })).toBeNull();
  expect(await openSelect('Place')).toContain('Township Hospital');
});

it('adds a row with Enter in a count, without submitting the form', async () => {
  await chooseReferralYes();
  await choose('Place', 'Station Hospital');
  await userEvent.type(screen.getByLabelText('Male'), '1');
  await userEvent.type(screen.getByLabelText('Female'), '1{Enter}');
  expect(screen.getByRole('row', { name: /Station Hospital/ })).toBeInTheDocument();
  expect(api.create).not.toHaveBeenCalled();
  // Not submitted: the date, never visited, says nothing yet (the volunteer, focused first and left, may).
  expect(screen.queryByText('Date is required!')).toBeNull();
});

it('creates the activity with its counts, tells so and goes to the community list', async () => {
  api.create.mockResolvedValue({ data: {} as never, status: 'success' });
  await chooseReferralYes();
  await choose('Volunteer', 'U Ba (HTY-V0002)');
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2024-05-01' } });
  await userEvent.type(screen.getByLabelText('Male'), '2');
  await userEvent.type(screen.getByLabelText('Female'), '3');
  await choose('Place', 'Rural Health Centre');
  await add();
  await save();
  await waitFor(() =>
    expect(api.create).toHaveBeenCalledWith({
      volunteer_id: 2,
      date: '2024-05-01',
      referral: 1,
      referrals: [{ male: 2, female: 3, total: 5, place: 'Rural Health Centre' }],
    }),
  );
  expect(notices()).toContain('Community has been created successfully!');
  expect(await screen.findByText('The community list')).toBeInTheDocument();
});

it('sends no counts for a referral of No', async () => {
  api.create.mockResolvedValue({ data: {} as never, status: 'success' });
  renderCreate();
  await choose('Volunteer', 'Daw Aye (HTY-V0001)');
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2024-05-01' } });
  await choose('Referral', 'No');
  expect(screen.queryByRole('group', { name: 'Referral counts' })).toBeNull();
  await save();
  await waitFor(() =>
    expect(api.create).toHaveBeenCalledWith({ volunteer_id: 1, date: '2024-05-01', referral: 0, referrals: [] }),
  );
});

it("shows the server's refusal under its field and stays on the form", async () => {
  api.create.mockRejectedValue(
    new ApiError('Date may not be after today!', 400, { date: ['Date may not be after today!'] }),
  );
  renderCreate();
  await choose('Volunteer', 'Daw Aye (HTY-V0001)');
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2024-05-01' } });
  await choose('Referral', 'No');
  await save();
  expect(await screen.findByText('Date may not be after today!')).toBeInTheDocument();
  expect(notices()).toEqual(['Date may not be after today!']);
  expect(screen.getByLabelText('Date')).toHaveValue('2024-05-01');
});
