import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { CrudListPage } from '@vot/shared/lists';
import type { Account } from '@vot/shared/schemas';
import { fakeApi, notices, signInAs } from '@vot/shared/testing';
import { accountsApi } from './account.api';
import { accountScreen } from './account.screen';

const mya = (plain_password: string | null): Account => ({
  id: 5,
  name: 'Daw Mya',
  email: 'mya@vot.local',
  plain_password,
  role: 'MEAL Associate',
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
  api.resetPassword.mockResolvedValue({ message: 'Initial password reset.', data: mya('new-initial-1') });
  signInAs('MEAL and Digital Tool Officer');
  render(
    <MemoryRouter>
      <CrudListPage screen={accountScreen} />
    </MemoryRouter>,
  );
  const row = (await screen.findByRole('cell', { name: 'mya@vot.local' })).closest('tr')!;
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
