/**
 * The design system's shared class lists, so every screen draws its buttons, links and cards
 * the same way. Disabled controls look disabled (dimmed, no pointer) in both themes.
 */

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500';
const disabled = 'disabled:cursor-not-allowed disabled:opacity-50';

/** The one main action of a card or form. */
export const primaryButton = `inline-flex items-center justify-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 ${focusRing} ${disabled} disabled:hover:bg-indigo-600`;

/** A second, quieter action. */
export const secondaryButton = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 ${focusRing} ${disabled} dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

/** A link or link-like button inside text: underlined, so it is not told apart by colour alone. */
export const textLink = `font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-800 ${focusRing} dark:text-indigo-300 dark:hover:text-indigo-200`;

/** A quiet link-like button (Cancel, Use a different email): muted, still underlined. */
export const quietLink = `text-sm text-slate-600 underline underline-offset-2 hover:text-slate-900 ${focusRing} dark:text-slate-300 dark:hover:text-white`;

/** The surface every screen's cards share. */
export const card =
  'rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700';
