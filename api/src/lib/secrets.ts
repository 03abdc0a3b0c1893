import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SECRET_KEY_FILE = 'secret.key';

/**
 * A VOT_SECRET_KEY passphrase is stretched with scrypt (N=2^15, r=8, p=1: ~0.1 s and 32 MiB, once
 * per start) so a guessable phrase costs an attacker with a copy of the database as much per guess.
 * The salt is fixed and public (the key must come out the same on every start and every instance,
 * and there is nowhere outside the data to keep a stored one): it only keeps this derivation apart
 * from other uses of the same phrase; the phrase's own strength is what protects.
 */
export const PASSPHRASE_SALT = 'vot-console/VOT_SECRET_KEY/v1';
const PASSPHRASE_SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** A random key as README says to make one (`openssl rand -base64 32`): base64 of 32 bytes or more. */
export function isRawKey(secret: string): boolean {
  return /^[A-Za-z0-9+/_-]{43,}={0,2}$/.test(secret) && Buffer.from(secret, 'base64').length >= 32;
}

/**
 * What VOT_SECRET_KEY meant before passphrases were stretched: its SHA-256. A raw key keeps this
 * derivation (a random key needs no stretching, and its setups keep reading what they stored).
 */
export function legacySecretKey(secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest();
}

/**
 * The 32-byte key that encrypts "plain password" columns: from VOT_SECRET_KEY when set (a raw key
 * hashed, a passphrase stretched), else from a key file in the data folder, created with mode 600 on
 * first start (never committed: data/ is ignored).
 */
export function loadSecretKey(secret: string | null, dataDir: string): Buffer {
  if (secret)
    return isRawKey(secret)
      ? legacySecretKey(secret)
      : scryptSync(secret.normalize('NFC'), PASSPHRASE_SALT, 32, PASSPHRASE_SCRYPT);
  const file = join(dataDir, SECRET_KEY_FILE);
  try {
    const text = readFileSync(file, 'utf8').trim();
    const key = Buffer.from(text, 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
    return key;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  // 'wx' fails rather than overwrite a key another process has just written.
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
}

/** AES-256-GCM; the stored text is `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function encryptText(key: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** null when the text was encrypted with another key or was tampered with. */
export function decryptText(key: Buffer, stored: string): string | null {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * A generated initial password as a record hands it out (a volunteer's, a patient's): decrypted for
 * a user who may see it, else null; null too once the owner has chosen their own.
 */
export const revealedPassword = (key: Buffer, enc: string | null, reveal: boolean) =>
  reveal && enc ? decryptText(key, enc) : null;

/** Bearer tokens: 32 random bytes, base64url; only their SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
