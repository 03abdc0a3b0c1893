import type { AxiosAdapter, InternalAxiosRequestConfig, AxiosInstance } from 'axios';
import { loadHttp } from './client';
import { PATIENT_OPERATIONS } from '../operations/patients';
import { exportEveryPart } from './export-pages';

/** The client's axios instance, fetched as the page's first call would: its adapter answers for the server. */
let http: AxiosInstance;
beforeAll(async () => {
  http = await loadHttp();
});

it('asks page after page with the previous page’s next, and answers every row in order', async () => {
  const seen: InternalAxiosRequestConfig[] = [];
  const pages: Record<string, { data: { id: number }[]; next: number | null }> = {
    first: { data: [{ id: 9 }, { id: 8 }], next: 8 },
    8: { data: [{ id: 5 }, { id: 3 }], next: 3 },
    3: { data: [{ id: 1 }], next: null },
  };
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const data = pages[String((config.params as { after?: number }).after ?? 'first')];
    return { status: 200, data, statusText: '', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  const { data } = await exportEveryPart<{ id: number }>(PATIENT_OPERATIONS.exportParts as never, { TB_patient: true });
  expect(seen[0]!.url).toBe('patients-export');
  expect(data.map((r) => r.id)).toEqual([9, 8, 5, 3, 1]);
  expect(seen.map((c) => c.params)).toEqual([
    { TB_patient: true },
    { TB_patient: true, after: 8 },
    { TB_patient: true, after: 3 },
  ]);
});
