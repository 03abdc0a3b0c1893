import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router-dom';
import { call, onDataChange } from '@vot/shared/api';
import { PATIENT_OPERATIONS } from '@vot/shared/operations';
import type { PatientCounts } from '@vot/shared/schemas';
import { userAtom } from '@vot/shared/session';
import type { MenuSection } from '../remotes/menu';

/**
 * A burst of changes (a save, then the list it returns to) asks for the counts once: the last
 * change of the burst, this long after it.
 */
export const COUNTS_AFTER_CHANGE_MS = 300;

/**
 * The patient counts of the menu's badges (SPEC.md §2: "Items show a patient count from the count
 * call"): GET dstb-patient-count after sign-in, when the user moves to another screen, and after
 * every change the user makes through the API client (a registration, a save that moves a patient
 * between lists, the trash, a visit: onDataChange), so a badge never shows yesterday's list beside
 * today's. Nothing on a timer: the API keeps the counts in a table, so each call is cheap, and
 * nobody's changes but the user's own are waited for. Only when a shown item asks for a count (the
 * patients remote is enabled and the user may read its lists). Quiet: a failed count leaves the
 * menu without badges, never without items.
 */
export function useMenuCounts(sections: MenuSection[]): PatientCounts {
  const user = useAtomValue(userAtom);
  const wanted = sections.some((s) => s.items.some((i) => i.countKey));
  const { pathname } = useLocation();
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (!wanted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onDataChange(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setChanges((n) => n + 1), COUNTS_AFTER_CHANGE_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [wanted]);
  // Counts belong to whoever was signed in when they came: another user never sees them. The user
  // is told by id: the session check's answer (SessionGate) replaces the kept profile with an equal
  // one, which is not a reason to ask again.
  const userId = user?.id ?? null;
  const [counts, setCounts] = useState<{ userId: number | null; counts: PatientCounts }>({ userId: null, counts: {} });
  useEffect(() => {
    if (userId === null || !wanted) return;
    let live = true;
    call(PATIENT_OPERATIONS.counts, {}, { quiet: true }).then(
      (res) => live && setCounts({ userId, counts: res.data && typeof res.data === 'object' ? res.data : {} }),
      // Keep the last counts: a passing failure should not make the badges blink away.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId, wanted, pathname, changes]);
  return userId !== null && counts.userId === userId ? counts.counts : {};
}
