import { CrudListView } from './CrudListView';
import type { ListScreen } from './listScreen';
import { useCrudList } from './useCrudList';

/**
 * A uniform list screen from its declaration alone: useCrudList's state drawn by CrudListView.
 * A screen that differs composes the same hook and view (with its own row buttons or dialogs)
 * rather than adding a key here.
 */
export function CrudListPage<T extends { id: number }, Input extends Record<string, unknown>, X = never>({
  screen,
}: {
  screen: ListScreen<T, Input, X>;
}) {
  return <CrudListView crud={useCrudList(screen)} />;
}
