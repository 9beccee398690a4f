/**
 * The alert check around writes (budget-alerts.ts) reads every budgeted project's overview before and after a write.
 * Those reads are most of a small import's time: the state read after one write serves as the next write's "before"
 * while the database is unchanged, and a billing-only write reuses the plan views it read before. Notifications stay
 * exactly those of a fresh check.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OverviewView } from '../../../shared/ipc/contract/budget-planning';
import type { PlanView } from '../../../shared/ipc/contract/plan';
import { BILLING_SAMPLES, sampleFile } from '../../test-support/billing-samples';
import { recordingLogger } from '../../test-support/recording-logger';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createAlertRaiser } from './budget-alerts';

let app: TestApp;
let projects: string[];
let reads: { views: number; overviews: number; rates: number };
let alertsOf: Record<string, string[]>;
let notified: string[];
let today: string;

function raiser() {
  return createAlertRaiser(
    {
      db: app.db,
      notify: (title, body) => notified.push(`${title}: ${body}`),
      logger: recordingLogger().logger,
      now: () => new Date(today),
    },
    {
      viewOf: (id) => {
        reads.views++;
        return { id } as unknown as PlanView;
      },
      rates: () => {
        reads.rates++;
        return [];
      },
      overviewOf: (id) => {
        reads.overviews++;
        return {
          projectName: id,
          alerts: (alertsOf[id] ?? []).map((a) => ({ id: a, level: 'warning', measure: 'actual', message: a })),
        } as unknown as OverviewView;
      },
    },
  );
}

/** A write of this connection (any table counts: a temporary one here). */
const write = () => app.db.prepare('INSERT INTO scratch (x) VALUES (1)').run();

beforeEach(() => {
  app = createTestApp();
  app.db.exec('CREATE TEMP TABLE scratch (x INTEGER)');
  projects = (app.db.prepare('SELECT DISTINCT project_id AS id FROM budgets').all() as Array<{ id: string }>).map((r) => r.id);
  reads = { views: 0, overviews: 0, rates: 0 };
  alertsOf = {};
  notified = [];
  today = '2026-03-02T10:00:00Z';
});
afterEach(() => app.dispose());

describe('the alert check around writes', () => {
  it('the seeded database has budgeted projects to check', () => {
    expect(projects.length).toBeGreaterThan(0);
  });

  it('two writes in a row: the second reuses the alerts read after the first (each overview read 3 times, not 4)', () => {
    const { aroundWrite } = raiser();
    const n = projects.length;
    aroundWrite('all', write);
    expect(reads.overviews).toBe(2 * n);
    aroundWrite('all', write);
    expect(reads.overviews).toBe(3 * n);
    // A write of a subset of the projects is served from the same state.
    aroundWrite([projects[0]!], write);
    expect(reads.overviews).toBe(3 * n + 1);
  });

  it('reads again when the database changed since: a write outside the check, another process’s write, a new day', () => {
    const { aroundWrite } = raiser();
    const n = projects.length;
    aroundWrite('all', write);
    write(); // this connection, outside any check
    aroundWrite('all', write);
    expect(reads.overviews).toBe(4 * n);

    const other = new Database(app.deps.databaseFile);
    try {
      other.prepare("UPDATE projects SET name = name || ' (renamed)' WHERE id = ?").run(projects[0]);
    } finally {
      other.close();
    }
    aroundWrite('all', write);
    expect(reads.overviews).toBe(6 * n);

    today = '2026-03-03T10:00:00Z';
    aroundWrite('all', write);
    expect(reads.overviews).toBe(8 * n);
  });

  it('a billing-only write reads each plan view once; any other write reads them again after it', () => {
    const { aroundWrite } = raiser();
    const n = projects.length;
    aroundWrite('all', write, { plansUnchanged: true });
    // The exchange rates: read once per check, not once per project.
    expect(reads).toEqual({ views: n, overviews: 2 * n, rates: 2 });
    write();
    aroundWrite('all', write);
    expect(reads).toEqual({ views: 3 * n, overviews: 4 * n, rates: 4 });
  });

  it('a billing-only write that runs while another write begins reads the plan views again after it', async () => {
    const { aroundWrite } = raiser();
    const n = projects.length;
    let finish: () => void = () => {};
    const slow = aroundWrite('all', () => new Promise<void>((resolve) => (finish = resolve)).then(write), { plansUnchanged: true });
    aroundWrite('all', write); // e.g. a plan edit while an import runs
    finish();
    await slow;
    // The import's before (n views), the edit's before and after (2n), the import's after read again (n), not reused.
    expect(reads.views).toBe(4 * n);
  });

  it('notifies exactly the alerts a write raised, with the state kept between writes', () => {
    const { aroundWrite } = raiser();
    const [p] = projects;
    aroundWrite('all', () => {
      write();
      alertsOf[p!] = ['a1'];
    });
    expect(notified).toEqual([`Budget alert: ${p}: a1`]);
    // Nothing new: nothing notified, though "before" came from the kept state.
    aroundWrite('all', write);
    expect(notified).toHaveLength(1);
    aroundWrite('all', () => {
      write();
      alertsOf[p!] = ['a1', 'a2'];
    });
    expect(notified).toEqual([`Budget alert: ${p}: a1`, `Budget alert: ${p}: a2`]);
    // A refused write notifies nothing and keeps nothing stale.
    expect(() =>
      aroundWrite('all', () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(notified).toHaveLength(2);
  });
});

describe('the alert check of imports, through the budget service', () => {
  it('three imports in a row read each budgeted project’s plan view once (not twice per import) and the rates once per check', async () => {
    app.dispose();
    app = createTestApp({ notify: (title) => notified.push(title) });
    const views = vi.spyOn(app.services.plan, 'currentView');
    const rates = vi.spyOn(app.db, 'prepare');
    const n = projects.length;
    for (const name of ['EA_NoRows.csv', 'EA_ActualCost_Small.csv', 'EA_AmortizedCost_Small.csv']) {
      const sample = BILLING_SAMPLES.find((s) => s.path.endsWith(name))!;
      await app.services.budget.importFile({ file: sampleFile(sample) });
    }
    expect(views).toHaveBeenCalledTimes(n);
    // Rates: once per check (the first import's before, each import's after), not once per project and check.
    expect(rates.mock.calls.filter(([sql]) => /FROM exchange_rates ORDER BY/.test(String(sql)))).toHaveLength(4);
  });

  it('where no notification can be shown (the CLI, no notifier) an import checks no alert: no plan view read', async () => {
    // `app` was made without a notifier, as the CLI makes its context.
    const views = vi.spyOn(app.services.plan, 'currentView');
    const sample = BILLING_SAMPLES.find((s) => s.path.endsWith('EA_ActualCost_Small.csv'))!;
    const result = await app.services.budget.importFile({ file: sampleFile(sample) });
    expect(result.rowsImported).toBeGreaterThan(0);
    expect(views).not.toHaveBeenCalled();
  });
});
