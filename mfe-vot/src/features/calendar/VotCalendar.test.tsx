import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VIDEO_STATE_LABELS, VISIT_DETAIL_LABELS, WORK_LABELS } from '@vot/shared/domain';
import { fakeApi, itemOf, listOf, recordDownloads, renderRoutes, signInAs } from '@vot/shared/testing';
import { routes } from '../../routes';
import { aPatient } from '../../test-data';
import { patientTreatmentApi } from '../patient-treatment.api';
import { aVisit, aVisitDetail } from '../visits/test-visits';
import { visitsApi } from '../visits/visits.api';
import VotCalendar from './VotCalendar';

const list = jest.fn();
const visits = [
  aVisit({ id: 1, date: '2026-02-01', work: 1 }),
  aVisit({ id: 2, date: '2026-02-02', work: 2 }),
  aVisit({ id: 3, date: '2026-02-03', work: 3 }),
  aVisit({ id: 4, date: '2026-02-04', work: 4 }),
  aVisit({ id: 5, date: '2026-02-05', work: 3, video_state: 'uploading' }),
];

beforeEach(() => {
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient()));
  fakeApi(patientTreatmentApi).ledgerDays.mockResolvedValue(
    itemOf([
      { patient_id: 5, date: '2026-02-01', status: 'observed', work: 1, provenance: 'in_person' },
      { patient_id: 5, date: '2026-02-02', status: 'unrecorded', work: null, provenance: null },
      { patient_id: 5, date: '2026-02-03', status: 'observed', work: 3, provenance: 'video_not_reviewed' },
    ]),
  );
  list.mockResolvedValue(listOf(visits, 30));
  fakeApi(visitsApi).all.mockReturnValue(list);
  fakeApi(visitsApi).show.mockImplementation((id) => Promise.resolve(itemOf(aVisitDetail({ ...visits[id - 1]! }))));
  fakeApi(visitsApi).exportAll.mockResolvedValue({ data: [], status: 'success' });
});
afterEach(() => jest.restoreAllMocks());

async function open(url = '/admin/VOT-calendar/5') {
  signInAs('Field Officer');
  renderRoutes({ [routes.votCalendar.path]: VotCalendar }, url);
  return screen.findByRole('button', { name: /2026-02-01/ }, { timeout: 10_000 });
}

it('titles the calendar with the patient, shows 28 tiles a page in the work colours with their labels', async () => {
  await open();
  expect(screen.getByRole('heading', { name: 'Daw Hla' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: `2026-02-01 ${WORK_LABELS[1]}` })).toHaveClass('vot-work-orange');
  expect(screen.getByRole('button', { name: `2026-02-02 ${WORK_LABELS[2]}` })).toHaveClass('vot-work-green');
  expect(screen.getByRole('button', { name: `2026-02-03 ${WORK_LABELS[3]}` })).toHaveClass('vot-work-blue');
  expect(screen.getByRole('button', { name: /2026-02-04/ })).toHaveClass('vot-work-grey');
  expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
  expect(visitsApi.all).toHaveBeenCalledWith(5);
}, 20_000);

it('keeps the date filters to the DOT start date and today; the end waits for a start', async () => {
  await open();
  expect(screen.getByLabelText('End Date')).toBeDisabled();
  await userEvent.type(screen.getByLabelText('Start Date'), '2026-01-09');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Start Date may not be before 2026-01-10!');
  await userEvent.clear(screen.getByLabelText('Start Date'));
  await userEvent.type(screen.getByLabelText('Start Date'), '2026-02-01');
  expect(screen.getByLabelText('End Date')).toBeEnabled();
  await userEvent.type(screen.getByLabelText('End Date'), '2026-01-31');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(screen.getByRole('alert')).toHaveTextContent('End Date must not be before Start Date!');
}, 20_000);

it('opens a video sent with its date, video and remarks only; a supervisor visit with its date only', async () => {
  await open();
  await userEvent.click(screen.getByRole('button', { name: /2026-02-03/ }));
  let dialog = screen.getByRole('dialog', { name: VISIT_DETAIL_LABELS.title });
  expect(await within(dialog).findByText(VISIT_DETAIL_LABELS.video)).toBeInTheDocument();
  expect(within(dialog).getByText(VISIT_DETAIL_LABELS.lateRemark)).toBeInTheDocument();
  expect(within(dialog).queryByText(VISIT_DETAIL_LABELS.medicines)).toBeNull();
  await userEvent.click(within(dialog).getByRole('button', { name: /close/i }));
  await userEvent.click(screen.getByRole('button', { name: /2026-02-04/ }));
  dialog = screen.getByRole('dialog', { name: VISIT_DETAIL_LABELS.title });
  expect(await within(dialog).findByText('2026-02-04')).toBeInTheDocument();
  expect(within(dialog).queryByText(VISIT_DETAIL_LABELS.video)).toBeNull();
}, 20_000);

it('says "video uploading" on the tile and in the detail of a record whose video has not arrived', async () => {
  await open();
  const tile = screen.getByRole('button', { name: /2026-02-05/ });
  expect(within(tile).getByText(VIDEO_STATE_LABELS.uploading)).toBeInTheDocument();
  expect(
    within(screen.getByRole('button', { name: /2026-02-03/ })).queryByText(VIDEO_STATE_LABELS.uploading),
  ).toBeNull();
  fakeApi(visitsApi).show.mockResolvedValueOnce(itemOf(aVisitDetail({ ...visits[4]!, video_url: null })));
  await userEvent.click(tile);
  const dialog = screen.getByRole('dialog', { name: VISIT_DETAIL_LABELS.title });
  expect(await within(dialog).findByText(VIDEO_STATE_LABELS.uploading)).toBeInTheDocument();
}, 20_000);

it("exports 'All-VOT'", async () => {
  const downloads = recordDownloads();
  await open();
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
  expect(downloads[0]!.name).toBe('All-VOT.xlsx');
}, 15_000);

it("shows the ledger's counted days above the records, a tile a day by what the dose rests on, gaps visible", async () => {
  await open();
  const days = await screen.findByRole('region', { name: 'Counted days' });
  expect(within(days).getByLabelText('2026-02-01: In person (signed)')).toHaveClass('vot-day-kind-in_person');
  expect(within(days).getByLabelText('2026-02-02: Unrecorded')).toHaveClass('vot-day-kind-unrecorded');
  expect(within(days).getByLabelText('2026-02-03: Video not reviewed')).toBeInTheDocument();
  expect(patientTreatmentApi.ledgerDays).toHaveBeenCalledWith(5);
});
