import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '@vot/shared/api';
import { volunteersApi, type Volunteer } from './volunteer.api';

export type VolunteerState =
  | { status: 'loading' }
  | { status: 'found'; volunteer: Volunteer }
  /** No such active volunteer, or one outside the user's townships: the API answers 404 for both. */
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  /** Not asked: the user may not read volunteers. */
  | { status: 'skipped' };

/** The volunteer of a route's :id, read fresh (its password shows only while it is the generated one). */
export function useVolunteer(rawId: string | undefined, enabled = true): VolunteerState & { retry: () => void } {
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const [state, setState] = useState<VolunteerState>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const retry = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    if (!valid || !enabled) return;
    let live = true;
    setState({ status: 'loading' });
    volunteersApi.show(id).then(
      (res) => live && setState({ status: 'found', volunteer: res.data }),
      (e: ApiError) => live && setState(e.status === 404 ? { status: 'missing' } : { status: 'failed', message: e.message }),
    );
    return () => {
      live = false;
    };
  }, [id, valid, enabled, tick]);

  if (!valid) return { status: 'missing', retry };
  if (!enabled) return { status: 'skipped', retry };
  return { ...state, retry };
}
