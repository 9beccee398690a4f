/**
 * A row of tabs as WAI-ARIA's tabs pattern asks: one tab stop (the selected tab), Left/Right arrows move and select
 * (wrapping), Home and End go to the first and last. The panel below stays the caller's.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { nextTabIndex } from './tab-keys';

export interface TabsProps<T extends string> {
  /** Accessible name of the tab list ("Catalog views"). */
  label: string;
  tabs: ReadonlyArray<{ id: T; label: ReactNode }>;
  value: T;
  onChange: (id: T) => void;
  className?: string;
  tabClassName?: string;
}

export function Tabs<T extends string>(props: TabsProps<T>) {
  const { tabs, value, onChange } = props;
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((t) => t.id === value);
    const next = nextTabIndex(event.key, current, tabs.length);
    if (next === null) return;
    event.preventDefault();
    onChange(tabs[next]!.id);
    buttons.current[next]?.focus();
  };
  const tabClass = props.tabClassName ?? 'tab';
  return (
    <div className={props.className ?? 'tabs'} role="tablist" aria-label={props.label} onKeyDown={onKeyDown}>
      {tabs.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            buttons.current[i] = el;
          }}
          type="button"
          role="tab"
          aria-selected={t.id === value}
          tabIndex={t.id === value ? 0 : -1}
          className={t.id === value ? `${tabClass} active` : tabClass}
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
