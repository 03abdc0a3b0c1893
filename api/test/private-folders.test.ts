import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, describe, it } from 'node:test';
import { keepFoldersPrivate } from '../src/lib/private-folders';

/** The API's data and files folders are its own: created 700, their files 600, an open one closed at start. */
const root = mkdtempSync(join(tmpdir(), 'vot-private-'));
after(() => rmSync(root, { recursive: true, force: true }));
const startUmask = process.umask();
afterEach(() => process.umask(startUmask));

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('private data folders', () => {
  it('creates missing folders 700 and, through the umask, every later file 600 and folder 700', () => {
    // A container's usual umask: without ours, files would be 666 and folders 777.
    process.umask(0);
    const data = join(root, 'fresh', 'data');
    const files = join(root, 'fresh', 'videos');
    const lines: string[] = [];
    keepFoldersPrivate([data, files, join(data, 'files')], (m) => lines.push(m));
    assert.deepEqual([modeOf(data), modeOf(files), modeOf(join(data, 'files'))], ['700', '700', '700']);
    writeFileSync(join(data, 'PG_VERSION'), '17');
    mkdirSync(join(data, 'base'));
    assert.deepEqual([modeOf(join(data, 'PG_VERSION')), modeOf(join(data, 'base'))], ['600', '700']);
    assert.deepEqual(lines, []);
  });

  it('closes an existing folder open to others, everything in it, with a line in the log; then leaves it be', () => {
    const data = join(root, 'old');
    mkdirSync(join(data, 'pglite', 'base'), { recursive: true });
    writeFileSync(join(data, 'pglite', 'base', '1259'), 'rows');
    writeFileSync(join(data, 'secret.key'), 'key');
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'not ours');
    symlinkSync(outside, join(data, 'link'));
    for (const folder of [data, join(data, 'pglite'), join(data, 'pglite', 'base')]) chmodSync(folder, 0o755);
    for (const file of [join(data, 'pglite', 'base', '1259'), join(data, 'secret.key'), outside])
      chmodSync(file, 0o666);

    const lines: string[] = [];
    keepFoldersPrivate([data], (m) => lines.push(m));
    assert.equal(lines.length, 1);
    assert.match(
      lines[0]!,
      /old was open to other local accounts \(mode 755\): made private \(folders 700, files 600; 5 changed\)/,
    );
    assert.deepEqual([data, join(data, 'pglite'), join(data, 'pglite', 'base')].map(modeOf), ['700', '700', '700']);
    assert.deepEqual([join(data, 'pglite', 'base', '1259'), join(data, 'secret.key')].map(modeOf), ['600', '600']);
    assert.equal(modeOf(outside), '666', 'a link is not followed out of the folder');

    keepFoldersPrivate([data], (m) => lines.push(m));
    assert.equal(lines.length, 1);
  });
});
