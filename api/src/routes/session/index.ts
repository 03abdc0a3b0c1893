import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, loginSchema } from '@vot/shared/schemas';
import { authenticate, signedInUser } from '../../plugins/auth';
import { MESSAGES } from '../../lib/http-errors';
import { bodyOf } from '../../lib/requests';
import { changePassword, profile, signIn, signOut } from './service';

/** SPEC.md §7 "Session and accounts": io-login, logout, user, io-change-password. */
export default async function sessionRoutes(app: FastifyInstance) {
  app.post('/io-login', async (request, reply) => {
    const { email, password } = await bodyOf(loginSchema, request);
    return signIn(app, request, email, password, reply);
  });

  // The only calls a session on an initial password may make (SPEC.md §7 plus the change it must do).
  const initialPassword = { initialPassword: true };

  app.get('/logout', { preHandler: authenticate, config: initialPassword }, async (request) => {
    await signOut(app, request, signedInUser(request).session_id);
    return { message: MESSAGES.loggedOut };
  });

  app.get('/user', { preHandler: authenticate, config: initialPassword }, async (request) => profile(app, signedInUser(request).id));

  app.post('/io-change-password', { preHandler: authenticate, config: initialPassword }, async (request, reply) => {
    const input = await bodyOf(changePasswordSchema, request);
    await changePassword(app, request, signedInUser(request), input.current_password, input.new_password, reply);
    return { message: MESSAGES.passwordChanged };
  });
}
