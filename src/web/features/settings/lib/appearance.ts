import { applyTextSize, loadTextSize } from './text-size';
import { applyTheme, loadTheme } from './theme';

/**
 * The SPEC leaves theme and text size unsaved; ARLO remembers them on this browser. Run before the
 * first render, so a reload never flashes the other theme or size.
 */
export function applyStoredAppearance(): void {
  applyTheme(loadTheme());
  applyTextSize(loadTextSize());
}
