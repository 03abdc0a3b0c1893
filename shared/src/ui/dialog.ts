import type { DialogPassThroughOptions } from 'primereact/dialog';

/**
 * The pass-through of a dialog that shows a record to read (a visit's detail, a row's Detail): its
 * content scrolls when the record is long, and a keyboard user scrolls it only if the content can
 * take focus (axe: scrollable-region-focusable). Form dialogs need none: their fields take focus.
 */
export const READING_DIALOG_PT: DialogPassThroughOptions = { content: { tabIndex: 0 } };
