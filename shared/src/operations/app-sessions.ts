// The schemas' own file, not their index (operations never load every form's schema).
import { appRefreshSchema, type AppTokens } from '../schemas/app';
import { appOperation, whole } from './operation';

/** The phone app's device session (docs/decisions/0144): its refresh, the one call an expired access token still makes. */
export const APP_SESSION_OPERATIONS = {
  refresh: appOperation({
    method: 'POST',
    path: '/app/refresh',
    caller: 'device',
    summary:
      "A device session's refresh token exchanged for a new access token and a new refresh token (the one sent is used up; sent again, it ends the device session); 401: sign in again",
    body: appRefreshSchema,
    refusals: [401],
    answer: whole<AppTokens>('AppTokens'),
  }),
};
