import { useState } from 'react';
import { applyTextSize, loadTextSize, saveTextSize } from '../lib/text-size';
import { applyTheme, loadTheme, saveTheme, type Theme } from '../lib/theme';
import { SectionHeading } from './section-heading';
import { TextSizeSlider } from './text-size-slider';
import { ThemePicker } from './theme-picker';

/** Settings → Appearance: each choice applies at once and is remembered here. */
export function AppearanceTab() {
  const [theme, setTheme] = useState(loadTheme);
  const [textSize, setTextSize] = useState(loadTextSize);

  const chooseTheme = (next: Theme) => {
    setTheme(next);
    applyTheme(next);
    saveTheme(next);
  };
  const chooseTextSize = (next: number) => {
    setTextSize(next);
    applyTextSize(next);
    saveTextSize(next);
  };

  return (
    <section className="space-y-6">
      <SectionHeading title="Appearance" hint="Saved on this browser." />
      <ThemePicker value={theme} onChange={chooseTheme} />
      <TextSizeSlider value={textSize} onChange={chooseTextSize} />
    </section>
  );
}
