import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { loadConfig } from '../src/config';
import { OWASP_SCRYPT, generatePassword, hashPassword, needsRehash, verifyPassword } from '../src/lib/passwords';
import { decryptText, encryptText, hashToken, newToken } from '../src/lib/secrets';

describe('passwords', () => {
  it('hash at OWASP scrypt parameters by default, self-describing, and verify', async () => {
    const hash = await hashPassword('a long passphrase');
    assert.match(hash, /^scrypt\$N=131072,r=8,p=1\$/);
    assert.equal(await verifyPassword('a long passphrase', hash), true);
    assert.equal(await verifyPassword('a long passphrasE', hash), false);
    assert.equal(needsRehash(hash, OWASP_SCRYPT), false);
    assert.equal(needsRehash(hash, { N: 1024, r: 8, p: 1 }), true);
  });

  it('salts every hash and never matches a malformed one', async () => {
    const params = { N: 1024, r: 8, p: 1 };
    assert.notEqual(await hashPassword('same', params), await hashPassword('same', params));
    for (const bad of ['', 'plain', 'scrypt$N=x$a$b', 'bcrypt$whatever'])
      assert.equal(await verifyPassword('same', bad), false);
  });

  it('generates readable passwords without look-alike characters', () => {
    const passwords = new Set(Array.from({ length: 50 }, generatePassword));
    assert.equal(passwords.size, 50);
    for (const p of passwords)
      assert.match(p, /^[a-km-np-zA-HJ-NP-Z2-9]{4}-[a-km-np-zA-HJ-NP-Z2-9]{4}-[a-km-np-zA-HJ-NP-Z2-9]{4}$/);
  });
});

describe('secrets', () => {
  it('encrypts plain passwords with AES-GCM and detects another key or tampering', () => {
    const key = randomBytes(32);
    const stored = encryptText(key, 'Abcd-2345-wxyz');
    assert.doesNotMatch(stored, /Abcd/);
    assert.equal(decryptText(key, stored), 'Abcd-2345-wxyz');
    assert.equal(decryptText(randomBytes(32), stored), null);
    assert.equal(decryptText(key, stored.slice(0, -2) + 'AA'), null);
  });

  it('makes long random tokens and stores their SHA-256', () => {
    const token = newToken();
    assert.ok(token.length >= 43);
    assert.match(hashToken(token), /^[0-9a-f]{64}$/);
  });
});

describe('config', () => {
  it('reads the environment with defaults and accepts a fractional idle time', () => {
    const config = loadConfig({ VOT_SESSION_IDLE_MINUTES: '0.05', VOT_ADMIN_EMAIL: ' Boss@Example.org ' }, '/srv');
    assert.equal(config.session.idleMs, 3000);
    assert.equal(config.adminEmail, 'boss@example.org');
    assert.equal(config.dataDir, '/srv/data');
    assert.equal(config.databaseUrl, null);
  });

  it('refuses nonsense rather than guessing', () => {
    assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT must be a positive number/);
    assert.throws(() => loadConfig({ VOT_SESSION_IDLE_MINUTES: '-1' }), /VOT_SESSION_IDLE_MINUTES/);
  });
});
