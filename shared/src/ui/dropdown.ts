import type { DropdownPassThroughOptions } from 'primereact/dropdown';

/**
 * Every Dropdown's pass-through: PrimeReact keeps a hidden, unnamed <select> beside the combobox
 * (for native forms; it takes no focus), which screen readers and axe (select-name) still find.
 * The combobox the user reaches is named by its label; the copy is hidden from assistive technology.
 */
export const DROPDOWN_PT: DropdownPassThroughOptions = { select: { 'aria-hidden': true } };
