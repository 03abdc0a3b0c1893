import assert from 'node:assert/strict';
import { createHash, randomBytes, scryptSync } from 'node:crypto';
import { describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { rekeySecrets } from '../src/db/rekey';
import { users } from '../src/db/schema';
import { PASSPHRASE_SALT, decryptText, isRawKey, loadSecretKey } from '../src/lib/secrets';
import { backends, useApp } from './helpers';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest();

describe('VOT_SECRET_KEY', () => {
  it('a random key (base64 of 32 bytes) keeps its SHA-256 derivation: existing setups read what they stored', () => {
    const raw = randomBytes(32).toString('base64');
    assert.equal(isRawKey(raw), true);
    assert.equal(isRawKey(randomBytes(48).toString('base64url')), true);
    assert.deepEqual(loadSecretKey(raw, '/nonexistent'), sha256(raw));
  });

  it('a passphrase is stretched with scrypt and the documented salt, the same on every start', () => {
    const phrase = 'township office blue gate';
    assert.equal(isRawKey(phrase), false);
    const key = loadSecretKey(phrase, '/nonexistent');
    assert.notDeepEqual(key, sha256(phrase));
    assert.deepEqual(
      key,
      scryptSync(phrase, PASSPHRASE_SALT, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }),
    );
    assert.deepEqual(loadSecretKey(phrase, '/nonexistent'), key);
    // Short base64-looking words are passphrases too.
    assert.equal(isRawKey('c2hvcnQ='), false);
  });
});

const [pglite] = await backends();
describe('re-keying initial passwords stored under the passphrase hashed the old way', () => {
  const t = useApp(pglite!);

  it('encrypts them again under the current key, once, and leaves unreadable ones alone', async () => {
    const admin = await t.signInAs('Admin');
    const created = await admin.post('io-register', {
      name: 'U Ba',
      email: 'ba@vot.test',
      role: 'MEAL Associate',
    });
    const { id, plain_password } = created.json().data as { id: number; plain_password: string };
    const previous = t.app.secretKey;
    const current = randomBytes(32);
    const stored = async () =>
      (await t.handle.db.select({ enc: users.plain_password_enc }).from(users).where(eq(users.id, id)))[0]!.enc!;
    assert.equal(decryptText(current, await stored()), null);

    assert.ok((await rekeySecrets(t.handle.db, previous, current)) >= 1);
    assert.equal(decryptText(current, await stored()), plain_password);
    assert.equal(await rekeySecrets(t.handle.db, previous, current), 0, 'a second start moves nothing');
    assert.equal(
      await rekeySecrets(t.handle.db, randomBytes(32), randomBytes(32)),
      0,
      'another key reads nothing, changes nothing',
    );
    assert.equal(decryptText(current, await stored()), plain_password);
  });
});
