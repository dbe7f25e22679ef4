// Tabs from react-aria-components (roles, arrow keys, Home/End and focus are theirs), dressed in the
// theme skin. Use them to switch between views of one record or one list; use links for pages.
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type Key,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components';
import { useSettings } from '~/settings/store';
import { Icon, type LucideIcon } from './icons';
import type { ReactNode } from 'react';

export type TabsProps = Omit<AriaTabsProps, 'className' | 'style'> & { className?: string };

export function Tabs({ className = '', ...props }: TabsProps) {
  return <AriaTabs {...props} className={`grid gap-4 ${className}`} />;
}

/** The row of tabs; `label` names the set for screen readers ("Student record sections"). */
export function TabList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <AriaTabList aria-label={label} className="flex gap-1 overflow-x-auto border-b border-border">
      {children}
    </AriaTabList>
  );
}

export function Tab({ id, icon, children }: { id: Key; icon?: LucideIcon; children: ReactNode }) {
  const skin = useSettings((s) => s.skin);
  return (
    <AriaTab id={id} className={({ isSelected }) => (isSelected ? skin.tabSelected : skin.tab)}>
      {icon ? <Icon icon={icon} className="size-4" /> : null}
      {children}
    </AriaTab>
  );
}

export function TabPanel({ id, children }: { id: Key; children: ReactNode }) {
  return (
    <AriaTabPanel id={id} className="min-w-0">
      {children}
    </AriaTabPanel>
  );
}
