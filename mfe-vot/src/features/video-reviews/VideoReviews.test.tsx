import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VideoReviewRow, VideoVerdict } from '@vot/shared/schemas';
import { fakeApi, itemOf, listOf, renderRoutes, signInAs } from '@vot/shared/testing';
import { routes } from '../../routes';
import { HLAINGTHAYA } from '../../test-data';
import VideoReviewList from './VideoReviewList';
import { videoReviewsApi } from './video-reviews.api';

const LIST = routes.videoReviews.path;

const aRow = (id: number, name: string, date: string): VideoReviewRow => ({
  id,
  date,
  patient: { id: id + 100, name, SP_code: `SP-HTY-${id}`, RR_code: null, DRTB_code: null },
  township: { id: HLAINGTHAYA.id, name: HLAINGTHAYA.name },
  volunteer: { id: 3, name: 'Daw Aye', code: 'V-003' },
  sent_at: '2026-03-08T03:00:00.000Z',
  hours_waited: 30,
  late_remark: null,
  video_url: `/api/v1/DOT-video/u${id}?expires=1&signature=x`,
});
const verdictOf = (id: number, dose_taken: boolean): VideoVerdict => ({
  id,
  patient_id: id + 100,
  date: '2026-03-07',
  dose_taken,
  remark: null,
  reviewed_at: '2026-03-09T03:00:00.000Z',
  reviewed_by: 1,
  reviewed_by_volunteer: null,
  corrected: false,
});

afterEach(() => jest.restoreAllMocks());

it('plays the oldest video; T, N and the buttons give verdicts, the next comes up and the count goes down', async () => {
  const api = fakeApi(videoReviewsApi);
  const first = aRow(21, 'Daw Hla', '2026-03-06');
  const second = aRow(22, 'U Ba', '2026-03-07');
  const third = aRow(23, 'Daw Mya', '2026-03-08');
  api.list
    .mockResolvedValueOnce(listOf([first, second, third]))
    .mockResolvedValueOnce(listOf([second, third]))
    .mockResolvedValueOnce(listOf([third]))
    .mockResolvedValue(listOf([]));
  api.verdict.mockImplementation((id, input) => Promise.resolve(itemOf(verdictOf(id, input.dose_taken))));
  signInAs('Field Officer', [HLAINGTHAYA]);
  renderRoutes({ [LIST]: VideoReviewList }, LIST);

  expect(await screen.findByRole('heading', { name: 'Video Reviews' })).toBeInTheDocument();
  const row = await screen.findByRole('row', { name: /Daw Hla/ });
  expect(row).toHaveTextContent('SP-HTY-21');
  expect(row).toHaveTextContent('30 h');
  const player = screen.getByRole('region', { name: 'Video under review' });
  const video = within(player).getByLabelText('Video of Daw Hla, 2026-03-06');
  expect(video).toHaveAttribute('src', first.video_url);
  expect(video).toHaveAttribute('autoplay');
  expect(screen.getByText('3')).toBeInTheDocument();

  await userEvent.keyboard('t');
  await waitFor(() => expect(api.verdict).toHaveBeenCalledWith(21, { dose_taken: true }));
  await waitFor(() => expect(screen.queryByRole('row', { name: /Daw Hla/ })).not.toBeInTheDocument());
  expect(within(player).getByLabelText('Video of U Ba, 2026-03-07')).toHaveAttribute('autoplay');
  expect(screen.getByText('2')).toBeInTheDocument();

  await userEvent.keyboard('n');
  await waitFor(() => expect(api.verdict).toHaveBeenLastCalledWith(22, { dose_taken: false }));
  const last = await screen.findByRole('row', { name: /Daw Mya/ });
  await waitFor(() => expect(screen.queryByRole('row', { name: /U Ba/ })).not.toBeInTheDocument());

  await userEvent.click(within(last).getByRole('button', { name: 'Dose taken' }));
  await waitFor(() => expect(api.verdict).toHaveBeenLastCalledWith(23, { dose_taken: true }));
  expect(await screen.findByText('No videos await a verdict.')).toBeInTheDocument();
  expect(screen.getByText('0')).toBeInTheDocument();
  expect(screen.queryByRole('region', { name: 'Video under review' })).toBeNull();
});

it('plays at the speed chosen (by keyboard too), and the next video comes up at that speed before the queue reloads', async () => {
  const api = fakeApi(videoReviewsApi);
  const first = aRow(31, 'Daw Hla', '2026-03-06');
  const second = aRow(32, 'U Ba', '2026-03-07');
  let reloaded: (value: ReturnType<typeof listOf<VideoReviewRow>>) => void = () => {};
  api.list
    .mockResolvedValueOnce(listOf([first, second]))
    .mockReturnValueOnce(new Promise((resolve) => (reloaded = resolve)));
  api.verdict.mockImplementation((id, input) => Promise.resolve(itemOf(verdictOf(id, input.dose_taken))));
  signInAs('Field Officer', [HLAINGTHAYA]);
  renderRoutes({ [LIST]: VideoReviewList }, LIST);

  const player = await screen.findByRole('region', { name: 'Video under review' });
  const speed = within(player).getByRole('group', { name: 'Speed' });
  expect(within(speed).getByRole('button', { name: 'Speed 1×' })).toHaveAttribute('aria-pressed', 'true');
  within(speed).getByRole('button', { name: 'Speed 1.5×' }).focus();
  await userEvent.keyboard('{Enter}');
  const video = within(player).getByLabelText<HTMLVideoElement>('Video of Daw Hla, 2026-03-06');
  expect(video.playbackRate).toBe(1.5);
  await userEvent.click(within(speed).getByRole('button', { name: 'Speed 2×' }));
  expect(video.playbackRate).toBe(2);
  expect(within(speed).getByRole('button', { name: 'Speed 2×' })).toHaveAttribute('aria-pressed', 'true');

  await userEvent.click(within(player).getByRole('button', { name: 'Not taken (N)' }));
  await waitFor(() => expect(api.verdict).toHaveBeenCalledWith(31, { dose_taken: false }));
  // The reload has not answered: the next video is already playing, at 2×.
  const next = await within(player).findByLabelText<HTMLVideoElement>('Video of U Ba, 2026-03-07');
  expect(next.playbackRate).toBe(2);
  expect(screen.getByText('1')).toBeInTheDocument();
  reloaded(listOf([second]));
  await waitFor(() => expect(screen.queryByRole('row', { name: /Daw Hla/ })).not.toBeInTheDocument());
});
