import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { HANDOUT_MAX_BYTES } from '@vot/shared/domain';
import { auditLog } from '../src/db/schema';
import { removeStaleUploads, storedPath } from '../src/lib/files';
import { checkSignedPath, signPath } from '../src/lib/signed-links';
import { asUpdate, backends, useApp, type Client } from './helpers';

const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

/** A multipart/form-data body for app.inject, built by the platform's own FormData encoder. */
async function form(parts: { field?: string; bytes?: Buffer; filename?: string; value?: string }[]) {
  const data = new FormData();
  for (const p of parts) {
    if (p.value !== undefined) data.append(p.field ?? 'file', p.value);
    else
      data.append(
        p.field ?? 'file',
        new Blob([p.bytes ?? Buffer.alloc(0)], { type: 'application/pdf' }),
        p.filename ?? 'leaflet.pdf',
      );
  }
  const encoded = new Response(data);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

const upload = async (client: Client, url: string, file: Parameters<typeof form>[0][number]) =>
  client.inject({ method: 'POST', url, ...(await form([file])) });

for (const backend of await backends()) {
  describe(`handouts on ${backend.name}`, () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'vot-handouts-'));
    after(() => rmSync(filesDir, { recursive: true, force: true }));
    const t = useApp(backend, { filesDir });
    // The stored files, not the resumable uploads' working folder (api/src/routes/app/uploads.ts).
    const stored = () => readdirSync(filesDir).filter((name) => name !== 'uploads');
    let meal: Client;
    let fieldOfficer: Client;
    let link = '';
    let id = 0;

    it('starts with no handout', async () => {
      meal = await t.signInAs('MEAL and Digital Tool Officer');
      fieldOfficer = await t.signInAs('Field Officer');
      assert.deepEqual((await meal.get('volunteer-handouts')).json(), {
        data: [],
        status: 'success',
        total: 0,
      });
    });

    it('refuses a missing file, whatever is sent instead, and never with a 500', async () => {
      const required = { message: 'File is required!', errors: { file: ['File is required!'] } };
      const url = 'volunteer-handouts';
      assert.deepEqual((await meal.post(url, {})).json(), required);
      assert.deepEqual((await meal.post(url)).json(), required);
      const onlyText = await meal.inject({ method: 'POST', url, ...(await form([{ field: 'note', value: 'hello' }])) });
      assert.equal(onlyText.statusCode, 400);
      assert.deepEqual(onlyText.json(), required);
      assert.deepEqual((await upload(meal, url, { field: 'document', bytes: pdf('x') })).json(), required);
      assert.deepEqual((await upload(meal, url, { bytes: Buffer.alloc(0), filename: '' })).json(), required);
      const noBoundary = await meal.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'multipart/form-data' },
        payload: 'garbage',
      });
      assert.equal(noBoundary.statusCode, 400);
      const cutShort = await form([{ bytes: pdf('cut') }]);
      const broken = await meal.inject({
        method: 'POST',
        url,
        headers: cutShort.headers,
        payload: cutShort.payload.subarray(0, cutShort.payload.length - 30),
      });
      assert.equal(broken.statusCode, 400, broken.body);
      assert.deepEqual(stored(), []);
    });

    it('refuses what is not a PDF, by content and by name', async () => {
      const url = 'volunteer-handouts';
      const notPdf = { message: 'The file must be a PDF!', errors: { file: ['The file must be a PDF!'] } };
      assert.deepEqual(
        (await upload(meal, url, { bytes: Buffer.from('just some text'), filename: 'x.pdf' })).json(),
        notPdf,
      );
      assert.deepEqual(
        (await upload(meal, url, { bytes: pdf('named wrong'), filename: 'leaflet.txt' })).json(),
        notPdf,
      );
      assert.deepEqual(stored(), []);
    });

    it('refuses a file over 10 MB', async () => {
      const big = Buffer.alloc(HANDOUT_MAX_BYTES + 1, 0x20);
      pdf('big').copy(big);
      const res = await upload(meal, 'volunteer-handouts', { bytes: big, filename: 'big.pdf' });
      assert.equal(res.statusCode, 400);
      assert.deepEqual(res.json(), {
        message: 'The file must be at most 10 MB!',
        errors: { file: ['The file must be at most 10 MB!'] },
      });
      assert.deepEqual(stored(), []);
    });

    it('lets only handouts/create upload', async () => {
      assert.equal((await upload(fieldOfficer, 'volunteer-handouts', { bytes: pdf('fo') })).statusCode, 403);
    });

    it('stores a PDF under a generated name and lists it with a signed link', async () => {
      const res = await upload(meal, 'volunteer-handouts', {
        bytes: pdf('first'),
        filename: 'Volunteer leaflet.pdf',
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().message, 'Volunteer Handout has been created successfully!');
      const data = res.json().data;
      id = data.id;
      assert.equal(data.name, 'Volunteer leaflet.pdf');
      assert.equal(data.size, pdf('first').length);
      assert.match(
        data.file,
        /^\/api\/v1\/handout-files\/[0-9a-f]{32}\.pdf\?expires=\d+&session=s\d+&signature=[0-9a-f]{64}$/,
      );
      // Kept by the handouts' file store, in the folder VOT_FILES_DIR itself (where handouts have always been).
      const key = data.file.split('/').pop().split('?')[0];
      assert.deepEqual(stored(), [key]);
      assert.deepEqual(await t.app.handoutFiles.stat(key), { size: pdf('first').length });

      const list = (await fieldOfficer.get('volunteer-handouts')).json();
      assert.equal(list.total, 1);
      assert.equal(list.data[0].name, 'Volunteer leaflet.pdf');
      link = list.data[0].file;
      const expires = Number(new URL(link, 'http://x').searchParams.get('expires'));
      assert.ok(Math.abs(expires - (Date.now() / 1000 + 3600)) < 60, 'valid for an hour');
      assert.equal((await fieldOfficer.get(`volunteer-handouts/${id}`)).json().data.name, 'Volunteer leaflet.pdf');
      assert.equal((await fieldOfficer.get(`patient-handouts/${id}`)).statusCode, 404);
      assert.deepEqual((await meal.get('patient-handouts')).json().data, []);
    });

    it('serves the file through the link without a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: link });
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.rawPayload, pdf('first'));
      assert.equal(res.headers['content-type'], 'application/pdf');
      assert.equal(
        res.headers['content-disposition'],
        `inline; filename="Volunteer leaflet.pdf"; filename*=UTF-8''Volunteer%20leaflet.pdf`,
      );
      assert.equal(res.headers['cache-control'], 'private, no-store');
      assert.equal(res.headers['x-content-type-options'], 'nosniff');
    });

    it('ends a link with the session it was handed to: after sign-out it has expired', async () => {
      const reader = await t.signInAs('Project Officer');
      const own = (await reader.get('volunteer-handouts')).json().data[0].file as string;
      assert.equal((await t.app.inject({ method: 'GET', url: own })).statusCode, 200);
      assert.equal((await reader.get('logout')).statusCode, 200);
      const after = await t.app.inject({ method: 'GET', url: own });
      assert.equal(after.statusCode, 403);
      assert.equal(after.json().message, 'This link has expired.');
      // Another session's link to the same file goes on working.
      assert.equal((await t.app.inject({ method: 'GET', url: link })).statusCode, 200);
    });

    it('refuses a tampered, expired or unsigned link, and any name the store did not generate', async () => {
      const url = new URL(link, 'http://x');
      const path = url.pathname;
      const signature = url.searchParams.get('signature')!;
      const expires = url.searchParams.get('expires')!;
      const signer = { key: t.app.secretKey, session: url.searchParams.get('session')! };
      const get = (u: string) => t.app.inject({ method: 'GET', url: u });
      const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
      const session = signer.session;
      for (const bad of [
        `${path}?expires=${expires}&session=${session}&signature=${flipped}`,
        `${path}?expires=${Number(expires) + 1}&session=${session}&signature=${signature}`,
        `${path}?expires=${expires}&session=s999999&signature=${signature}`,
        `${path}?expires=${expires}&signature=${signature}`,
        path,
        `${path}?expires=${expires}`,
      ]) {
        const res = await get(bad);
        assert.equal(res.statusCode, 403, bad);
        assert.equal(res.json().message, 'This link is not valid.');
      }
      const expired = await get(signPath(signer, path, 3600, Date.now() - 2 * 3600_000));
      assert.equal(expired.statusCode, 403);
      assert.equal(expired.json().message, 'This link has expired.');
      // A signature for another file does not open this one; a signed name nobody stored is not found.
      const other = signPath(signer, '/api/v1/handout-files/00000000000000000000000000000000.pdf');
      assert.equal((await get(`${path}?${other.split('?')[1]}`)).statusCode, 403);
      assert.equal((await get(other)).statusCode, 404);
      for (const name of ['..%2F..%2Fetc%2Fpasswd', '..%2Fsecret.key', '.upload-x.part', 'LEAFLET.PDF']) {
        assert.equal(
          (await get(`/api/v1/handout-files/${name}?expires=${expires}&signature=${signature}`)).statusCode,
          404,
          name,
        );
      }
    });

    it('refuses a second upload of the same kind', async () => {
      const res = await upload(meal, 'volunteer-handouts', { bytes: pdf('second') });
      assert.equal(res.statusCode, 409);
      assert.equal(res.json().message, 'The volunteer handout already exists: update it instead.');
      assert.equal(stored().length, 1);
    });

    it('replaces the file: one file on disk, the old link gone, the new one serving the new bytes', async () => {
      const oldName = stored()[0];
      const refused = await upload(meal, asUpdate(`volunteer-handouts/${id}`), {
        bytes: Buffer.from('not a pdf'),
        filename: 'new.pdf',
      });
      assert.equal(refused.statusCode, 400);
      assert.deepEqual(stored(), [oldName]);
      assert.equal((await t.app.inject({ method: 'GET', url: link })).statusCode, 200);
      assert.equal(
        (await upload(fieldOfficer, asUpdate(`volunteer-handouts/${id}`), { bytes: pdf('fo') })).statusCode,
        403,
      );
      assert.equal(
        (await upload(meal, asUpdate(`patient-handouts/${id}`), { bytes: pdf('wrong kind') })).statusCode,
        404,
      );

      const res = await upload(meal, asUpdate(`volunteer-handouts/${id}`), {
        bytes: pdf('second edition'),
        filename: 'leaflet-v2.pdf',
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().message, 'Volunteer Handout has been updated successfully!');
      assert.equal(res.json().data.id, id);
      assert.equal(res.json().data.name, 'leaflet-v2.pdf');
      const files = stored();
      assert.equal(files.length, 1);
      assert.notEqual(files[0], oldName);
      assert.equal((await t.app.inject({ method: 'GET', url: link })).statusCode, 404);
      const fresh = await t.app.inject({ method: 'GET', url: res.json().data.file });
      assert.deepEqual(fresh.rawPayload, pdf('second edition'));
    });

    it('audits create and update with names and sizes, never the bytes', async () => {
      const entries = await t.handle.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, 'handouts'))
        .orderBy(auditLog.id);
      assert.deepEqual(
        entries.map((e) => e.action),
        ['create', 'update'],
      );
      const [created, updated] = entries;
      assert.deepEqual(Object.keys(created!.after as object).sort(), ['kind', 'name', 'size', 'stored_name']);
      assert.equal((updated!.before as { name: string }).name, 'Volunteer leaflet.pdf');
      assert.equal((updated!.after as { name: string }).name, 'leaflet-v2.pdf');
      assert.ok(!JSON.stringify(entries).includes('%PDF'));
    });

    it('keeps the patient handout apart', async () => {
      const res = await upload(meal, 'patient-handouts', { bytes: pdf('patients'), filename: 'patient.pdf' });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().message, 'Patient Handout has been created successfully!');
      assert.equal(
        (await upload(meal, 'patient-handouts', { bytes: pdf('again') })).json().message,
        'The patient handout already exists: update it instead.',
      );
      assert.equal((await meal.get('volunteer-handouts')).json().data[0].name, 'leaflet-v2.pdf');
      assert.equal(stored().length, 2);
    });
  });
}

describe('file store and signed links', () => {
  it('builds paths from generated names only', () => {
    assert.equal(
      storedPath('/files', '0123456789abcdef0123456789abcdef.pdf'),
      '/files/0123456789abcdef0123456789abcdef.pdf',
    );
    for (const name of ['../secret.key', '/etc/passwd', 'leaflet.pdf', '0123456789abcdef0123456789abcdef.pdf/..', '']) {
      assert.throws(() => storedPath('/files', name), name);
    }
  });

  it('removes only what a crash left behind: temp files, and stored files no handout names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vot-files-'));
    try {
      const old = `.upload-${'a'.repeat(32)}.part`;
      const young = `.upload-${'b'.repeat(32)}.part`;
      const kept = `${'c'.repeat(32)}.pdf`;
      for (const name of [old, young, kept]) writeFileSync(join(dir, name), 'x');
      const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
      utimesSync(join(dir, old), twoDaysAgo, twoDaysAgo);
      utimesSync(join(dir, kept), twoDaysAgo, twoDaysAgo);
      assert.equal(await removeStaleUploads(dir, 24 * 3600_000), 1);
      assert.deepEqual(readdirSync(dir).sort(), [young, kept].sort());
      assert.equal(await removeStaleUploads(join(dir, 'missing'), 0), 0);
      // Given the names the handouts keep, an old stored file nobody names is an orphan and goes too.
      const orphan = `${'d'.repeat(32)}.pdf`;
      writeFileSync(join(dir, orphan), 'x');
      utimesSync(join(dir, orphan), twoDaysAgo, twoDaysAgo);
      assert.equal(await removeStaleUploads(dir, 24 * 3600_000, Date.now(), new Set([kept])), 1);
      assert.deepEqual(readdirSync(dir).sort(), [young, kept].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('signs a path, an expiry and a session with the key', () => {
    const key = Buffer.alloc(32, 7);
    const now = Date.UTC(2025, 0, 1);
    const url = new URL(signPath({ key, session: 's12' }, '/a/b.pdf', 3600, now), 'http://x');
    const expires = url.searchParams.get('expires');
    const signature = url.searchParams.get('signature');
    const session = url.searchParams.get('session');
    assert.equal(session, 's12');
    assert.equal(checkSignedPath(key, '/a/b.pdf', { expires, session, signature }, now), 'valid');
    assert.equal(checkSignedPath(key, '/a/b.pdf', { expires, session, signature }, now + 3601_000), 'expired');
    assert.equal(checkSignedPath(Buffer.alloc(32, 8), '/a/b.pdf', { expires, session, signature }, now), 'invalid');
    assert.equal(checkSignedPath(key, '/a/c.pdf', { expires, session, signature }, now), 'invalid');
    assert.equal(checkSignedPath(key, '/a/b.pdf', { expires, session: 's13', signature }, now), 'invalid');
    assert.equal(checkSignedPath(key, '/a/b.pdf', { expires, session: 'a12', signature }, now), 'invalid');
    assert.equal(checkSignedPath(key, '/a/b.pdf', { expires: `0${expires}`, session, signature }, now), 'invalid');
    assert.equal(checkSignedPath(key, '/a/b.pdf', { expires: [expires], session, signature }, now), 'invalid');
    assert.equal(
      checkSignedPath(key, '/a/b.pdf', { expires, session, signature: signature!.toUpperCase() }, now),
      'invalid',
    );
  });
});
