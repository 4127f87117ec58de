import * as RadixSelect from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A single choice from a short list, on Radix Select: the trigger is a combobox named by `label`
 * (or by a <label htmlFor={id}>), the list opens by click, tap, Enter, Space or the arrows, and it
 * looks the same in every browser and theme, unlike a native <select>.
 */
export function Select<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  className = '',
}: {
  id?: string;
  /** The accessible name, when no visible <label> names the trigger. */
  label?: string;
  value: T;
  options: readonly SelectOption<T>[];
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <RadixSelect.Root value={value} onValueChange={(next) => onChange(next as T)}>
      <RadixSelect.Trigger
        id={id}
        aria-label={label}
        className={`inline-flex min-w-0 items-center justify-between gap-1 whitespace-nowrap rounded-lg border border-slate-200 bg-white px-2 py-1 text-sm text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700 ${className}`}
      >
        <RadixSelect.Value />
        <RadixSelect.Icon>
          <ChevronDown aria-hidden="true" size={14} className="text-slate-500 dark:text-slate-400" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          align="end"
          className="z-50 min-w-32 overflow-hidden rounded-lg bg-white p-1 text-sm text-slate-900 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-100 dark:ring-slate-700"
        >
          <RadixSelect.Viewport>
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                className="flex cursor-default items-center justify-between gap-3 rounded-md px-2 py-1.5 outline-none select-none data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-800 dark:data-[highlighted]:bg-slate-800 dark:data-[highlighted]:text-white"
              >
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator>
                  <Check aria-hidden="true" size={14} />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
