import * as Tabs from '@radix-ui/react-tabs';
import type { LucideIcon } from 'lucide-react';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';

/** One entry of the Settings tab list: an icon, the tab's name, and room for a marker after it. */
export function SettingsTabTrigger({
  icon: Icon,
  label,
  marker,
  ref,
  ...props
}: ComponentPropsWithoutRef<typeof Tabs.Trigger> & {
  icon: LucideIcon;
  label: string;
  marker?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <Tabs.Trigger
      ref={ref}
      {...props}
      className="flex items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent data-[state=active]:bg-indigo-50 data-[state=active]:font-medium data-[state=active]:text-indigo-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:data-[state=active]:bg-indigo-950 dark:data-[state=active]:text-indigo-200"
    >
      <Icon aria-hidden="true" size={16} />
      {label}
      {marker}
    </Tabs.Trigger>
  );
}
