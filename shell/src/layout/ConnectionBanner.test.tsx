import { act, render, screen } from '@testing-library/react';
import { ConnectionBanner } from './ConnectionBanner';

let online = true;
beforeEach(() => {
  online = true;
  jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => jest.restoreAllMocks());

function linkGoes(up: boolean) {
  online = up;
  act(() => void window.dispatchEvent(new Event(up ? 'online' : 'offline')));
}

it('says nothing while the link is up', () => {
  render(<ConnectionBanner />);
  expect(screen.queryByRole('status')).toBeNull();
});

it('says so when the link drops, and goes when it returns', () => {
  render(<ConnectionBanner />);
  linkGoes(false);
  expect(screen.getByRole('status')).toHaveTextContent(
    'No connection. The console will carry on when the link returns',
  );
  linkGoes(true);
  expect(screen.queryByRole('status')).toBeNull();
});

it('shows from the start when the page opens without a link', () => {
  online = false;
  render(<ConnectionBanner />);
  expect(screen.getByRole('status')).toHaveTextContent('No connection');
});
