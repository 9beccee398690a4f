/**
 * The "Project ▾" menu: duplicate, rename, archive, delete; export and import plan files; a new project from a document. The WAI-ARIA menu button
 * pattern: the first item takes the focus on open, ↓/↑ move (wrapping), Home/End go to the ends, Escape closes.
 */
import { useEffect, useRef } from 'react';
export type ProjectDialogKind = 'new' | 'from-document' | 'rename' | 'delete' | 'export';

interface MenuItem {
  label: string;
  /** A dialog to open, or an action to run. */
  does: ProjectDialogKind | (() => Promise<void>);
  /** Needs a current project. */
  needsProject: boolean;
  danger?: boolean;
  /** A separator goes before this item. */
  separated?: boolean;
}

interface Props {
  hasProject: boolean;
  archived: boolean;
  actions: { duplicate(): Promise<void>; archive(): Promise<void>; importFile(asScenario: boolean): Promise<void> };
  /** Closes the menu and opens the dialog or runs the action. */
  onChoose: (does: MenuItem['does']) => void;
  onClose: () => void;
}

export function ProjectMenu({ hasProject, archived, actions, onChoose, onClose }: Props) {
  const items: MenuItem[] = [
    { label: 'Duplicate', does: actions.duplicate, needsProject: true },
    { label: 'Rename…', does: 'rename', needsProject: true },
    { label: archived ? 'Unarchive' : 'Archive', does: actions.archive, needsProject: true },
    { label: 'Delete…', does: 'delete', needsProject: true, danger: true },
    { label: 'Export plan file…', does: 'export', needsProject: true, separated: true },
    { label: 'Import plan file as a new project…', does: () => actions.importFile(false), needsProject: false },
    { label: 'New project from a document…', does: 'from-document', needsProject: false },
    { label: 'Import plan file as a scenario…', does: () => actions.importFile(true), needsProject: true },
  ];
  const ref = useRef<HTMLUListElement>(null);
  const menuItems = () => [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([disabled])') ?? [])];
  useEffect(() => menuItems()[0]?.focus(), []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    const list = menuItems();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[e.key];
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    } else if (to !== undefined && list.length > 0) {
      e.preventDefault();
      list[(to + list.length) % list.length]!.focus();
    }
  };
  return (
    <ul ref={ref} className="pj-menu" role="menu" aria-label="Project actions" onKeyDown={onKeyDown}>
      {items.map((item) => [
        item.separated && <li key={`${item.label}-separator`} role="separator" />,
        <li key={item.label} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item.danger ? 'pj-danger' : undefined}
            onClick={() => onChoose(item.does)}
            disabled={item.needsProject && !hasProject}
          >
            {item.label}
          </button>
        </li>,
      ])}
    </ul>
  );
}
