import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '@vot/shared/api';
import { clearNotices, fakeApi, notices, signInAs } from '@vot/shared/testing';
import { handoutsApi } from './handout.api';
import PatientHandout from './PatientHandout';
import VolunteerHandout from './VolunteerHandout';
import type { Handout } from '@vot/shared/schemas';

const mocked = fakeApi(handoutsApi);

const leaflet: Handout = {
  id: 4,
  name: 'volunteer-guide.pdf',
  size: 1_468_006,
  updated_at: '2026-03-02T04:30:00Z',
  file: '/api/v1/files/abc?sig=1',
};
const pdf = (name = 'guide.pdf', body = '%PDF-1.7 leaflet') => new File([body], name, { type: 'application/pdf' });
const ok = { data: leaflet, status: 'success' as const };

function showing(handouts: Handout[]) {
  mocked.list.mockResolvedValue({ data: handouts, status: 'success', total: handouts.length });
}

function renderPage(page = <VolunteerHandout />) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}

async function openNew() {
  await userEvent.click(await screen.findByRole('button', { name: 'New' }));
  return screen.getByRole('dialog');
}

beforeEach(() => {
  jest.clearAllMocks();
  clearNotices();
  signInAs('MEAL Associate');
});

it('says there is no handout yet and offers New, not Update', async () => {
  showing([]);
  renderPage();
  expect(await screen.findByText('No handout yet.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Volunteer Handout' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'New' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  expect(mocked.list).toHaveBeenCalledWith('volunteer', expect.anything());
});

it('shows the one PDF as a link to a new tab, with its size and date; New is hidden, Update shown', async () => {
  showing([leaflet]);
  renderPage();
  const link = await screen.findByRole('link', { name: 'volunteer-guide.pdf' });
  expect(link).toHaveAttribute('href', leaflet.file);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  expect(screen.getByText(/1\.4 MB, updated 2 Mar 2026/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
});

it('gives a read-only role the link but neither New nor Update', async () => {
  signInAs('Data Assistant');
  showing([leaflet]);
  renderPage();
  expect(await screen.findByRole('link', { name: 'volunteer-guide.pdf' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
  showing([]);
  renderPage(<PatientHandout />);
  expect(await screen.findByText('No handout yet.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
});

it("asks for a file: 'File is required!'", async () => {
  showing([]);
  renderPage();
  const dialog = await openNew();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
  expect(await within(dialog).findByText('File is required!')).toBeInTheDocument();
  expect(mocked.create).not.toHaveBeenCalled();
});

it("refuses what is not a PDF, by type, by name and by content: 'The file must be a PDF!'", async () => {
  showing([]);
  renderPage();
  const dialog = await openNew();
  const input = within(dialog).getByLabelText('File');
  // The picker offers PDFs only, but a person can still pick "All files".
  const user = userEvent.setup({ applyAccept: false });
  for (const file of [
    new File(['hello'], 'notes.txt', { type: 'text/plain' }),
    pdf('scan.png'),
    pdf('renamed.pdf', 'PK\u0003\u0004 a zip'),
  ]) {
    await user.upload(input, pdf());
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    await user.upload(input, file);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file must be a PDF!');
  }
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  expect(mocked.create).not.toHaveBeenCalled();
});

it('refuses a file over 10 MB before uploading it', async () => {
  showing([]);
  renderPage();
  const dialog = await openNew();
  const big = pdf('big.pdf');
  Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
  await userEvent.upload(within(dialog).getByLabelText('File'), big);
  expect(await within(dialog).findByText('The file must be at most 10 MB!')).toBeInTheDocument();
});

it('uploads with progress and Loading, then tells it was created and shows Update', async () => {
  showing([]);
  let finish: () => void = () => {};
  mocked.create.mockImplementation(async (_kind, _file, control) => {
    control?.onProgress?.(0.4);
    await new Promise<void>((resolve) => (finish = resolve));
    return ok;
  });
  renderPage();
  const dialog = await openNew();
  const file = pdf();
  await userEvent.upload(within(dialog).getByLabelText('File'), file);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
  expect(await within(dialog).findByRole('button', { name: /Loading/ })).toBeInTheDocument();
  expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  expect(mocked.create).toHaveBeenCalledWith(
    'volunteer',
    file,
    expect.objectContaining({ signal: expect.any(AbortSignal) }),
  );
  showing([leaflet]);
  finish();
  expect(await screen.findByRole('link', { name: 'volunteer-guide.pdf' })).toBeInTheDocument();
  expect(notices()).toContain('Volunteer Handout has been created successfully!');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'New' })).toBeNull();
});

it('replaces the patient handout with Update', async () => {
  showing([{ ...leaflet, id: 9, name: 'patient-leaflet.pdf' }]);
  mocked.update.mockResolvedValue({ ...ok, message: 'Patient Handout has been updated successfully!' });
  renderPage(<PatientHandout />);
  await userEvent.click(await screen.findByRole('button', { name: 'Update' }));
  const dialog = screen.getByRole('dialog', { name: 'Update Patient Handout' });
  const file = pdf('new-leaflet.pdf');
  await userEvent.upload(within(dialog).getByLabelText('File'), file);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
  await waitFor(() => expect(mocked.update).toHaveBeenCalledWith('patient', 9, file, expect.anything()));
  expect(notices()).toContain('Patient Handout has been updated successfully!');
});

it("shows the server's refusal under the field and as a notice, keeping the dialog open", async () => {
  showing([]);
  mocked.create.mockRejectedValue(new ApiError('The file must be a PDF!', 400, { file: ['The file must be a PDF!'] }));
  renderPage();
  const dialog = await openNew();
  await userEvent.upload(within(dialog).getByLabelText('File'), pdf());
  await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file must be a PDF!');
  expect(notices()).toEqual(['The file must be a PDF!']);
  expect(screen.getByRole('dialog')).toBeInTheDocument();
});

it('cancels an upload under way without an error', async () => {
  showing([]);
  let seen: AbortSignal | undefined;
  mocked.create.mockImplementation((_kind, _file, control) => {
    seen = control?.signal;
    return new Promise((_resolve, reject) =>
      control?.signal?.addEventListener('abort', () => reject(new Error('canceled'))),
    );
  });
  renderPage();
  const dialog = await openNew();
  await userEvent.upload(within(dialog).getByLabelText('File'), pdf());
  await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
  await within(dialog).findByRole('button', { name: /Loading/ });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(seen?.aborted).toBe(true);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(notices()).toEqual([]);
});
