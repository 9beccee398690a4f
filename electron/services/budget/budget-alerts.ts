/** Native notifications of budget thresholds newly crossed, remembered per project in the data folder. */
import fs from 'node:fs';
import path from 'node:path';
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import type { ServiceDeps } from '../service-deps';

const ALERTS_FILE = 'budget-alerts-notified.json';

export function createAlertNotifier(deps: Pick<ServiceDeps, 'dataDir' | 'notify'>) {
  function notifiedFile(): string {
    return path.join(deps.dataDir, ALERTS_FILE);
  }

  function readNotified(): Record<string, string[]> {
    try {
      return JSON.parse(fs.readFileSync(notifiedFile(), 'utf8')) as Record<string, string[]>;
    } catch {
      return {};
    }
  }

  /** Sends a native notification for each threshold newly crossed (remembered per project in the data folder). */
  return function notifyNewAlerts(overview: OverviewView): void {
    const notified = readNotified();
    const before = new Set(notified[overview.projectId] ?? []);
    const current = overview.alerts.filter((a) => a.measure !== 'conversion').map((a) => a.id);
    for (const alert of overview.alerts) {
      if (alert.measure === 'conversion' || before.has(alert.id)) continue;
      deps.notify(`Budget ${alert.level === 'critical' ? 'exceeded' : 'alert'}: ${overview.projectName}`, alert.message);
    }
    notified[overview.projectId] = current;
    try {
      fs.writeFileSync(notifiedFile(), JSON.stringify(notified, null, 2));
    } catch {
      // A read-only data folder only means the alert may be notified again.
    }
  };
}
