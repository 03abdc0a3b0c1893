import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { loadHttp } from '@vot/shared/api';
import type { RemoteRouteDef } from '@vot/shared/contract';
import { createRemoteApp } from '@vot/shared/remote';
import { signInAs } from '@vot/shared/testing';
import { RemoteMount } from './RemoteMount';
import type { RemoteState } from './registry';

/** The client's axios instance, fetched as the page's first call would: its adapter answers for the server. */
let http: Awaited<ReturnType<typeof loadHttp>>;
beforeAll(async () => {
  http = await loadHttp();
});

const loadRemote = jest.fn();
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: (...args: unknown[]) => loadRemote(...args),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

// Loaded remotes are cached by id for the page's life, so each test uses a remote of its own.
const remoteNamed = (id: string): RemoteState => ({
  id,
  entry: `http://${id}.test/mf-manifest.json`,
  enabled: true,
  module: null,
  error: null,
});

function RemotePage({ name }: { name: string }) {
  const { pathname } = useLocation();
  return (
    <div>
      <h2>{name}</h2>
      <span data-testid="remote-path">{pathname}</span>
      <Link to="/admin/b">to b</Link>
    </div>
  );
}

function Shell({
  remote,
  route,
  onRetry = () => {},
}: {
  remote: RemoteState;
  route?: RemoteRouteDef;
  onRetry?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <>
      <span data-testid="shell-path">{pathname}</span>
      <Routes>
        <Route path="/admin/*" element={<RemoteMount remote={remote} route={route} onRetry={onRetry} />} />
      </Routes>
    </>
  );
}

beforeEach(() => loadRemote.mockReset());

it('mounts the remote as a parcel that follows the shell router both ways', async () => {
  loadRemote.mockResolvedValue(
    createRemoteApp('demo', [
      { path: '/admin/a', page: () => <RemotePage name="Page A" /> },
      { path: '/admin/b', page: () => <RemotePage name="Page B" /> },
    ]),
  );
  render(
    <MemoryRouter initialEntries={['/admin/a']}>
      <Shell remote={remoteNamed('demo')} />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('heading', { name: 'Page A' })).toBeInTheDocument();
  expect(loadRemote).toHaveBeenCalledWith('demo/app');

  // A link inside the remote moves the shell's router, and the remote re-renders from it.
  await userEvent.click(screen.getByRole('link', { name: 'to b' }));
  expect(await screen.findByRole('heading', { name: 'Page B' })).toBeInTheDocument();
  expect(screen.getByTestId('shell-path')).toHaveTextContent('/admin/b');
  expect(screen.getByTestId('remote-path')).toHaveTextContent('/admin/b');
});

it('shows "not available" with a retry when the remote cannot be downloaded', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  loadRemote.mockRejectedValue(new Error('ScriptExternalLoadError'));
  const onRetry = jest.fn();
  render(
    <MemoryRouter initialEntries={['/admin/a']}>
      <Shell remote={remoteNamed('broken')} onRetry={onRetry} />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('heading', { name: 'This module is not available' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalled();
  warn.mockRestore();
});

it('never blanks the area when a remote exposes no lifecycles', async () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  loadRemote.mockResolvedValue({ unavailable: true });
  render(
    <MemoryRouter initialEntries={['/admin/a']}>
      <Shell remote={remoteNamed('empty')} />
    </MemoryRouter>,
  );
  await waitFor(() =>
    expect(screen.getByRole('heading', { name: 'This module is not available' })).toBeInTheDocument(),
  );
  await act(async () => {});
  warn.mockRestore();
});

it("sends the route's first read while the remote's code is still loading", async () => {
  signInAs('Field Officer');
  const sent: string[] = [];
  http.defaults.adapter = (config) => {
    sent.push(http.getUri(config));
    return new Promise(() => {});
  };
  loadRemote.mockReturnValue(new Promise(() => {}));
  const route: RemoteRouteDef = {
    path: '/admin/TB-patient-list',
    permission: { resource: 'patients', action: 'read' },
    firstRead: {
      path: '/patients',
      permission: { resource: 'patients', action: 'read' },
      query: { TB_patient: 'true' },
      paged: true,
    },
  };
  render(
    <MemoryRouter initialEntries={['/admin/TB-patient-list']}>
      <Shell remote={remoteNamed('slow')} route={route} />
    </MemoryRouter>,
  );
  await waitFor(() => expect(loadRemote).toHaveBeenCalledWith('slow/app'));
  expect(sent).toEqual(['/api/v1/patients?TB_patient=true&page=1']);
});
