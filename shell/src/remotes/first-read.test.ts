import { waitFor } from '@testing-library/react';
import { call, loadHttp } from '@vot/shared/api';
import { manifestOf, type RemoteRouteDef } from '@vot/shared/contract';
import { PATIENT_OPERATIONS } from '@vot/shared/operations';
import { aUser } from '@vot/shared/testing';
import { startFirstRead } from './first-read';

/** The client's axios instance, fetched as the page's first call would: its adapter answers for the server. */
let http: Awaited<ReturnType<typeof loadHttp>>;
beforeAll(async () => {
  http = await loadHttp();
});

/** Routes as a remote's table declares them, through module.json (manifestOf, then JSON) as the shell reads them. */
const page = () => null;
const [tbList, detail, clinic] = JSON.parse(
  JSON.stringify(
    manifestOf({
      tb: {
        path: '/admin/TB-patient-list',
        permission: { resource: 'patients', action: 'read' },
        page,
        firstRead: { operation: PATIENT_OPERATIONS.list, query: { TB_patient: 'true' } },
      },
      detail: {
        path: '/admin/DSTB-patient-detail/:id',
        permission: { resource: 'patients', action: 'read' },
        page,
        firstRead: { operation: PATIENT_OPERATIONS.show },
      },
      clinic: {
        path: '/admin/all-clinic-patient-list',
        permission: { resource: 'clinic-patients', action: 'read' },
        page,
        firstRead: { operation: PATIENT_OPERATIONS.list, query: { clinic: 'true' } },
      },
    }).routes,
  ),
) as RemoteRouteDef[];

/** The requests sent, each answered when the test says so. */
let sent: { url: string; answer: (data: unknown) => void }[] = [];
beforeEach(() => {
  sent = [];
  http.defaults.adapter = (config) =>
    new Promise((resolve) =>
      sent.push({
        url: http.getUri(config),
        answer: (data) => resolve({ status: 200, data, statusText: '', headers: {}, config }),
      }),
    );
});
const at = (pathname: string, search = '') => ({ pathname, search });
const fieldOfficer = aUser('Field Officer');

it("sends a list's first page before the page asks, and the page's own call takes that answer", async () => {
  expect(startFirstRead(tbList!, at('/admin/TB-patient-list'), fieldOfficer)).toBe(true);
  await waitFor(() => expect(sent.map((r) => r.url)).toEqual(['/api/v1/patients?TB_patient=true&page=1']));
  // The remote's list, loaded later, asks for the same page as its screen does.
  const query: Record<string, unknown> = { TB_patient: 'true', page: 1 };
  const listed = call(PATIENT_OPERATIONS.list, { query }, { quiet: true });
  sent[0]!.answer({ data: [{ id: 7 }], status: 'success', total: 1 });
  await expect(listed).resolves.toMatchObject({ total: 1 });
  expect(sent).toHaveLength(1);
});

it("sends the URL's page, fills the route's parameters, and starts a read once however often it is asked", async () => {
  startFirstRead(tbList!, at('/admin/TB-patient-list', '?page=3'), fieldOfficer);
  startFirstRead(tbList!, at('/admin/TB-patient-list', '?page=3'), fieldOfficer);
  startFirstRead(detail!, at('/admin/DSTB-patient-detail/42'), fieldOfficer);
  await waitFor(() =>
    expect(sent.map((r) => r.url)).toEqual(['/api/v1/patients?TB_patient=true&page=3', '/api/v1/patients/42']),
  );
});

it('never asks what the role may not read, nor a filtered list, nor a path that is no record', async () => {
  // A Field Officer does not read the clinics' list (docs/permissions.md); no user, no read.
  expect(startFirstRead(clinic!, at('/admin/all-clinic-patient-list'), fieldOfficer)).toBe(false);
  expect(startFirstRead(tbList!, at('/admin/TB-patient-list'), null)).toBe(false);
  // The list would send its filter; a read without it would be asked for nothing.
  expect(startFirstRead(tbList!, at('/admin/TB-patient-list', '?name=thida'), fieldOfficer)).toBe(false);
  expect(startFirstRead(detail!, at('/admin/DSTB-patient-detail/new'), fieldOfficer)).toBe(false);
  expect(startFirstRead({ path: '/admin/TB-patient-list' }, at('/admin/TB-patient-list'), fieldOfficer)).toBe(false);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(sent).toEqual([]);
});

it('declares only reads, with the parameters its route has, allowed as the route is for a list its query names', () => {
  expect(tbList!.firstRead).toEqual({
    path: '/patients',
    permission: { resource: 'patients', action: 'read' },
    query: { TB_patient: 'true' },
    paged: true,
  });
  expect(clinic!.firstRead!.permission).toEqual({ resource: 'clinic-patients', action: 'read' });
  const route = (path: string, operation: object) => ({
    x: { path, permission: { resource: 'patients' as const, action: 'read' as const }, page, firstRead: { operation } },
  });
  expect(() => manifestOf(route('/admin/TB-patient-list', PATIENT_OPERATIONS.show) as never)).toThrow('needs id');
  expect(() => manifestOf(route('/admin/DSTB-patient-detail/:id', PATIENT_OPERATIONS.moveToTrash) as never)).toThrow(
    'is not a read',
  );
});
