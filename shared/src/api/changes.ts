/**
 * Word that a call changed data: every create, update and delete through the API client, and the
 * few GET calls that change something (SPEC.md §7: the trash and recovery, the no-app ticks). What
 * shows figures kept elsewhere (the menu's patient counts) listens, instead of asking the server on
 * a timer or on every render.
 */
type Listener = () => void;

const listeners = new Set<Listener>();

/** Calls `listener` after each change; returns what stops it. */
export function onDataChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Told by the client after a call that changed data answered with success. */
export function dataChanged(): void {
  for (const listener of [...listeners]) listener();
}
