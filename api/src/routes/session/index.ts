import type { FastifyInstance } from 'fastify';
import { changePasswordSchema, loginSchema } from '@vot/shared/schemas';
import { authenticate, signedInUser } from '../../http/auth';
import { MESSAGES } from '../../lib/http-errors';
import { bodyOf, changingGet } from '../../lib/requests';
import { answers, routeSchema } from '../../openapi/routes';
import { changePassword, profile, signIn, signOut } from './service';

/** SPEC.md §7 "Session and accounts": io-login, logout, user, io-change-password. */
export default async function sessionRoutes(app: FastifyInstance) {
  app.post(
    '/io-login',
    {
      schema: routeSchema({
        summary: 'Staff sign-in: a bearer token, the role and township',
        body: loginSchema,
        refusals: [401, 429, 503],
        response: answers.whole('SignedIn'),
      }),
    },
    async (request, reply) => {
      const { email, password } = await bodyOf(loginSchema, request);
      return signIn(app, request, email, password, reply);
    },
  );

  // The only calls a session on an initial password may make (SPEC.md §7 plus the change it must do).
  const initialPassword = { initialPassword: true };

  changingGet(
    app,
    '/logout',
    {
      preHandler: authenticate,
      config: initialPassword,
      schema: routeSchema({
        summary: 'Sign out (the token stops working)',
        response: answers.message(MESSAGES.loggedOut),
      }),
    },
    async (request) => {
      await signOut(app, request, signedInUser(request).session_id);
      return { message: MESSAGES.loggedOut };
    },
  );

  app.get(
    '/user',
    {
      preHandler: authenticate,
      config: initialPassword,
      schema: routeSchema({
        summary: 'The signed-in account, its townships and project',
        response: answers.whole('Profile'),
      }),
    },
    async (request) => profile(app, signedInUser(request).id),
  );

  app.post(
    '/io-change-password',
    {
      preHandler: authenticate,
      config: initialPassword,
      schema: routeSchema({
        summary: 'Change the own password (other sessions are signed out)',
        body: changePasswordSchema,
        refusals: [429, 503],
        response: answers.message(MESSAGES.passwordChanged),
      }),
    },
    async (request, reply) => {
      const input = await bodyOf(changePasswordSchema, request);
      await changePassword(app, request, signedInUser(request), input.current_password, input.new_password, reply);
      return { message: MESSAGES.passwordChanged };
    },
  );
}
