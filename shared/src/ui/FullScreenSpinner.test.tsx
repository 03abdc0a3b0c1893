import { render, screen } from '@testing-library/react';
import { FullScreenSpinner } from './FullScreenSpinner';

it('names the loading status and its progressbar for screen readers', () => {
  render(<FullScreenSpinner label="Loading patients" />);
  expect(screen.getByRole('status', { name: 'Loading patients' })).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Loading patients' })).toBeInTheDocument();
});
