import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, sessionApi } from '@vot/shared/api';
import { fakeApi } from '@vot/shared/testing';
import { LoginPage } from './LoginPage';

const { login } = fakeApi(sessionApi);

/** What the page read beside the sign-in call: the console's registry (its code comes through webpack, not fetch). */
const fetched: string[] = [];
beforeEach(() => {
  login.mockReset();
  fetched.length = 0;
  global.fetch = jest.fn(async (url: RequestInfo | URL) => {
    fetched.push(String(url));
    return { ok: false, status: 404, json: async () => ({}) } as Response;
  });
});

it('asks for email and password in the spec wording', async () => {
  render(<LoginPage />);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Email is required!')).toBeInTheDocument();
  expect(screen.getByText('Password is required!')).toBeInTheDocument();
  expect(login).not.toHaveBeenCalled();
  expect(fetched).toEqual([]);
});

it('shows Loading while signing in, then the server message on failure', async () => {
  let reject!: (e: unknown) => void;
  login.mockReturnValue(new Promise((_, r) => (reject = r)));
  render(<LoginPage />);
  await userEvent.type(screen.getByLabelText('Email'), 'meal.officer@vot.local');
  await userEvent.type(screen.getByLabelText('Password'), 'wrong');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('button', { name: 'Loading' })).toBeDisabled();
  // The console's registry is on its way while the password is checked.
  expect(fetched).toEqual(['/remotes.json']);
  reject(new ApiError('These credentials do not match our records.', 401));
  expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
  expect(login).toHaveBeenCalledWith({ email: 'meal.officer@vot.local', password: 'wrong' });
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
});

it('shows no message on a page just opened, and a field message once the field was changed and left', async () => {
  render(<LoginPage />);
  await userEvent.click(screen.getByLabelText('Email'));
  await userEvent.tab();
  expect(screen.queryByText('Email is required!')).not.toBeInTheDocument();
  await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
  await userEvent.tab();
  expect(await screen.findByText('Email must be a valid email!')).toBeInTheDocument();
  expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByText('Password is required!')).not.toBeInTheDocument();
});
