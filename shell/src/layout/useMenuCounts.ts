import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { api } from '@vot/shared/api';
import { userAtom } from '@vot/shared/session';
import type { MenuSection } from '../remotes/menu';

export type MenuCounts = Record<string, number>;

/**
 * The patient counts of the menu's badges (SPEC.md §2: "Items show a patient count from the count
 * call"): GET dstb-patient-count once per sign-in, and only when a shown item asks for a count (the
 * patients remote is enabled and the user may read its lists). Quiet: a failed count leaves the
 * menu without badges, never without items.
 */
export function useMenuCounts(sections: MenuSection[]): MenuCounts {
  const user = useAtomValue(userAtom);
  const wanted = sections.some((s) => s.items.some((i) => i.countKey));
  const [counts, setCounts] = useState<MenuCounts>({});
  useEffect(() => {
    if (!user || !wanted) return;
    let live = true;
    api.get<{ data: MenuCounts }>('dstb-patient-count', { quiet: true }).then(
      (res) => live && setCounts(res.data && typeof res.data === 'object' ? res.data : {}),
      () => live && setCounts({}),
    );
    return () => {
      live = false;
    };
  }, [user, wanted]);
  return counts;
}
