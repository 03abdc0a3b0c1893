import { randomUUID } from 'node:crypto';
import { ACCOUNTS, bearerOf, dayFrom, expect, shot, signIn, sidebar, test } from './fixtures';
import { patientOnVot } from './patient-on-vot';
import { recordDoseVideo } from './dose-video';

/**
 * The morning video review: a Field Officer's patient on VOT five days sends a dose video of
 * two days ago from the phone app (through the app API, a real WebM); the day awaits review on the
 * patient's VOT calendar and in the ledger. The officer opens Video Reviews, the video plays in
 * place (at 2× here), T gives the verdict "dose taken", and the calendar's day turns "Video
 * reviewed" and the ledger counts it observed and verified.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const stamp = Date.now();
const name = `Daw Video ${stamp}`;
const START = 5;
let patientId = 0;
let day = '';

test('a patient on VOT sends the dose video of two days ago from the phone app', async ({ request, stack, page }) => {
  const api = `${stack.apiUrl}/api/v1`;
  const headers = await bearerOf(request, api, ACCOUNTS.fieldOfficer);
  patientId = await patientOnVot(request, api, headers, { SP_code: `SP-V-${stamp}`, name, startedDaysAgo: START });

  // The patient's phone: sign in with the code and initial password staff handed out, choose a password.
  const shown = (await (await request.get(`${api}/patients/${patientId}`, { headers })).json()).data as {
    code: string;
    plain_password: string | null;
  };
  expect(shown.plain_password).toBeTruthy();
  const login = await request.post(`${api}/app/login`, {
    data: { kind: 'patient', code: shown.code, password: shown.plain_password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const app = { Authorization: `Bearer ${(await login.json()).access_token as string}` };
  const own = `Own phone passphrase ${stamp}`;
  const changed = await request.post(`${api}/app/change-password`, {
    headers: app,
    data: { current_password: shown.plain_password, new_password: own, new_password_confirmation: own },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  day = dayFrom(-2);
  const video = await recordDoseVideo(page);
  expect(video.subarray(0, 4).toString('hex')).toBe('1a45dfa3');
  const sent = await request.post(`${api}/app/DOTs`, {
    headers: app,
    multipart: {
      data: JSON.stringify({
        uuid: randomUUID(),
        patient_id: patientId,
        date: day,
        work: 3,
        late_remark: 'No network',
      }),
      video: { name: 'video', mimeType: 'video/webm', buffer: video },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
});

test('is reviewed from the Video Reviews queue, and the calendar and the ledger follow the verdict', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, ACCOUNTS.fieldOfficer);
  const tile = page.getByRole('listitem', { name: new RegExp(`^${day}: `) });
  const ledger = page.getByLabel('Dose ledger');

  // Before: the day awaits review, counted neither observed nor missed.
  await page.goto(`/admin/VOT-calendar/${patientId}`);
  await expect(tile).toHaveAccessibleName(`${day}: Awaiting review`);
  await page.goto(`/admin/dot-patient-with-no-volunteer-detail/${patientId}`);
  await expect(ledger.getByTestId('ledger-note')).toContainText('1 day awaits video review');
  await expect(ledger.getByTestId('ledger-adherence')).toHaveText('0.0%');

  await sidebar(page).getByRole('link', { name: 'Video Reviews' }).click();
  await expect(page.getByRole('heading', { name: 'Video Reviews' })).toBeVisible();
  // The demo's own videos are of yesterday and today (docs/decisions/0220): this patient's, two days
  // old, is the oldest waiting and plays in place.
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(day);
  const player = page.getByRole('region', { name: 'Video under review' });
  await expect(player.getByRole('heading', { name })).toBeVisible();
  const video = player.getByLabel(`Video of ${name}, ${day}`);
  await player.getByRole('button', { name: 'Speed 2×' }).click();
  await expect(player.getByRole('button', { name: 'Speed 2×' })).toHaveAttribute('aria-pressed', 'true');
  // It really plays: time moves on, at twice the speed.
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime > 0 && v.playbackRate === 2))
    .toBe(true);
  await shot(page, 'video-reviews-playing');

  await page.keyboard.press('t');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  // After: the day is observed on a reviewed video; the ledger counts it, verified.
  await page.goto(`/admin/VOT-calendar/${patientId}`);
  await expect(tile).toHaveAccessibleName(`${day}: Video reviewed`);
  await page.goto(`/admin/dot-patient-with-no-volunteer-detail/${patientId}`);
  await expect(ledger.getByTestId('ledger-adherence')).toHaveText(`${((100 * 1) / START).toFixed(1)}%`);
  await expect(ledger.getByTestId('ledger-note')).not.toContainText('awaits video review');
  await shot(page, 'video-reviews-ledger-after');
});
