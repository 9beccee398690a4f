/**
 * Budget alerts are raised by the writes that cross their thresholds, never by a read (issue 25 item 6): a write that
 * may move a project's actual, forecast or budget runs inside `aroundWrite`, which compares the projects' alerts before
 * and after it and sends one native notification per alert the write newly raised.
 */
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import type { ServiceDeps } from '../service-deps';

/** Which projects a write may change the alerts of: the ones named, or every project with a budget. */
export type AlertScope = readonly string[] | 'all';

export function createAlertRaiser(deps: Pick<ServiceDeps, 'db' | 'notify' | 'logger'>, overviewOf: (projectId: string) => OverviewView) {
  const { db } = deps;

  /** The projects in scope that have a budget (alerts are thresholds of budgets). */
  function budgeted(scope: AlertScope): string[] {
    const ids = (
      db
        .prepare(
          `SELECT DISTINCT b.project_id AS id FROM budgets b JOIN projects p ON p.id = b.project_id
           WHERE p.deleted_at IS NULL ORDER BY b.project_id`,
        )
        .all() as Array<{ id: string }>
    ).map((r) => r.id);
    return scope === 'all' ? ids : ids.filter((id) => scope.includes(id));
  }

  /** The threshold alerts of each project now (a currency without a rate is a warning on screen, not a notification). */
  function alertsNow(projectIds: readonly string[]): Map<string, { overview: OverviewView; ids: Set<string> }> {
    const now = new Map<string, { overview: OverviewView; ids: Set<string> }>();
    for (const id of projectIds) {
      try {
        const overview = overviewOf(id);
        now.set(id, { overview, ids: new Set(overview.alerts.filter((a) => a.measure !== 'conversion').map((a) => a.id)) });
      } catch (error) {
        deps.logger.warn(`Budget alerts of ${id} not checked`, error);
      }
    }
    return now;
  }

  function notifyRaised(before: Map<string, { ids: Set<string> }>, scope: AlertScope): void {
    for (const [id, { overview, ids }] of alertsNow(budgeted(scope))) {
      const had = before.get(id)?.ids ?? new Set<string>();
      for (const alert of overview.alerts) {
        if (!ids.has(alert.id) || had.has(alert.id)) continue;
        deps.notify(`Budget ${alert.level === 'critical' ? 'exceeded' : 'alert'}: ${overview.projectName}`, alert.message);
      }
    }
  }

  /** Runs a write (sync or async) and notifies the alerts it raised; a refused write notifies nothing. */
  function aroundWrite<T>(scope: AlertScope, write: () => T): T {
    const before = alertsNow(budgeted(scope));
    const after = <R>(result: R): R => {
      try {
        notifyRaised(before, scope);
      } catch (error) {
        deps.logger.warn('Budget alerts not checked', error);
      }
      return result;
    };
    const result = write();
    return (result instanceof Promise ? result.then(after) : after(result)) as T;
  }

  return { aroundWrite };
}
