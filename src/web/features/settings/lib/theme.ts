import { readLocal, writeLocal } from '../../../lib/local-storage';

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];

const THEME_KEY = 'theme';
export const DEFAULT_THEME: Theme = 'light';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function loadTheme(): Theme {
  const stored = readLocal(THEME_KEY);
  return (themes as readonly string[]).includes(stored ?? '') ? (stored as Theme) : DEFAULT_THEME;
}

export const saveTheme = (theme: Theme) => writeLocal(THEME_KEY, theme);

function setDark(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
}

// System keeps following the operating system for as long as it stays chosen.
let stopFollowingSystem: (() => void) | undefined;

/** Puts `dark` on <html> (Tailwind's dark variant) for Dark, or for System when the OS is dark. */
export function applyTheme(theme: Theme): void {
  stopFollowingSystem?.();
  stopFollowingSystem = undefined;
  const query =
    theme === 'system' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  if (!query) {
    setDark(theme === 'dark');
    return;
  }
  const follow = () => setDark(query.matches);
  follow();
  query.addEventListener('change', follow);
  stopFollowingSystem = () => query.removeEventListener('change', follow);
}
