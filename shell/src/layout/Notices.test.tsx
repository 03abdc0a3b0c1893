import { act, render, screen, waitFor } from '@testing-library/react';
import { notify } from '@vot/shared/session';
import { Notices } from './Notices';

describe('the notices', () => {
  it('show one success at a time, the newest; errors stay beside it', async () => {
    render(<Notices />);
    act(() => notify('success', 'Patient has been updated successfully!'));
    expect(await screen.findByText('Patient has been updated successfully!')).toBeInTheDocument();
    act(() => notify('error', 'The server cannot be reached. Please try again.'));
    act(() => notify('success', 'DOT has been created successfully!'));
    expect(await screen.findByText('DOT has been created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Patient has been updated successfully!')).not.toBeInTheDocument());
    expect(screen.getByText('The server cannot be reached. Please try again.')).toBeInTheDocument();
  });

  it('sit in the middle of the top bar, not over the top-right buttons of a page', async () => {
    render(<Notices />);
    act(() => notify('success', 'Patient has been updated successfully!'));
    const text = await screen.findByText('Patient has been updated successfully!');
    expect(text.closest('.p-toast')).toHaveClass('p-toast-top-center');
  });
});
