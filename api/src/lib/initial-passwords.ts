import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { signedInUser } from '../http/auth';
import { HttpError } from './http-errors';
import { generatePassword, hashPassword } from './passwords';
import { encryptText } from './secrets';

/** The stored columns of an initial password: a staff account's, a volunteer's or a patient's. */
export interface InitialPassword {
  password_hash: string;
  plain_password_enc: string;
  initial_password_expires_at: Date;
}

/**
 * A generated initial password, ready to store: hashed through the bounded hashing queue like every
 * hash (a burst of registrations or resets waits its turn, or is told the server is busy, instead of
 * starving everyone's sign-in), encrypted for handing out, and alive VOT_INITIAL_PASSWORD_DAYS. Made
 * before the transaction that stores it: a hash takes a while.
 */
export async function newInitialPassword(app: FastifyInstance): Promise<InitialPassword> {
  const password = generatePassword();
  const password_hash = await app.signInLimits.hashing.run(() => hashPassword(password, app.config.scrypt));
  return {
    password_hash,
    plain_password_enc: encryptText(app.secretKey, password),
    initial_password_expires_at: new Date(Date.now() + app.config.initialPasswordMs),
  };
}

/**
 * preHandler of the reset routes (staff accounts, volunteers, patients): one staff account resets at
 * most VOT_RESETS_PER_MINUTE passwords a minute, all kinds together, then 429 with Retry-After.
 * Each reset costs a hash; the queue keeps them from starving sign-ins, this keeps one account from
 * filling the queue.
 */
export const limitResets: preHandlerAsyncHookHandler = async function (request, reply) {
  const wait = this.signInLimits.resets.take(String(signedInUser(request).id));
  if (!wait) return;
  void reply.header('Retry-After', String(wait));
  throw new HttpError(429, `Too many password resets. Please try again in ${wait} seconds.`);
};
