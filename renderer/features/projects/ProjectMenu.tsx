/** The "Project ▾" menu: duplicate, rename, archive, delete; export and import plan files. */
export type ProjectDialogKind = 'new' | 'rename' | 'delete' | 'export';

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
    { label: 'Import plan file as a scenario…', does: () => actions.importFile(true), needsProject: true },
  ];
  return (
    <ul className="pj-menu" role="menu" aria-label="Project actions" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      {items.map((item) => [
        item.separated && <li key={`${item.label}-separator`} role="separator" />,
        <li key={item.label} role="none">
          <button
            type="button"
            role="menuitem"
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
