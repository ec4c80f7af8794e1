/**
 * PrimeReact pass-through options that complete what its components leave out for assistive
 * technology (found by the axe-core audit of the documents screens).
 */

/** Dropdown: its hidden native select gets the field's name; the arrow is decoration (the combobox is the control). */
export const dropdownPt = (label: string) => ({
  select: { 'aria-label': label },
  trigger: { 'aria-hidden': true, role: undefined },
});

/**
 * DataTable selection checkboxes: PrimeReact puts role="checkbox" and the label on the wrapper
 * around the real input as well, an interactive control nested in another; the input keeps them.
 */
const plainWrapper = { root: { role: undefined, 'aria-label': undefined } };
export const selectionColumnPt = { rowCheckbox: plainWrapper, headerCheckbox: plainWrapper };
