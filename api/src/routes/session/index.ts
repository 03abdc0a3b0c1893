import type { FastifyInstance } from 'fastify';
import { SESSION_OPERATIONS } from '@vot/shared/operations';
import { signedInUser } from '../../http/auth';
import { MESSAGES } from '../../lib/http-errors';
import { registerSession } from '../../lib/operations';
import { changePassword, profile, signIn, signOut } from './service';

/** SPEC.md §7 "Session and accounts": io-login, logout, user, io-change-password (decision 0197). */
export default async function sessionRoutes(app: FastifyInstance) {
  const { signIn: signInOp, signOut: signOutOp, profile: profileOp, changePassword: changeOp } = SESSION_OPERATIONS;

  registerSession(app, signInOp, ({ request, reply, body }) => signIn(app, request, body.email, body.password, reply));

  registerSession(app, signOutOp, async ({ request }) => {
    await signOut(app, request, signedInUser(request).session_id);
    return { message: MESSAGES.loggedOut };
  });

  registerSession(app, profileOp, ({ request }) => profile(app, signedInUser(request).id));

  registerSession(app, changeOp, async ({ request, reply, body }) => {
    await changePassword(app, request, signedInUser(request), body.current_password, body.new_password, reply);
    return { message: MESSAGES.passwordChanged };
  });
}
