import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monthsFrom, writeMonthDelivery } from '../electron/test-support/aws-deliveries';
import { expect, test } from './fixtures';

/**
 * Billing sources (issue 14): a folder an `aws s3 sync` keeps filled with CUR deliveries is added from the Budget
 * screen (native folder dialog, stubbed), synced with progress, then a month is redelivered and only that month changes.
 */
test.describe('Budget · sources', () => {
  let folder: string;
  test.beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-e2e-cur-'));
  });
  test.afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  test('adding a folder, the first sync with progress, and a redelivered month', async ({ app, page }) => {
    // Twelve monthly deliveries of two parts, large enough for the progress to be seen.
    const months = monthsFrom('2025-01', 12);
    const finals = months.map((m, i) =>
      writeMonthDelivery(folder, m, 1, { parts: 2, linesPerDay: 150, at: new Date(Date.UTC(2025, i + 1, 2)) }),
    );
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: /^Budget/ })
      .click();
    await page.getByRole('tab', { name: 'Sources' }).click();
    await expect(page.getByText(/No source yet/)).toBeVisible();
    await app.screenshot('budget-sources-empty');

    await app.stubOpenFile(folder);
    await page.getByRole('button', { name: 'Add folder…' }).click();
    await page.getByRole('group', { name: 'Add a source' }).getByRole('button', { name: 'Choose folder…' }).click();
    const progress = page.getByTestId('source-sync-progress-text');
    await expect(progress).toContainText(/Importing cur\/gpu-report\/.* · file \d+ of 24/);
    await app.screenshot('budget-sources-first-sync-progress');
    await expect(page.getByTestId('source-sync-progress')).toBeHidden({ timeout: 120_000 });
    const row = page.getByTestId('source-row');
    await expect(row).toContainText(folder);
    await expect(row.getByTestId('source-changes')).toContainText('24 imported');
    await expect(row.getByTestId('source-imported-row')).toHaveCount(24);
    await app.screenshot('budget-sources-first-sync');

    // The spend by month is each month's final statement.
    // (The database is checked where the harness holds it: the browser bridge.)
    const byMonth = () =>
      Object.fromEntries(
        app.context?.services.budget.spendSummary({ by: 'month', exact: true }).groups.map((g) => [g.key, g.totals.USD]) ?? [],
      );
    const before = byMonth();
    if (app.context) expect(before).toEqual(Object.fromEntries(months.map((m, i) => [m, finals[i]!.total])));

    // March is restated (a new assembly and manifest, with a credit): the next sync replaces March only.
    const restated = writeMonthDelivery(folder, '2025-03', 2, { parts: 2, linesPerDay: 150, at: new Date(Date.UTC(2025, 6, 1)) });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(row.getByTestId('source-changes')).toContainText('2 imported', { timeout: 60_000 });
    await expect(row.getByTestId('source-changes')).toContainText('22 unchanged');
    await expect(row.getByTestId('source-changes')).toContainText('2 superseded by a newer delivery');
    await expect(row.getByTestId('source-imported-row')).toHaveCount(2);
    await expect(row.getByTestId('source-imported-row').first()).toContainText('2025-03-01 → 2025-04-01');
    await expect(row.getByTestId('source-imported-row').first()).toContainText(/restated period/);
    await app.screenshot('budget-sources-redelivered-month');
    if (app.context) expect(byMonth()).toEqual({ ...before, '2025-03': restated.total });
  });
});
