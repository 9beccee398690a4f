import { useEffect, useState } from 'react';
import type { AppInfo } from '../../shared/ipc/contract/app';
import { BudgetScreen } from '../features/budget/BudgetScreen';
import { CatalogScreen } from '../features/catalog/CatalogScreen';
import { SourceDocumentsScreen } from '../features/documents/SourceDocumentsScreen';
import { EstimateScreen } from '../features/estimate/EstimateScreen';
import { PlanScreen } from '../features/plan/PlanScreen';
import { ProjectSwitcher } from '../features/projects/ProjectSwitcher';
import { useProjects } from '../features/projects/store';
import { ReviewScreen } from '../features/review/ReviewScreen';
import { SettingsDialog } from '../features/settings/SettingsDialog';
import { RunsDialogs } from '../features/runs/RunsDialogs';
import { useSettings } from '../features/settings/store';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { FirstRunGuide } from './FirstRunGuide';
import { reportError } from './error-reporting';
import { api } from './api';
import { useMediaQuery } from '../ui/use-media-query';
import { NARROW_WINDOW, SCREENS, useNavigation, type ScreenId } from './navigation';

const screens: Record<ScreenId, () => React.JSX.Element> = {
  catalog: CatalogScreen,
  estimate: EstimateScreen,
  plan: PlanScreen,
  budget: BudgetScreen,
  review: ReviewScreen,
  documents: SourceDocumentsScreen,
};

export function App() {
  const { screen, go } = useNavigation();
  const [info, setInfo] = useState<AppInfo | null>(null);
  // Every screen follows the current project: it remounts (and reloads) when the project changes.
  const projectKey = useProjects((s) => `${s.projectId ?? ''}:${s.epoch}`);
  const projectReady = useProjects((s) => s.loaded);
  const settingsOpen = useSettings((s) => s.dialogOpen);
  const openSettings = useSettings((s) => s.openDialog);
  const loadSettings = useSettings((s) => s.load);
  const showGuide = useSettings((s) => s.loaded && s.view.guideDismissedAt === null);
  const dismissGuide = useSettings((s) => s.dismissGuide);
  const narrow = useMediaQuery(NARROW_WINDOW);
  const [projectOpen, setProjectOpen] = useState(false);
  const projectName = useProjects((s) => s.projects.find((p) => p.id === s.projectId)?.name ?? 'Project');
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);
  // The shell loads the projects, whatever the layout: the narrow one mounts the switcher only when its popover opens.
  useEffect(() => {
    void useProjects.getState().refresh();
  }, []);

  useEffect(() => {
    void api.app.getInfo({}).then((r) => r.ok && setInfo(r.value));
    return api.events.on('app:menu-command', (command) => {
      if (command.command === 'navigate' && command.screen) go(command.screen);
      if (command.command === 'import-billing') go('budget', 'import-billing');
      if (command.command === 'export-pdf') go('review', 'export-pdf');
    });
  }, [go]);

  // The narrow layout's project popover closes on a click outside it (and on Escape, below).
  useEffect(() => {
    if (!projectOpen) return;
    const onDown = (e: MouseEvent) => {
      if (!(e.target instanceof Node) || !document.querySelector('.sidebar-project')?.contains(e.target)) setProjectOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [projectOpen]);

  const Screen = screens[screen];
  return (
    <div className={narrow ? 'app-shell narrow' : 'app-shell'} data-ready={info ? 'true' : 'false'}>
      <nav className="sidebar" aria-label="Sections">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            ▦
          </span>
          <span>GPU Planner</span>
        </div>
        {narrow ? (
          <div className="sidebar-project">
            <button
              type="button"
              className="nav-item"
              aria-expanded={projectOpen}
              aria-label={`Project: ${projectName}`}
              title={`Project: ${projectName}`}
              onClick={() => setProjectOpen(!projectOpen)}
            >
              <span className="nav-icon" aria-hidden="true">
                ▤
              </span>
              <span className="nav-label">Project</span>
            </button>
            {projectOpen && (
              <div
                className="sidebar-project-popover"
                onKeyDown={(e) => e.key === 'Escape' && !e.defaultPrevented && setProjectOpen(false)}
              >
                <ProjectSwitcher />
              </div>
            )}
          </div>
        ) : (
          <ProjectSwitcher />
        )}
        <ul>
          {SCREENS.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className={s.id === screen ? 'nav-item active' : 'nav-item'}
                aria-current={s.id === screen ? 'page' : undefined}
                onClick={() => go(s.id)}
                title={s.hint}
              >
                <span className="nav-icon" aria-hidden="true">
                  {s.icon}
                </span>
                <span className="nav-label">{s.label}</span>
                <span className="nav-hint">{s.hint}</span>
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="btn small sidebar-settings" onClick={() => openSettings(true)} title="Settings">
          <span className="nav-icon" aria-hidden="true">
            ⚙
          </span>
          <span className="nav-label">Settings</span>
        </button>
        <div className="sidebar-footer" title={info ? `Data: ${info.databaseFile} (database schema ${info.schemaVersion})` : undefined}>
          {info ? `Version ${info.version}` : 'Connecting…'}
        </div>
      </nav>
      <main className="content" id="main">
        {showGuide && <FirstRunGuide onDismiss={() => void dismissGuide()} onGo={(to) => go(to)} />}
        <ErrorBoundary resetKey={screen} onError={(error, componentStack) => reportError('screen', error, componentStack)}>
          {projectReady ? <Screen key={projectKey} /> : <div className="screen muted">Opening the project…</div>}
        </ErrorBoundary>
      </main>
      {settingsOpen && <SettingsDialog />}
      <RunsDialogs />
    </div>
  );
}
