import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTION_ADVICE, VISIT_DETAIL_LABELS, WORK_LABELS, WORK_STATUS_LABELS, type Role } from '@vot/shared/domain';
import {
  choose,
  clearNotices,
  fakeApi,
  itemOf,
  listOf,
  messageOf,
  notices,
  recordDownloads,
  renderRoutes,
  signInAs,
} from '@vot/shared/testing';
import { routes } from '../../routes';
import { aPatient } from '../../test-data';
import { patientTreatmentApi } from '../patient-treatment.api';
import { aVisit, aVisitDetail } from './test-visits';
import { WithVolunteerVisitList, NoVolunteerVisitList } from './VisitLists';
import { visitsApi } from './visits.api';

const appVisit = aVisit({ id: 11, date: '2026-02-01', late_remark: 'Phone was off' });
const dashboardVisit = aVisit({
  id: 12,
  date: '2026-02-02',
  created: 'dashboard',
  work: 5,
  remark: 'Visited at home',
  DOT_records: [],
});
const list = jest.fn();

beforeEach(() => {
  clearNotices();
  fakeApi(patientTreatmentApi).show.mockResolvedValue(itemOf(aPatient()));
  list.mockResolvedValue(listOf([dashboardVisit, appVisit], 40));
  fakeApi(visitsApi).withVolunteer.mockReturnValue(list);
  fakeApi(visitsApi).withoutVolunteer.mockReturnValue(list);
  fakeApi(visitsApi).show.mockResolvedValue(itemOf(aVisitDetail()));
  fakeApi(visitsApi).create.mockResolvedValue(itemOf(dashboardVisit));
  fakeApi(visitsApi).update.mockResolvedValue(itemOf(dashboardVisit));
  fakeApi(visitsApi).remove.mockResolvedValue(messageOf('DOT has been deleted successfully!'));
  fakeApi(visitsApi).exportWithVolunteer.mockResolvedValue({ data: [], status: 'success' });
});
afterEach(() => jest.restoreAllMocks());

async function open(role: Role, path = '/admin/dot-list/5') {
  signInAs(role);
  renderRoutes(
    { [routes.dotList.path]: WithVolunteerVisitList, [routes.noVolunteerDotList.path]: NoVolunteerVisitList },
    path,
  );
  // The first render loads the table's code: slow on a busy machine.
  await screen.findByRole('cell', { name: 'Visited at home' }, { timeout: 10_000 });
}

const rowOf = (date: string) => screen.getByRole('cell', { name: date }).closest('tr')!;

it('lists Date, Remark, Remark for being late and Detail; a late date is red; 28 a page', async () => {
  await open('Field Officer');
  expect(screen.getByRole('heading', { name: 'Daw Hla VOT Visit List' })).toBeInTheDocument();
  for (const header of ['Date', 'Remark', 'Remark for being late'])
    expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
  expect(within(rowOf('2026-02-01')).getByText('2026-02-01')).toHaveClass('vot-late-date');
  expect(within(rowOf('2026-02-02')).getByText('2026-02-02')).not.toHaveClass('vot-late-date');
  expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Page 3' })).toBeNull();
  expect(visitsApi.withVolunteer).toHaveBeenCalledWith(5);
}, 20_000);

it('shows Update and Delete only on records made on the dashboard', async () => {
  await open('Field Officer');
  expect(within(rowOf('2026-02-02')).getByRole('button', { name: 'Update' })).toBeInTheDocument();
  expect(within(rowOf('2026-02-02')).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  expect(within(rowOf('2026-02-01')).queryByRole('button', { name: 'Update' })).toBeNull();
  expect(within(rowOf('2026-02-01')).queryByRole('button', { name: 'Delete' })).toBeNull();
  expect(within(rowOf('2026-02-01')).getByRole('button', { name: 'Detail' })).toBeInTheDocument();
}, 20_000);

it('creates a dashboard record with Date, Dose taken (required) and Remark, and updates its Dose taken and remark', async () => {
  await open('Field Officer');
  await userEvent.click(screen.getByRole('button', { name: 'New' }));
  const create = screen.getByRole('dialog', { name: 'Create VOT' });
  await userEvent.click(within(create).getByRole('button', { name: 'Save' }));
  expect(await within(create).findByText('Date is required!')).toBeInTheDocument();
  expect(within(create).getByText('Remark is required!')).toBeInTheDocument();
  expect(within(create).getByText('Dose taken is required!')).toBeInTheDocument();
  expect(within(create).getByLabelText('Date')).toHaveAttribute('min', '2026-01-10');
  await userEvent.type(within(create).getByLabelText('Date'), '2026-02-03');
  await userEvent.type(within(create).getByLabelText('Remark'), 'Called: the dose was not taken');
  await userEvent.click(within(create).getByRole('button', { name: 'Save' }));
  // Without an answer the record is not sent: the answer decides the day.
  expect(visitsApi.create).not.toHaveBeenCalled();
  await choose('Dose taken', 'No');
  await userEvent.click(within(create).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(visitsApi.create).toHaveBeenCalledWith(true, {
      patient_id: 5,
      date: '2026-02-03',
      dose_taken: 'No',
      remark: 'Called: the dose was not taken',
    }),
  );
  expect(notices()).toContain('DOT has been created successfully!');
  await userEvent.click(within(rowOf('2026-02-02')).getByRole('button', { name: 'Update' }));
  const update = screen.getByRole('dialog', { name: 'Update VOT' });
  expect(within(update).queryByLabelText('Date')).toBeNull();
  await userEvent.clear(within(update).getByLabelText('Remark'));
  await userEvent.type(within(update).getByLabelText('Remark'), 'Called again: not taken');
  await choose('Dose taken', 'No');
  await userEvent.click(within(update).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(visitsApi.update).toHaveBeenCalledWith(12, { dose_taken: 'No', remark: 'Called again: not taken' }),
  );
}, 20_000);

it('opens the VOT Visit Date Detail with the Burmese labels, the medicines, the actions, the video and the signature', async () => {
  await open('Project Officer');
  expect(within(rowOf('2026-02-02')).queryByRole('button', { name: 'Update' })).toBeNull();
  await userEvent.click(within(rowOf('2026-02-01')).getByRole('button', { name: 'Detail' }));
  const dialog = screen.getByRole('dialog', { name: 'VOT Visit Date Detail' });
  expect(await within(dialog).findByText(VISIT_DETAIL_LABELS.medicines)).toBeInTheDocument();
  expect(within(dialog).getByText(`Bedaquiline — ${VISIT_DETAIL_LABELS.quantity} 2`)).toBeInTheDocument();
  expect(within(dialog).getByText(WORK_LABELS[1]!)).toBeInTheDocument();
  expect(within(dialog).getByText(WORK_STATUS_LABELS.success)).toBeInTheDocument();
  expect(within(dialog).getByText(ACTION_ADVICE['1']!)).toBeInTheDocument();
  expect(within(dialog).getByText(ACTION_ADVICE['3']!)).toBeInTheDocument();
  expect(within(dialog).getByRole('img', { name: VISIT_DETAIL_LABELS.signature })).toHaveAttribute(
    'src',
    aVisitDetail().sign_url,
  );
  expect(dialog.querySelector('video')).toHaveAttribute('src', aVisitDetail().video_url);
  expect(within(dialog).getByText('Daw Aye')).toBeInTheDocument();
  expect(visitsApi.show).toHaveBeenCalledWith(11);
}, 20_000);

it("exports 'DOT-APP' with the applied dates", async () => {
  const downloads = recordDownloads();
  await open('Project Officer', '/admin/dot-list/5?start_date=2026-02-01&end_date=2026-02-05');
  await userEvent.click(screen.getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(downloads).toHaveLength(1), { timeout: 10_000 });
  expect(downloads[0]!.name).toBe('DOT-APP.xlsx');
  expect(visitsApi.exportWithVolunteer).toHaveBeenCalledWith(5, { start_date: '2026-02-01', end_date: '2026-02-05' });
}, 15_000);

it("titles the no-volunteer list '(name) VOT Status', with the VOT Status Detail and no Export", async () => {
  await open('Field Officer', '/admin/no-volunteer-dot-list/5');
  expect(screen.getByRole('heading', { name: 'Daw Hla VOT Status' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  // The dates start at the VOT start date.
  await userEvent.type(screen.getByLabelText('Start Date'), '2026-01-09');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Start Date may not be before 2026-01-10!');
  await userEvent.click(within(rowOf('2026-02-01')).getByRole('button', { name: 'Detail' }));
  const dialog = screen.getByRole('dialog', { name: 'VOT Status Detail' });
  expect(await within(dialog).findByRole('link', { name: 'Open video' })).toHaveAttribute(
    'href',
    aVisitDetail().video_url,
  );
  expect(within(dialog).getByText('Good')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: /close/i }));
  await userEvent.click(within(rowOf('2026-02-02')).getByRole('button', { name: 'Delete' }));
  await userEvent.click(screen.getByRole('button', { name: 'Yes, delete it!' }));
  await waitFor(() => expect(visitsApi.remove).toHaveBeenCalledWith(12));
  expect(visitsApi.withoutVolunteer).toHaveBeenCalledWith(5);
}, 15_000);
