import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser } from '@playwright/test';
// The Burmese words the screens show, from the one place they are declared.
import { NO_APP_STATUS, VISIT_DETAIL_LABELS, WORK_LABELS } from '../../shared/src/domain/visits';
import { ACCOUNTS, bearerOf, choose, dayFrom, expect, shot, signIn, test, today } from './fixtures';
import { sheetRows } from './sheets';
import { REGISTRATION_DETAILS } from '../../shared/src/testing/records';

/**
 * Issue 11's visit journeys: a volunteer's phone-app session (through the API) records an own visit
 * with medicines and a signature and a video-observed visit with a small real video; staff read them
 * on the VOT calendar, add and edit a dashboard record on the visit list, and run a No App
 * patient's grid of days and its export.
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const dayOf = (offset: number) => dayFrom(-offset);
/** A remote's first screen on a loaded 2-core machine: its code, then the patient, then the list. */
const LOADED = 60_000;

/** A staff member's API calls with the bearer token of a sign-in made for the purpose. */
async function staffApi(request: APIRequestContext, apiUrl: string, email: string) {
  const headers = await bearerOf(request, `${apiUrl}/api/v1`, email);
  const call = async (method: 'get' | 'post', path: string, data?: object) => {
    const res = await request[method](`${apiUrl}/api/v1/${path}`, { headers, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as { data: Record<string, unknown> & { id: number } };
  };
  return call;
}

type Call = Awaited<ReturnType<typeof staffApi>>;

/** A patient of the volunteer's township on VOT for ten days, with that volunteer (App or No App). */
async function patientOnVot(
  call: Call,
  volunteer: { id: number; township: { id: number } },
  type: 'App' | 'No App',
  name: string,
) {
  const patient = await call('post', 'patients', {
    year: 2026,
    township_id: volunteer.township.id,
    SP_code: `SP-V-${randomUUID().slice(0, 8)}`,
    name,
    age: 41,
    sex: 'Female',
    treatment_start_date: dayOf(20),
    ...REGISTRATION_DETAILS,
  });
  const id = patient.data.id;
  await call('post', `VOT-eligible/${id}?_method=PUT`, { VOT_eligible: 'Yes' });
  await call('post', `move-to-DOT/${id}?_method=PUT`, { VOT_accept: 'Yes', DOT_start_date: dayOf(10) });
  await call('post', 'change-volunteers', {
    patient_id: id,
    change_date: dayOf(10),
    pure_or_hybrid: 'Pure',
    with_volunteer: 'Yes',
    volunteer_id: volunteer.id,
    type,
  });
  return id;
}

/** A real signature image and a real one-second WebM video, drawn and recorded by the browser itself. */
async function recordFiles(browser: Browser): Promise<{ png: Buffer; webm: Buffer }> {
  const page = await browser.newPage();
  const [png, webm] = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 96;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 160, 96);
    ctx.strokeStyle = '#073674';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(10, 70);
    ctx.bezierCurveTo(40, 10, 70, 90, 150, 30);
    ctx.stroke();
    const sign = canvas.toDataURL('image/png').split(',')[1]!;
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start(100);
    let frame = 0;
    const timer = setInterval(() => {
      ctx.fillStyle = `hsl(${(frame++ * 25) % 360} 80% 50%)`;
      ctx.fillRect(0, 0, 160, 96);
    }, 60);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    clearInterval(timer);
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return [sign, btoa(binary)];
  });
  await page.close();
  return { png: Buffer.from(png, 'base64'), webm: Buffer.from(webm, 'base64') };
}

let appPatient = 0;
let noAppPatient = 0;
const appName = `Daw Khin Visits ${Date.now()}`;
const noAppName = `U Aung NoApp ${Date.now()}`;

test('a volunteer records an own visit and a video-observed visit in the app; the calendar shows each once, in its colour, with its Burmese detail, signature and video', async ({
  page,
  request,
  stack,
  browser,
}) => {
  const call = await staffApi(request, stack.apiUrl, ACCOUNTS.mealOfficer);
  const volunteers = (await call('get', 'volunteers?page=1')).data as unknown as {
    id: number;
    township: { id: number } | null;
  }[];
  const volunteer = volunteers.find((v) => v.township) as { id: number; township: { id: number } };
  appPatient = await patientOnVot(call, volunteer, 'App', appName);
  noAppPatient = await patientOnVot(call, volunteer, 'No App', noAppName);
  const { code, plain_password } = (await call('get', `volunteers/${volunteer.id}`)).data as unknown as {
    code: string;
    plain_password: string;
  };

  // The volunteer's phone: sign in with the code and the initial password.
  const login = await request.post(`${stack.apiUrl}/api/v1/app/login`, {
    data: { kind: 'volunteer', code, password: plain_password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const app = { Authorization: `Bearer ${(await login.json()).access_token as string}` };
  // On the initial password the phone may only change it: the volunteer chooses their own first.
  const chosen = `Own-${randomUUID()}`;
  const changed = await request.post(`${stack.apiUrl}/api/v1/app/change-password`, {
    headers: app,
    data: { current_password: plain_password, new_password: chosen, new_password_confirmation: chosen },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  const files = await recordFiles(browser);
  const ownVisit = {
    uuid: randomUUID(),
    patient_id: appPatient,
    date: today,
    work: 1,
    work_status: true,
    DOT_records: [
      { medicine_name: 'Bedaquiline', quantity: 2 },
      { medicine_name: 'Linezolid', quantity: 1 },
    ],
    long: '15 minutes',
    minor_side_effects: 'Nausea',
    actions: [1, 3],
    patient_condition: 'Good',
  };
  const sendOwnVisit = () =>
    request.post(`${stack.apiUrl}/api/v1/app/DOTs`, {
      headers: app,
      multipart: {
        data: JSON.stringify(ownVisit),
        sign: { name: 'sign.png', mimeType: 'image/png', buffer: files.png },
      },
    });
  expect((await sendOwnVisit()).status()).toBe(201);
  // A bad connection: the app sends the same record again, which changes nothing.
  expect((await sendOwnVisit()).status()).toBe(200);
  const observed = {
    uuid: randomUUID(),
    patient_id: appPatient,
    date: today,
    work: 2,
    work_status: true,
    DOT_records: [{ medicine_name: 'Bedaquiline', quantity: 2 }],
    actions: [1],
  };
  const video = await request.post(`${stack.apiUrl}/api/v1/app/DOTs`, {
    headers: app,
    multipart: {
      data: JSON.stringify(observed),
      video: { name: 'dose.webm', mimeType: 'video/webm', buffer: files.webm },
    },
  });
  expect(video.status(), await video.text()).toBe(201);

  await signIn(page, ACCOUNTS.mealOfficer);
  await page.goto(`/admin/dot-patient-with-volunteer-detail/${appPatient}`);
  await page.getByRole('button', { name: 'VOT Calendar' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/VOT-calendar/${appPatient}$`));
  await expect(page.getByRole('heading', { name: appName })).toBeVisible({ timeout: LOADED });
  const own = page.getByRole('button', { name: `${today} ${WORK_LABELS[1]}` });
  const watched = page.getByRole('button', { name: `${today} ${WORK_LABELS[2]}` });
  await expect(own).toHaveCount(1);
  await expect(watched).toHaveCount(1);
  await expect(page.locator('.vot-tile')).toHaveCount(2);
  // Orange and green (SPEC.md §2), in the shades that keep the white text readable (visits.css).
  await expect(own).toHaveCSS('background-color', 'rgb(194, 65, 12)');
  await expect(watched).toHaveCSS('background-color', 'rgb(21, 128, 61)');
  await shot(page, 'visits-calendar');

  await own.click();
  const detail = page.getByRole('dialog', { name: VISIT_DETAIL_LABELS.title });
  await expect(detail.getByText(VISIT_DETAIL_LABELS.medicines)).toBeVisible();
  await expect(detail.getByText(`Linezolid — ${VISIT_DETAIL_LABELS.quantity} 1`)).toBeVisible();
  await expect(detail.getByText(VISIT_DETAIL_LABELS.healthCondition)).toBeVisible();
  const signature = detail.getByRole('img', { name: VISIT_DETAIL_LABELS.signature });
  await expect(signature).toBeVisible();
  expect(await signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  await shot(page, 'visits-detail-own');
  await detail.getByRole('button', { name: /close/i }).click();

  await watched.click();
  const player = page.getByRole('dialog', { name: VISIT_DETAIL_LABELS.title }).locator('video');
  await expect(player).toBeVisible();
  // Playable: the browser reads the video through the signed link (with range requests) and plays it.
  expect(
    await player.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      return v.readyState >= 2 && v.videoWidth;
    }),
  ).toBe(160);
  await shot(page, 'visits-detail-video');
});

test('a staff member adds a dashboard record and edits its remark; app records have no Update or Delete', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.mealOfficer);
  await page.goto(`/admin/dot-list/${appPatient}`);
  await expect(page.getByRole('heading', { name: `${appName} VOT Visit List` })).toBeVisible({ timeout: LOADED });
  const appRows = page.getByRole('row', { name: new RegExp(today) });
  await expect(appRows).toHaveCount(2);
  await expect(appRows.getByRole('button', { name: 'Update' })).toHaveCount(0);
  await expect(appRows.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  await page.getByRole('button', { name: 'New' }).click();
  const create = page.getByRole('dialog', { name: 'Create VOT' });
  await expect(create.getByText('Remark is required!')).toHaveCount(0);
  await create.getByLabel('Date').fill(dayOf(1));
  await create.getByLabel('Remark').fill('Visited at home, took the morning dose');
  await choose(page, create, 'Dose taken', 'Yes');
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('DOT has been created successfully!')).toBeVisible();
  const mine = page.getByRole('row', { name: /Visited at home, took the morning dose/ });
  await expect(mine).toBeVisible();
  await mine.getByRole('button', { name: 'Update' }).click();
  const update = page.getByRole('dialog', { name: 'Update VOT' });
  await update.getByLabel('Remark').fill('Visited at home twice');
  await update.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('DOT has been updated successfully!')).toBeVisible();
  await expect(page.getByRole('row', { name: /Visited at home twice/ })).toBeVisible();
  await shot(page, 'visits-dot-list');
});

test("a No App patient's grid gets a week, one day ticked, one reset, one deleted, and its export", async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.mealOfficer);
  await page.goto(`/admin/no-app-dot-list/${noAppPatient}`);
  await expect(page.getByRole('heading', { name: noAppName })).toBeVisible({ timeout: LOADED });
  await page.getByRole('button', { name: 'New' }).click();
  const create = page.getByRole('dialog', { name: 'Create VOT' });
  // With no day yet, the range starts at the VOT start date.
  await expect(create.getByLabel('Start Date')).toHaveValue(dayOf(10));
  await create.getByLabel('Start Date').fill(dayOf(6));
  await create.getByLabel('End Date').fill(today);
  await create.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('DOT has been created successfully!')).toBeVisible();
  const box = (offset: number) => page.getByLabel(dayOf(offset), { exact: true });
  await expect(page.locator('.vot-day')).toHaveCount(7);

  await box(6).getByRole('button', { name: 'Change status' }).click();
  await expect(box(6)).toHaveClass(/vot-day-yellow/);
  await box(5).getByRole('button', { name: 'Change status' }).click();
  await expect(box(5)).toHaveClass(/vot-day-yellow/);
  await box(5).getByRole('button', { name: 'Reset status' }).click();
  await expect(box(5)).toHaveClass(/vot-day-white/);
  await box(4).getByRole('button', { name: 'Delete day' }).click();
  await expect(page.getByText("You won't be able to recover this!")).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('DOT has been deleted successfully!')).toBeVisible();
  await expect(page.locator('.vot-day')).toHaveCount(6);
  await expect(page.getByText(`${NO_APP_STATUS.achieved.label}: 1`)).toBeVisible();
  await expect(page.getByText(`${NO_APP_STATUS.notAchieved.label}: 0`)).toBeVisible();
  await expect(page.getByText(`${NO_APP_STATUS.notMarked.label}: 5`)).toBeVisible();
  await shot(page, 'visits-no-app');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('No-App-DOT.xlsx');
  const rows = await sheetRows(download);
  expect(rows.map((r) => r.Date)).toEqual([6, 5, 3, 2, 1, 0].map(dayOf));
  expect(Object.keys(rows[0]!)).toEqual(['ID', 'Patient_Name', 'Date', 'Work_Status']);
  expect(rows[0]).toMatchObject({ Patient_Name: noAppName, Work_Status: NO_APP_STATUS.achieved.burmese });
  expect(rows.slice(1).every((r) => r.Work_Status === '')).toBe(true);
});
