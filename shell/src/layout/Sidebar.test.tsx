import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { api, loadHttp } from '@vot/shared/api';
import { setUser } from '@vot/shared/session';
import { fakeApi, signInAs } from '@vot/shared/testing';
import type { MenuSection } from '../remotes/menu';
import { Sidebar } from './Sidebar';
import { COUNTS_AFTER_CHANGE_MS, useMenuCounts } from './useMenuCounts';

/** The client's axios instance, fetched as the page's first call would: its adapter answers for the server. */
let http: Awaited<ReturnType<typeof loadHttp>>;
beforeAll(async () => {
  http = await loadHttp();
});

const patients: MenuSection[] = [
  {
    group: 'Patients',
    items: [
      {
        group: 'Patients',
        label: 'TB Patient List',
        path: '/admin/TB-patient-list',
        permission: { resource: 'patients', action: 'read' },
        countKey: 'tb',
      },
      {
        group: 'Patients',
        label: 'No VOT Patient List',
        path: '/admin/no-dot-DSTB-patient-list',
        permission: { resource: 'patients', action: 'read' },
        countKey: 'noDot',
      },
    ],
  },
];
const volunteersOnly: MenuSection[] = [
  {
    group: 'Basic Data',
    items: [
      {
        group: 'Basic Data',
        label: 'Volunteer List',
        path: '/admin/volunteer-list',
        permission: { resource: 'volunteers', action: 'read' },
      },
    ],
  },
];

function Menu({ sections }: { sections: MenuSection[] }) {
  const counts = useMenuCounts(sections);
  return <Sidebar sections={sections} counts={counts} onNavigate={() => {}} />;
}
const show = (sections: MenuSection[]) =>
  render(
    <MemoryRouter>
      <Menu sections={sections} />
    </MemoryRouter>,
  );

beforeEach(() => signInAs('MEAL Associate'));
afterEach(() => jest.restoreAllMocks());

it('shows each list’s patient count from the count call', async () => {
  const get = fakeApi(api).get.mockResolvedValue({ data: { tb: 12, noDot: 0, trash: 3 } });
  show(patients);
  expect(await screen.findByLabelText('12 patients')).toHaveTextContent('12');
  expect(screen.getByLabelText('0 patients')).toBeInTheDocument();
  expect(get).toHaveBeenCalledTimes(1);
  expect(get).toHaveBeenCalledWith('dstb-patient-count', expect.objectContaining({ quiet: true }));
});

it('asks once when the session check answers with the same user (a returning visit)', async () => {
  const get = fakeApi(api).get.mockResolvedValue({ data: { tb: 12 } });
  const kept = signInAs('MEAL Associate');
  show(patients);
  expect(await screen.findByLabelText('12 patients')).toBeInTheDocument();
  // GET user's answer: the same profile, a new object.
  act(() => setUser({ ...kept }));
  await new Promise((r) => setTimeout(r, 50));
  expect(get).toHaveBeenCalledTimes(1);
  expect(screen.getByLabelText('12 patients')).toBeInTheDocument();
});

it('asks again for another user, and never shows the last user’s counts', async () => {
  const get = fakeApi(api)
    .get.mockResolvedValueOnce({ data: { tb: 12 } })
    .mockReturnValueOnce(new Promise(() => undefined));
  const kept = signInAs('MEAL Associate');
  show(patients);
  expect(await screen.findByLabelText('12 patients')).toBeInTheDocument();
  act(() => setUser({ ...kept, id: kept.id + 1 }));
  await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
  expect(screen.queryByLabelText('12 patients')).toBeNull();
});

it('keeps the menu, without badges, when the count call fails', async () => {
  const get = fakeApi(api).get.mockRejectedValue(new Error('down'));
  show(patients);
  await waitFor(() => expect(get).toHaveBeenCalled());
  expect(screen.getByRole('link', { name: /TB Patient List/ })).toBeInTheDocument();
  expect(screen.queryByLabelText(/patients$/)).toBeNull();
});

it('asks again when the user moves to another screen (a registration changes the counts)', async () => {
  const get = fakeApi(api)
    .get.mockResolvedValueOnce({ data: { tb: 12 } })
    .mockResolvedValueOnce({ data: { tb: 13 } });
  render(
    <MemoryRouter initialEntries={['/admin/dashboard']}>
      <Menu sections={patients} />
      <Routes>
        <Route path="*" element={<Link to="/admin/TB-patient-list">Go</Link>} />
      </Routes>
    </MemoryRouter>,
  );
  expect(await screen.findByLabelText('12 patients')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Go' }));
  expect(await screen.findByLabelText('13 patients')).toBeInTheDocument();
  expect(get).toHaveBeenCalledTimes(2);
});

it('asks for no counts when no item shows one (the patients module disabled)', () => {
  const get = fakeApi(api).get.mockResolvedValue({ data: {} });
  show(volunteersOnly);
  expect(get).not.toHaveBeenCalled();
});

describe('after a change the user makes', () => {
  // The real client over a fake transport: the save goes through api.update as a screen's does.
  let tb = 12;
  const asked: string[] = [];
  beforeEach(() => {
    tb = 12;
    asked.length = 0;
    http.defaults.adapter = async (config) => {
      asked.push(`${config.method} ${config.url}`);
      const data = config.url === 'dstb-patient-count' ? { data: { tb } } : { data: {}, status: 'success' };
      return { status: 200, data, statusText: '', headers: {}, config };
    };
  });
  const countCalls = () => asked.filter((a) => a === 'get dstb-patient-count').length;

  it('asks for the counts again, once for a burst of calls, and not for reads', async () => {
    show(patients);
    expect(await screen.findByLabelText('12 patients')).toBeInTheDocument();
    tb = 13;
    await api.get('patients', { quiet: true });
    await new Promise((r) => setTimeout(r, COUNTS_AFTER_CHANGE_MS + 100));
    expect(countCalls()).toBe(1);
    // A registration, then the no-SPS number's save: both changes, one call.
    await api.post('patients', { name: 'Daw Hla' });
    await api.update('patients/7', { name: 'Daw Hla Hla' });
    expect(await screen.findByLabelText('13 patients')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, COUNTS_AFTER_CHANGE_MS + 100));
    expect(countCalls()).toBe(2);
  });

  it('follows a GET that changes data (the trash), and not a failed save', async () => {
    show(patients);
    expect(await screen.findByLabelText('12 patients')).toBeInTheDocument();
    tb = 11;
    await api.get('patients-delete/7', { changes: true });
    expect(await screen.findByLabelText('11 patients')).toBeInTheDocument();
    http.defaults.adapter = async (config) => {
      asked.push(`${config.method} ${config.url}`);
      throw Object.assign(new Error('fail'), {
        response: { status: 400, data: { message: 'invalid', errors: { name: ['Name is required!'] } } },
      });
    };
    await expect(api.post('patients', {}, { quiet: true })).rejects.toMatchObject({ status: 400 });
    await new Promise((r) => setTimeout(r, COUNTS_AFTER_CHANGE_MS + 100));
    expect(countCalls()).toBe(2);
  });
});
