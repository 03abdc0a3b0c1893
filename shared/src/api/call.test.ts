import type { AxiosAdapter, InternalAxiosRequestConfig, AxiosInstance } from 'axios';
import { item, operation, pathOf } from '../operations/operation';
import { BASIC_DATA_OPERATIONS } from '../operations/basic-data';
import { REPORT_OPERATIONS } from '../operations/reports';
import { HANDOUT_OPERATIONS } from '../operations/handouts';
import type { Region } from '../schemas/geography';
import { resourceCalls } from './resource';
import { call } from './call';
import { loadHttp } from './client';

/** The client's axios instance, fetched as the page's first call would: its adapter answers for the server. */
let http: AxiosInstance;
beforeAll(async () => {
  http = await loadHttp();
});

const seen: InternalAxiosRequestConfig[] = [];
beforeEach(() => {
  seen.length = 0;
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    return { status: 200, data: { data: {}, status: 'success' }, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
});

const showPatient = operation({
  method: 'GET',
  path: '/patients/:id/visits/:uuid',
  permission: { resource: 'patients', action: 'read' },
  summary: 'test',
  answer: item<{ id: number }>('Patient'),
});

it('fills the path from the declaration, each parameter encoded', () => {
  expect(pathOf(showPatient, { id: 7, uuid: 'a/b' })).toBe('/patients/7/visits/a%2Fb');
  expect(() => pathOf(showPatient, { id: 7 })).toThrow('uuid');
});

it("calls the declared method and path with the query, under the API's base", async () => {
  await call(REPORT_OPERATIONS.votReport, { query: { start_date: '2026-01-01' } }, { quiet: true });
  expect(seen[0]!.method).toBe('get');
  expect(seen[0]!.baseURL).toBe('/api/v1');
  expect(seen[0]!.url).toBe('VOT-report');
  expect(seen[0]!.params).toEqual({ start_date: '2026-01-01' });
  await call(showPatient, { params: { id: 3, uuid: 'x' } });
  expect(seen[1]!.url).toBe('patients/3/visits/x');
});

it("calls a resource's declared operations: an update as POST ?_method=PUT, a delete as DELETE", async () => {
  const regions = resourceCalls<Region, { name: string }>(BASIC_DATA_OPERATIONS.regions);
  await regions.update(4, { name: 'Bago' });
  expect(seen[0]!.method).toBe('post');
  expect(seen[0]!.url).toBe('regions/4');
  expect(seen[0]!.params).toEqual({ _method: 'PUT' });
  expect(JSON.parse(seen[0]!.data as string)).toEqual({ name: 'Bago' });
  await regions.remove(4);
  expect(seen[1]!.method).toBe('delete');
  expect(seen[1]!.url).toBe('regions/4');
  await regions.list({ page: 2 });
  expect(seen[2]!.url).toBe('regions');
  expect(seen[2]!.params).toEqual({ page: 2 });
});

it('sends an upload as a multipart form of its files, its replacement as POST ?_method=PUT', async () => {
  const file = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
  await call(HANDOUT_OPERATIONS.patient.create, { files: { file } }, { quiet: true });
  expect(seen[0]!.method).toBe('post');
  expect(seen[0]!.url).toBe('patient-handouts');
  expect(seen[0]!.data).toBeInstanceOf(FormData);
  expect((seen[0]!.data as FormData).get('file')).toBeInstanceOf(Blob);
  await call(HANDOUT_OPERATIONS.volunteer.update, { params: { id: 9 }, files: { file } }, { quiet: true });
  expect(seen[1]!.url).toBe('volunteer-handouts/9');
  expect(seen[1]!.params).toEqual({ _method: 'PUT' });
});
