import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';

/**
 * Every change is audited (SPEC.md; decision 0187): a write opens its transaction through
 * `mutate()` (lib/audit.ts), which commits the change and its audit entry together. A transaction
 * opened anywhere else in api/src is one of these, each with the reason it is not a user's change
 * recorded through `mutate()` (decision 0199).
 */
const EXCEPTIONS: Record<string, string> = {
  'files/retention.ts':
    'the video retention sweep: a scheduled job with no request; it writes its own entries, as system:video-retention, in the same transaction',
  'routes/app/budget.ts':
    "the app's upload budget: counters of the bytes sent today, not a record; the upload it charges is audited with its record",
  'routes/app/visits.ts':
    "the app's visit upload: the record and its audit entry are one statement (auditRowsSql), in the transaction that holds its patient's lock",
  'db/demo-activities.ts': 'demo data the server seeds at start with VOT_DEMO=1, not a change a user makes',
  'db/demo-vot.ts': 'demo data the server seeds at start with VOT_DEMO=1, not a change a user makes',
};
/** Where transactions are opened by design: `mutate()` itself, and the driver-neutral helper it uses. */
const OPENERS = new Set(['lib/audit.ts', 'db/client.ts']);
const OPENS_A_TRANSACTION = /\.transaction\(|\binTransaction\(/;

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts')).map((e) => join(e.parentPath, e.name));
}

describe('audited transactions', () => {
  it('finds every transaction in api/src opened by mutate(), or among the named exceptions', async () => {
    const root = join(import.meta.dirname, '../src');
    const found: string[] = [];
    for (const file of await sources(root)) {
      const relative = file.slice(root.length + 1);
      if (OPENERS.has(relative) || relative.startsWith('db/migrations/')) continue;
      if (OPENS_A_TRANSACTION.test(await readFile(file, 'utf8'))) found.push(relative);
    }
    // Both ways: a new transaction outside mutate() fails, and so does an exception no longer needed.
    assert.deepEqual(found.sort(), Object.keys(EXCEPTIONS).sort());
  });
});
