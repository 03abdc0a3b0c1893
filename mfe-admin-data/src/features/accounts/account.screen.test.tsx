import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CrudListPage } from '@vot/shared/lists';
import type { Account } from '@vot/shared/schemas';
import { fakeApi, notices, signInAs } from '@vot/shared/testing';
import { accountsApi } from './account.api';
import { accountScreen } from './account.screen';

const mya = (plain_password: string | null, role = 'MEAL Associate', id = 5): Account => ({
  id,
  name: 'Daw Mya',
  email: `${id}@vot.local`,
  plain_password,
  role,
  township: null,
  townships: [],
  project: null,
});

// An initial password expires unchanged (VOT_INITIAL_PASSWORD_DAYS): the account manager issues a
// new one from the list, after confirming, and reads it in the Plain Password column as on creation.
it('resets an account password after confirmation and shows the new initial password', async () => {
  const api = fakeApi(accountsApi);
  api.list.mockResolvedValueOnce({ data: [mya(null)], status: 'success', total: 1 });
  api.list.mockResolvedValue({ data: [mya('new-initial-1')], status: 'success', total: 1 });
  api.resetPassword.mockResolvedValue({
    message: 'Initial password reset.',
    data: mya('new-initial-1'),
    status: 'success',
  });
  signInAs('MEAL and Digital Tool Manager');
  render(
    <MemoryRouter>
      <CrudListPage screen={accountScreen} />
    </MemoryRouter>,
  );
  const row = (await screen.findByRole('cell', { name: '5@vot.local' })).closest('tr')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Reset Password' }));
  const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
  expect(
    within(confirm).getByText(
      'Daw Mya gets a new initial password, shown in this list, and is signed out on every device.',
    ),
  ).toBeInTheDocument();
  expect(api.resetPassword).not.toHaveBeenCalled();
  await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, reset it!' }));
  expect(api.resetPassword).toHaveBeenCalledWith(5);
  expect(await screen.findByRole('cell', { name: 'new-initial-1' })).toBeInTheDocument();
  expect(notices()).toContain('Initial password reset.');
});

it('offers no action on an account ranked at or above the user, as the API refuses them', async () => {
  const api = fakeApi(accountsApi);
  api.list.mockResolvedValue({
    data: [mya(null, 'Admin', 1), mya(null, 'MEAL and Digital Tool Officer', 2), mya(null, 'Clinic MO', 3)],
    status: 'success',
    total: 3,
  });
  signInAs('MEAL Associate');
  render(
    <MemoryRouter>
      <CrudListPage screen={accountScreen} />
    </MemoryRouter>,
  );
  const buttons = async (email: string) =>
    within((await screen.findByRole('cell', { name: email })).closest('tr')!)
      .queryAllByRole('button')
      .map((b) => b.textContent);
  expect(await buttons('1@vot.local')).toEqual([]);
  expect(await buttons('2@vot.local')).toEqual([]);
  expect(await buttons('3@vot.local')).toEqual(['Update', 'Email Update', 'End Sessions', 'Reset Password', 'Delete']);
});
