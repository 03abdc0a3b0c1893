// API answers through the shell's server (scripts/serve.mjs), as the browser gets them: bytes over
// the wire and time to the last byte, brotli and gzip against the same answer sent as it is, in the
// same run, on the data bench/patients.mts left in a PostgreSQL database. Prints what each answer
// would take on a township office's link (700 kbit/s, the Regular 3G of bench/field-speed.mjs).
//
//   DATABASE_URL=postgres://…/<the database bench/patients.mts filled> api/node_modules/.bin/tsx bench/api-compression.mts [requests=20]
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { serveStatic } from '../scripts/serve.mjs';
import { openDatabase, sql, startApi, stats } from './harness.mts';

if (!process.env.DATABASE_URL) throw new Error('DATABASE_URL: the PostgreSQL database bench/patients.mts filled');
const requests = Number(process.argv[2] ?? 20);
const db = await openDatabase();
const one = (
  await db.query(sql`select township_id from patients where status = 1 group by 1 order by 1 offset 2 limit 1`)
)[0]?.township_id;
if (!one) throw new Error('no patients: run bench/patients.mts on this database first');

const api = await startApi(db);
await api.app.listen({ port: 0, host: '127.0.0.1' });
const apiPort = (api.app.server.address() as { port: number }).port;
const dir = mkdtempSync(join(tmpdir(), 'vot-bench-zip-'));
const shell = await serveStatic({ dir, port: 0, spa: false, apiTarget: `http://127.0.0.1:${apiPort}` });
const shellPort = (shell.address() as { port: number }).port;
const meal = await api.bearer('meal@vot.bench');

/** One answer through the shell: its bytes on the wire and the time to its last byte. */
const fetchVia = (path: string, encoding: string) =>
  new Promise<{ bytes: number; ms: number; encoding: string }>((resolve, reject) => {
    const t = performance.now();
    http
      .get({ host: '127.0.0.1', port: shellPort, path, headers: { ...meal, 'accept-encoding': encoding } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve({ bytes, ms: performance.now() - t, encoding: String(res.headers['content-encoding'] ?? 'none') })
            : reject(new Error(`${path}: ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });

const LINK_BYTES_PER_MS = (700 * 1024) / 8 / 1000;
const ANSWERS = [
  ['a list page (TB, page 2)', '/api/v1/patients?TB_patient=true&page=2'],
  ['the menu counts', '/api/v1/dstb-patient-count'],
  [`one township's export page`, `/api/v1/patients-export?TB_patient=true&township_id=${one}`],
  ['a national export page (5 000 rows)', '/api/v1/patients-export?TB_patient=true'],
] as const;

console.log(
  `postgres; through scripts/serve.mjs to the API on loopback; ${requests} requests an answer and encoding, alternately`,
);
for (const [label, path] of ANSWERS) {
  const seen: Record<string, { bytes: number; ms: number[] }> = {};
  for (let i = 0; i < requests; i++) {
    for (const encoding of ['identity', 'br', 'gzip']) {
      const r = await fetchVia(path, encoding);
      (seen[r.encoding] ??= { bytes: r.bytes, ms: [] }).ms.push(r.ms);
    }
  }
  const plain = seen.none!;
  const line = Object.entries(seen).map(([enc, { bytes, ms }]) => {
    const s = stats(ms);
    return `${enc} ${(bytes / 1024).toFixed(1)} KiB (${(plain.bytes / bytes).toFixed(1)}× smaller), server p50 ${s.p50.toFixed(1)} ms, on the link ~${((bytes / LINK_BYTES_PER_MS + s.p50) / 1000).toFixed(2)} s`;
  });
  console.log(`${label}\n  ${line.join('\n  ')}`);
}

await new Promise((r) => shell.close(r));
rmSync(dir, { recursive: true, force: true });
await api.close();
