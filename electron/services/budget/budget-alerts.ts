/**
 * Budget alerts are raised by the writes that cross their thresholds, never by a read (issue 25 item 6): a write that
 * may move a project's actual, forecast or budget runs inside `aroundWrite`, which compares the projects' alerts before
 * and after it and sends one native notification per alert the write newly raised.
 */
import type { ExchangeRate } from '../../../shared/domain/budget/types';
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import type { ServiceDeps } from '../service-deps';

/**
 * The notifier of a context that shows no notifications (the CLI, tests): nobody would see an alert, so the writes do
 * not check them (reading every budgeted project's overview before and after was most of a CLI import's time).
 */
export const NO_NOTIFICATIONS = (): void => {};

/** Which projects a write may change the alerts of: the ones named, or every project with a budget. */
export type AlertScope = readonly string[] | 'all';

/**
 * What the alert check reads: a project's plan view, and its overview from that view (overviewOf of budget-overview.ts).
 */
export interface AlertReaders {
  viewOf(projectId: string): PlanView;
  /** `rates`: the exchange rates, read once for all the projects of one check. */
  overviewOf(projectId: string, view: PlanView, rates: readonly ExchangeRate[]): OverviewView;
  rates(): readonly ExchangeRate[];
}

/** How a write may change the alerts' inputs. */
export interface WriteEffects {
  /**
   * The write changes billing data only (spend lines, their imports and allocation), never a plan: the plan views read
   * before it serve the check after it (a plan view is most of an overview's cost).
   */
  plansUnchanged?: boolean;
}

type AlertState = Map<string, { view: PlanView; overview: OverviewView; ids: Set<string> }>;

export function createAlertRaiser(deps: Pick<ServiceDeps, 'db' | 'notify' | 'logger' | 'now'>, readers: AlertReaders) {
  const { db } = deps;
  /**
   * The alerts found after the last write, and the state of the database they were read in: the next write's "before"
   * when nothing at all was written since (by this connection: total_changes(); by another process: data_version) and
   * the day is the same. Two writes in a row then read every overview once each, not twice.
   */
  let last: { key: string; state: AlertState } | null = null;
  /** Writes begun: a long (async) write reuses its plan views only if no other write began meanwhile. */
  let writesBegun = 0;
  const databaseState = (): string => {
    const { changes } = db.prepare('SELECT total_changes() AS changes').get() as { changes: number };
    return `${db.pragma('data_version', { simple: true }) as number}:${changes}:${deps.now().toISOString().slice(0, 10)}`;
  };

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
  function alertsNow(projectIds: readonly string[], views?: AlertState): AlertState {
    const now: AlertState = new Map();
    if (projectIds.length === 0) return now;
    const rates = readers.rates();
    for (const id of projectIds) {
      try {
        const view = views?.get(id)?.view ?? readers.viewOf(id);
        const overview = readers.overviewOf(id, view, rates);
        now.set(id, { view, overview, ids: new Set(overview.alerts.filter((a) => a.measure !== 'conversion').map((a) => a.id)) });
      } catch (error) {
        deps.logger.warn(`Budget alerts of ${id} not checked`, error);
      }
    }
    return now;
  }

  /** The alerts before a write: those read after the previous one when the database has not changed since. */
  function alertsBefore(projectIds: readonly string[]): AlertState {
    if (last && last.key === databaseState() && projectIds.every((id) => last!.state.has(id))) return last.state;
    return alertsNow(projectIds);
  }

  function notifyRaised(before: AlertState, scope: AlertScope, plansUnchanged: boolean): void {
    const state = alertsNow(budgeted(scope), plansUnchanged ? before : undefined);
    last = { key: databaseState(), state };
    for (const [id, { overview, ids }] of state) {
      const had = before.get(id)?.ids ?? new Set<string>();
      for (const alert of overview.alerts) {
        if (!ids.has(alert.id) || had.has(alert.id)) continue;
        deps.notify(`Budget ${alert.level === 'critical' ? 'exceeded' : 'alert'}: ${overview.projectName}`, alert.message);
      }
    }
  }

  /** Runs a write (sync or async) and notifies the alerts it raised; a refused write notifies nothing. */
  function aroundWrite<T>(scope: AlertScope, write: () => T, effects: WriteEffects = {}): T {
    if (deps.notify === NO_NOTIFICATIONS) return write();
    const before = alertsBefore(budgeted(scope));
    const begun = ++writesBegun;
    const after = <R>(result: R): R => {
      try {
        notifyRaised(before, scope, effects.plansUnchanged === true && writesBegun === begun);
      } catch (error) {
        last = null;
        deps.logger.warn('Budget alerts not checked', error);
      }
      return result;
    };
    const result = write();
    return (result instanceof Promise ? result.then(after) : after(result)) as T;
  }

  return { aroundWrite };
}
