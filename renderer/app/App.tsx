import { useEffect, useState } from 'react';
import type { AppInfo } from '../../shared/ipc/contract/app';
import { BudgetScreen } from '../features/budget/BudgetScreen';
import { CatalogScreen } from '../features/catalog/CatalogScreen';
import { EstimateScreen } from '../features/estimate/EstimateScreen';
import { PlanScreen } from '../features/plan/PlanScreen';
import { ProjectSwitcher } from '../features/projects/ProjectSwitcher';
import { useProjects } from '../features/projects/store';
import { ReviewScreen } from '../features/review/ReviewScreen';
import { SettingsDialog } from '../features/settings/SettingsDialog';
import { useSettings } from '../features/settings/store';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { api } from './api';
import { SCREENS, useNavigation, type ScreenId } from './navigation';

const screens: Record<ScreenId, () => React.JSX.Element> = {
  catalog: CatalogScreen,
  estimate: EstimateScreen,
  plan: PlanScreen,
  budget: BudgetScreen,
  review: ReviewScreen,
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
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);

  useEffect(() => {
    void api.app.getInfo({}).then((r) => r.ok && setInfo(r.value));
    return api.events.on('app:menu-command', (command) => {
      if (command.command === 'navigate' && command.screen) go(command.screen);
      if (command.command === 'import-billing') go('budget', 'import-billing');
      if (command.command === 'export-pdf') go('review', 'export-pdf');
    });
  }, [go]);

  const Screen = screens[screen];
  return (
    <div className="app-shell" data-ready={info ? 'true' : 'false'}>
      <nav className="sidebar" aria-label="Sections">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            ▦
          </span>
          <span>GPU Planner</span>
        </div>
        <ProjectSwitcher />
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
                <span className="nav-label">{s.label}</span>
                <span className="nav-hint">{s.hint}</span>
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="btn small sidebar-settings" onClick={() => openSettings(true)}>
          Settings
        </button>
        <div className="sidebar-footer" title={info?.databaseFile}>
          {info ? `v${info.version} · schema ${info.schemaVersion}` : 'Connecting…'}
        </div>
      </nav>
      <main className="content" id="main">
        <ErrorBoundary resetKey={screen}>
          {projectReady ? <Screen key={projectKey} /> : <div className="screen muted">Opening the project…</div>}
        </ErrorBoundary>
      </main>
      {settingsOpen && <SettingsDialog />}
    </div>
  );
}
