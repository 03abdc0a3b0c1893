import { useRecord } from '@vot/shared/lists';
import { volunteersApi } from './volunteer.api';

/** The volunteer of a route's :id, read fresh (its password shows only while it is the generated one); `enabled` false skips the call. */
export const useVolunteer = (rawId: string | undefined, enabled = true) =>
  useRecord(volunteersApi.show, rawId, enabled);
