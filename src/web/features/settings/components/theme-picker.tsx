import * as RadioGroup from '@radix-ui/react-radio-group';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useId } from 'react';
import type { Theme } from '../lib/theme';

const choices = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
] as const satisfies readonly { value: Theme; label: string; icon: unknown }[];

/** Light, Dark or System (which follows the operating system), as three cards. */
export function ThemePicker({ value, onChange }: { value: Theme; onChange: (theme: Theme) => void }) {
  const labelId = useId();
  return (
    <div className="space-y-2">
      <p id={labelId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        Theme
      </p>
      <RadioGroup.Root
        aria-labelledby={labelId}
        value={value}
        onValueChange={(theme) => onChange(theme as Theme)}
        orientation="horizontal"
        className="grid grid-cols-3 gap-2"
      >
        {choices.map(({ value: theme, label, icon: Icon }) => (
          <RadioGroup.Item
            key={theme}
            value={theme}
            className="flex flex-col items-center gap-1 rounded-xl p-3 text-sm text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 data-[state=checked]:bg-indigo-50 data-[state=checked]:text-indigo-700 data-[state=checked]:ring-2 data-[state=checked]:ring-indigo-500 dark:text-slate-300 dark:ring-slate-700 dark:hover:bg-slate-800 dark:data-[state=checked]:bg-indigo-950 dark:data-[state=checked]:text-indigo-200"
          >
            <Icon aria-hidden="true" size={20} />
            {label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
