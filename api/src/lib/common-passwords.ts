import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The common passwords a new password may not be: the `passwords-common` list of
 * @zxcvbn-ts/language-common (MIT, maintained; about 49 000 passwords most often found in breach
 * corpora, most frequent first), the kind of list OWASP ASVS 2.1.7 asks to check against. Compared
 * without case: `Password1` is as guessable as `password1`. Built at the first change, not at start.
 */
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.normalize('NFKC').toLowerCase());
}

export const COMMON_PASSWORD = 'New Password is too common: choose one that is harder to guess!';
