import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { api } from '@vot/shared/api';
import type { PatientCounts } from '@vot/shared/schemas';
import { userAtom } from '@vot/shared/session';
import type { MenuSection } from '../remotes/menu';

/**
 * The patient counts of the menu's badges (SPEC.md §2: "Items show a patient count from the count
 * call"): GET dstb-patient-count after sign-in, and again when the user moves to another screen (a
 * patient just registered or moved to the trash changes them; the API keeps the counts in a table,
 * so the call is cheap). Only when a shown item asks for a count (the patients remote is enabled and
 * the user may read its lists). Quiet: a failed count leaves the menu without badges, never without
 * items.
 */
export function useMenuCounts(sections: MenuSection[]): PatientCounts {
  const user = useAtomValue(userAtom);
  const wanted = sections.some((s) => s.items.some((i) => i.countKey));
  const { pathname } = useLocation();
  // Counts belong to whoever was signed in when they came: another user never sees them.
  const [counts, setCounts] = useState<{ user: unknown; counts: PatientCounts }>({ user: null, counts: {} });
  useEffect(() => {
    if (!user || !wanted) return;
    let live = true;
    api.get<{ data: PatientCounts }>('dstb-patient-count', { quiet: true }).then(
      (res) => live && setCounts({ user, counts: res.data && typeof res.data === 'object' ? res.data : {} }),
      // Keep the last counts: a passing failure should not make the badges blink away.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [user, wanted, pathname]);
  return counts.user === user ? counts.counts : {};
}
