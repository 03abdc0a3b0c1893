// A visit's video over a township link: a 64 MB video sent resumably (tus, app/uploads) through an
// in-process TCP link throttled to 1 Mbit/s that drops the connection three times, resumed each time
// from the offset the server holds (the reference client's uploadFile). Against the same file in
// one piece, unthrottled, in the same run. Reports time, and the bytes that crossed the link
// (requests' headers included) as a ratio of the file's size: the issue's bound is ≤ 1.1×.
//
//   api/node_modules/.bin/tsx bench/upload-resumable.mts [MB=64] [kbit/s=1000] [drops=3]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { buildApp } from '@vot/api/app';
import { hashPassword } from '@vot/api/passwords';
import { AppClient } from '@vot/app-client';
import { generatePlaces, openDatabase, sql } from './harness.mts';
import { generateVot } from './visits-data.mts';

const megabytes = Number(process.argv[2] ?? 64);
const kbits = Number(process.argv[3] ?? 1000);
const drops = Number(process.argv[4] ?? 3);
const size = megabytes * 1024 * 1024;
const PASSWORD = 'bench phone password';

/**
 * A link to `port`: the client's bytes go out at most `bytesPerSecond` (none: unthrottled), and the
 * connection is cut whenever the bytes through pass the next of `cutsAt` (what the phone had sent
 * beyond is lost, as on a real link). Counts every byte the phone sent.
 */
function link(port: number, bytesPerSecond: number | null, cutsAt: number[]) {
  /** sent: bytes the phone put on the link (lost ones at a drop included); through: bytes that reached the API. */
  const state = { sent: 0, through: 0, cuts: 0 };
  const server = net.createServer((client) => {
    const api = net.connect(port, '127.0.0.1');
    const end = () => {
      client.destroy();
      api.destroy();
    };
    client.on('error', end).on('close', end);
    api.on('error', end).on('close', end);
    api.pipe(client);
    let allowance = bytesPerSecond ? 0 : Infinity;
    let waiting: Buffer[] = [];
    // Refilled by the time that really passed (a busy machine's timers slip), a tenth of a second's worth at most.
    let last = performance.now();
    const tick = bytesPerSecond
      ? setInterval(() => {
          const now = performance.now();
          allowance = Math.min(allowance + (bytesPerSecond * (now - last)) / 1000, bytesPerSecond / 10);
          last = now;
          drain();
        }, 20)
      : null;
    client.on('close', () => tick && clearInterval(tick));
    function drain() {
      while (waiting.length && allowance > 0 && !api.destroyed) {
        let chunk = waiting[0]!;
        const n = Math.min(chunk.length, Math.floor(allowance));
        if (n <= 0) break;
        const out = chunk.subarray(0, n);
        waiting[0] = chunk = chunk.subarray(n);
        if (!chunk.length) waiting.shift();
        allowance -= n;
        state.through += n;
        api.write(out);
        if (state.cuts < cutsAt.length && state.through >= cutsAt[state.cuts]!) {
          state.cuts++;
          waiting = [];
          return end();
        }
      }
      if (waiting.length) client.pause();
      else client.resume();
    }
    client.on('data', (chunk: Buffer) => {
      state.sent += chunk.length;
      waiting.push(chunk);
      drain();
    });
  });
  return new Promise<{ port: number; state: typeof state; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ port: (server.address() as net.AddressInfo).port, state, close: () => server.close() }),
    ),
  );
}

const db = await openDatabase();
const files = mkdtempSync(join(tmpdir(), 'vot-bench-upload-'));
const [township] = await generatePlaces(db, 1);
const vot = await generateVot(db, { townshipIds: [township!], patients: 1, visits: 10 });
const patientId = vot.firstId;
await db.exec(sql`update patients set password_hash = ${await hashPassword(PASSWORD, db.config.scrypt)},
  plain_password_enc = null where id = ${patientId}`);
const [{ code }] = (await db.query(sql`select code from patients where id = ${patientId}`)) as [{ code: string }];
const config = { ...db.config, filesDir: files, uploadBytesPerDay: 4 * size };
const app = await buildApp({ db: db.handle.db, dbKind: db.handle.kind, config, secretKey: randomBytes(32) });
await app.listen({ port: 0, host: '127.0.0.1' });
const apiPort = (app.server.address() as net.AddressInfo).port;

/** A stored record of a video sent (work 3) awaiting its video, `ago` days back. */
async function recordAwaitingVideo(ago: number): Promise<string> {
  const uuid = randomUUID();
  await db.exec(sql`insert into dots (uuid, patient_id, date, work, created, video_awaited)
    values (${uuid}, ${patientId}, current_date - ${ago}::int, 3, 'app', true)`);
  return uuid;
}

// An MP4's first bytes, then noise (incompressible, as a video is).
const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(size - 12)]);

async function send(label: string, bytesPerSecond: number | null, cutsAt: number[], ago: number) {
  const wire = await link(apiPort, bytesPerSecond, cutsAt);
  const phone = new AppClient({ baseUrl: `http://127.0.0.1:${wire.port}` });
  await phone.signIn('patient', code, PASSWORD);
  const uuid = await recordAwaitingVideo(ago);
  const before = wire.state.sent;
  const started = performance.now();
  let attempts = 0;
  for (;;) {
    attempts++;
    try {
      await phone.uploadFile(uuid, 'video', video);
      break;
    } catch (error) {
      if (attempts > cutsAt.length + 3) throw error;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const sent = wire.state.sent - before;
  const [{ video: stored }] = (await db.query(sql`select video from dots where uuid = ${uuid}`)) as [
    { video: string | null },
  ];
  if (!stored) throw new Error(`${label}: the video did not attach`);
  wire.close();
  console.log(
    `${label.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s  ${(sent / 1024 / 1024).toFixed(2).padStart(8)} MiB sent = ${(sent / size).toFixed(4)}× the file  (${attempts} attempt${attempts > 1 ? 's' : ''}, ${wire.state.cuts} drop${wire.state.cuts === 1 ? '' : 's'})`,
  );
  return { seconds, sent };
}

console.log(`A ${megabytes} MB video, tus through the API on ${db.kind}:`);
const whole = await send('in one piece, unthrottled', null, [], 1);
const rate = (kbits * 1000) / 8;
const cuts = Array.from({ length: drops }, (_, i) => Math.floor((size * (i + 1)) / (drops + 1)));
const link1 = await send(`${kbits} kbit/s, ${drops} drops, resumed`, rate, cuts, 2);
const ideal = size / rate;
console.log(
  `\nthrottled: ${link1.seconds.toFixed(0)} s against ${ideal.toFixed(0)} s for the bytes alone at ${kbits} kbit/s ` +
    `(${(link1.seconds / ideal).toFixed(3)}×); bytes ${(link1.sent / whole.sent).toFixed(4)}× the unbroken upload's`,
);
await app.close();
await db.handle.close();
rmSync(files, { recursive: true, force: true });
