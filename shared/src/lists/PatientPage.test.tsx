import { screen, waitFor } from '@testing-library/react';
import {
  AxiosError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
  type AxiosInstance,
} from 'axios';
import { call, callEarly } from '../api/call';
import { loadHttp } from '../api/client';
import { PATIENT_OPERATIONS } from '../operations/patients';
import { VISIT_OPERATIONS } from '../operations/visits';
import type { Patient } from '../schemas/patient-records';
import { listOf, renderRoutes } from '../testing';
import { PatientPage } from './PatientPage';
import { firstListQuery } from './ListFilters';
import { usePagedList } from './usePagedList';

/** The client's axios instance, fetched as the page's first call would: its adapter answers for the server. */
let http: AxiosInstance;
beforeAll(async () => {
  http = await loadHttp();
});

/** The requests the server was sent, each answered only when the test says so. */
const asked: { url: string; params: unknown; answer: (data: unknown, status?: number) => void }[] = [];
beforeEach(() => {
  asked.length = 0;
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) =>
    new Promise<AxiosResponse>((resolve, reject) =>
      asked.push({
        url: config.url!,
        params: config.params,
        answer: (data, status = 200) => {
          const response = { status, data, statusText: '', headers: {}, config };
          if (status < 300) resolve(response);
          else reject(new AxiosError('Refused', 'ERR_BAD_REQUEST', config, null, response));
        },
      }),
    );
  http.defaults.adapter = adapter;
});

const DATES = [{ name: 'dates', label: 'Date', type: 'date-range' as const }];
const loadVisits = (query: Record<string, unknown>, signal: AbortSignal) =>
  call(VISIT_OPERATIONS.all, { params: { id: 5 }, query }, { signal, quiet: true });

function Visits() {
  const list = usePagedList(loadVisits, true, {});
  return <p>{list.loading ? 'Loading visits' : `${list.total} visits`}</p>;
}

function Page() {
  return (
    <PatientPage
      load={(id) => call(PATIENT_OPERATIONS.show, { params: { id } }, { quiet: true })}
      alongside={(id, search) =>
        callEarly(VISIT_OPERATIONS.all, { params: { id }, query: firstListQuery(search, DATES, true) })
      }
      listPath="/patients"
      listLabel="Patient List"
    >
      {(patient) => (
        <>
          <h2>{patient.name}</h2>
          <Visits />
        </>
      )}
    </PatientPage>
  );
}

it("reads the patient and the page's list at once, and the list takes the answer started with the patient", async () => {
  renderRoutes({ '/calendar/:id': Page }, '/calendar/5');
  // Both requests are out before either is answered.
  await waitFor(() => expect(asked.map((a) => a.url).sort()).toEqual(['all-DOTs/5', 'patients/5']));
  expect(asked.find((a) => a.url === 'all-DOTs/5')!.params).toEqual({ page: 1 });
  asked.find((a) => a.url === 'all-DOTs/5')!.answer(listOf([], 3));
  asked.find((a) => a.url === 'patients/5')!.answer({ data: { id: 5, name: 'Daw Hla' } as Patient, status: 'success' });
  expect(await screen.findByText('3 visits')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Daw Hla' })).toBeInTheDocument();
  // The list's own first call was not sent again.
  expect(asked).toHaveLength(2);
});

it("says 'Patient not found.' with the way to the list", async () => {
  renderRoutes({ '/calendar/:id': Page }, '/calendar/9');
  await waitFor(() => expect(asked).toHaveLength(2));
  asked.find((a) => a.url === 'patients/9')!.answer({ message: 'Patient not found.' }, 404);
  expect(await screen.findByRole('heading', { name: 'Patient not found.' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the Patient List' })).toHaveAttribute('href', '/patients');
});
