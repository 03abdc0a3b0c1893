import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Patient } from '@vot/shared/schemas';
import { dots, patients, volunteers } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { encryptText } from '../src/lib/secrets';
import { clientFor, testConfig, type Client, type TestApp } from './helpers';
import { daysAgo, eligiblePatient, votPlaces, type VotPlaces } from './vot-fixtures';

export const V = '/api/v1';
export const INITIAL = 'init-ial-pass';

/**
 * The app's world: two Hlaingthaya volunteers, patient A on VOT for 40 days with volunteer 1 until
 * 10 days ago and volunteer 2 since, patient B with volunteer 2 only (never volunteer 1's), both
 * app users with the generated initial password INITIAL.
 */
export interface AppWorld {
  places: VotPlaces;
  meal: Client;
  a: Patient;
  b: Patient;
  codes: { volunteer1: string; volunteer2: string; a: string; b: string };
}

async function giveInitialPassword(
  t: TestApp,
  table: typeof volunteers | typeof patients,
  id: number,
): Promise<string> {
  const password_hash = await hashPassword(INITIAL, testConfig().scrypt);
  const [row] = await t.handle.db
    .update(table)
    .set({
      password_hash,
      plain_password_enc: encryptText(t.app.secretKey, INITIAL),
      initial_password_expires_at: new Date(Date.now() + t.app.config.initialPasswordMs),
    })
    .where(eq(table.id, id))
    .returning({ code: table.code });
  return row!.code;
}

export async function appWorld(t: TestApp): Promise<AppWorld> {
  const places = await votPlaces(t.handle.db);
  const meal = await t.signInAs('MEAL and Digital Tool Officer');
  const onVot = async (entries: [number, number][]) => {
    const p = await eligiblePatient(meal, places.hty, 60);
    const moved = await meal.update(`move-to-DOT/${p.id}`, {
      VOT_accept: 'Yes',
      DOT_start_date: daysAgo(40),
    });
    assert.equal(moved.statusCode, 200, moved.body);
    for (const [ago, volunteer_id] of entries) {
      const res = await meal.post('change-volunteers', {
        patient_id: p.id,
        change_date: daysAgo(ago),
        pure_or_hybrid: 'Pure',
        with_volunteer: 'Yes',
        volunteer_id,
        type: 'App',
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    return p;
  };
  const a = await onVot([
    [40, places.volunteer1],
    [10, places.volunteer2],
  ]);
  const b = await onVot([[40, places.volunteer2]]);
  const codes = {
    volunteer1: await giveInitialPassword(t, volunteers, places.volunteer1),
    volunteer2: await giveInitialPassword(t, volunteers, places.volunteer2),
    a: await giveInitialPassword(t, patients, a.id),
    b: await giveInitialPassword(t, patients, b.id),
  };
  return { places, meal, a, b, codes };
}

/** The password a volunteer or patient chooses in these tests, in place of INITIAL. */
export const ownPassword = (code: string) => `own passphrase of ${code}`;

/** The password each code of an app signs in with now: INITIAL until appSignIn changes it. */
const current = new WeakMap<FastifyInstance, Map<string, string>>();

/**
 * Signs a volunteer or patient in as the phone app does. On the initial password the app may do
 * nothing but change it, so it is changed first (to ownPassword), as the app would: the sessions
 * the code held before end, this one goes on.
 */
export async function appSignIn(app: FastifyInstance, kind: 'volunteer' | 'patient', code: string): Promise<Client> {
  const known = current.get(app) ?? new Map<string, string>();
  current.set(app, known);
  const password = known.get(`${kind}:${code}`) ?? INITIAL;
  const res = await app.inject({ method: 'POST', url: `${V}/app/login`, payload: { kind, code, password } });
  assert.equal(res.statusCode, 200, res.body);
  const client = clientFor(app, res.json().access_token);
  if (res.json().must_change_password) {
    const own = ownPassword(code);
    const changed = await client.post('app/change-password', {
      current_password: password,
      new_password: own,
      new_password_confirmation: own,
    });
    assert.equal(changed.statusCode, 200, changed.body);
    known.set(`${kind}:${code}`, own);
  }
  return client;
}

/** A multipart body: fields first, then files, as the app sends them. */
export function multipart(
  fields: Record<string, string>,
  files: Record<string, { bytes: Buffer; name?: string; type?: string }> = {},
) {
  const boundary = `----vot${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name ?? name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Sends a visit as the app does: multipart when it has files, JSON otherwise. */
export function sendVisit(client: Client, record: object, files: Record<string, Buffer> = {}) {
  if (!Object.keys(files).length) return client.post('app/DOTs', record);
  const body = multipart(
    { data: JSON.stringify(record) },
    Object.fromEntries(Object.entries(files).map(([k, bytes]) => [k, { bytes }])),
  );
  return client.inject({ method: 'POST', url: 'app/DOTs', ...body });
}

/** Content signatures, padded: what the store checks. */
export const PNG_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
export const MP4_BYTES = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypmp42'),
  Buffer.from(Array.from({ length: 4000 }, (_, j) => j % 251)),
]);
export const PDF_BYTES = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');

/** An own visit (work 1) of `patientId` on `date`, with medicines. */
export function ownVisit(patientId: number, date: string, over: object = {}) {
  return {
    uuid: randomUUID(),
    patient_id: patientId,
    date,
    work: 1,
    work_status: true,
    DOT_records: [
      { medicine_name: 'Bedaquiline', quantity: 2 },
      { medicine_name: 'Linezolid', quantity: 1 },
    ],
    long: '15',
    patient_condition: 'Good',
    minor_side_effects: 'Nausea',
    actions: [1, 3],
    ...over,
  };
}

/** Files in the visit store folder (temp files included): what a refused upload must not leave. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  return readdir(join(t.app.config.filesDir, 'dots')).catch(() => []);
}

export async function visitCount(t: TestApp): Promise<number> {
  return (await t.handle.db.select({ id: dots.id }).from(dots)).length;
}
