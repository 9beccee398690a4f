import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, referenceDir, test } from './fixtures';

/**
 * The project's slice of a billing export in the app (issue 32 item 3): the import dialog and the source form take
 * accounts, tags, providers and a date window; the summary says lines read, skipped by each filter and kept. The
 * counts are those of `gpu-planner import --provider Microsoft* --from 2024-09-05` (import-filter.test.ts).
 */
const FOCUS_SAMPLE = path.join(referenceDir, 'billing-samples', 'focus-sample-data', 'focus_sample.csv');

async function openBudget(page: import('@playwright/test').Page) {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Budget/ })
    .click();
}

test.describe('Budget · only the project’s slice', () => {
  test('the import dialog takes a slice; a bad field is named; the summary counts each filter', async ({ app, page }) => {
    await openBudget(page);
    await page.getByRole('button', { name: 'Import billing export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import billing export' });
    await app.stubOpenFile(FOCUS_SAMPLE);
    await dialog.getByRole('button', { name: 'Choose file…' }).click();
    await expect(dialog.getByTestId('import-dialect')).toHaveText('focus');
    const slice = dialog.getByRole('group', { name: 'Only these lines' });
    await slice.getByLabel('Tags').fill('team');
    await expect(dialog.getByTestId('import-slice-error')).toContainText('a tag filter is KEY=VALUE');
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await slice.getByLabel('Tags').fill('');
    await slice.getByLabel('Providers').fill('Microsoft*');
    await slice.getByLabel('From').fill('2024-09-05');
    await expect(dialog.getByTestId('import-slice-error')).toBeHidden();
    for (const size of [
      { width: 1440, height: 900 },
      { width: 1024, height: 700 },
    ]) {
      await page.setViewportSize(size);
      await app.screenshot(`budget-import-slice-${size.width}`);
    }
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByTestId('import-summary')).toContainText('Imported 39 line item(s) of 1,000 row(s) read');
    await expect(dialog.getByTestId('import-slice-counts')).toHaveText(
      'Slice: 1,000 lines read · 39 kept · skipped 949 by provider, 12 by date',
    );
    await expect(dialog.getByTestId('import-total-exact-USD')).toHaveText('USD 2.12543016263');
    for (const size of [
      { width: 1024, height: 700 },
      { width: 1440, height: 900 },
    ]) {
      await page.setViewportSize(size);
      await app.screenshot(`budget-import-slice-summary-${size.width}`);
    }
  });

  test('a source with a slice: stored, shown on its row, applied by its sync', async ({ app, page }) => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-e2e-slice-'));
    try {
      fs.copyFileSync(FOCUS_SAMPLE, path.join(folder, 'focus-2024-09.csv'));
      await openBudget(page);
      await page.getByRole('tab', { name: 'Sources' }).click();
      await page.getByRole('button', { name: 'Add folder…' }).click();
      const form = page.getByRole('group', { name: 'Add a source' });
      await form.getByLabel('Providers').fill('Microsoft*');
      await form.getByLabel('From').fill('2024-09-05');
      for (const size of [
        { width: 1440, height: 900 },
        { width: 1024, height: 700 },
      ]) {
        await page.setViewportSize(size);
        await app.screenshot(`budget-source-slice-form-${size.width}`);
      }
      await app.stubOpenFile(folder);
      await form.getByRole('button', { name: 'Choose folder…' }).click();
      const row = page.getByTestId('source-row');
      await expect(row.getByTestId('source-slice')).toHaveText('only provider Microsoft*, dates 2024-09-05 to …');
      await expect(row.getByTestId('source-changes')).toContainText('1 imported', { timeout: 60_000 });
      await expect(row.getByTestId('source-imported-row')).toContainText(
        '1,000 lines read · 39 kept · skipped 949 by provider, 12 by date',
      );
      await expect(row.getByTestId('source-imported-row')).toContainText('$2.13');
      for (const size of [
        { width: 1024, height: 700 },
        { width: 1440, height: 900 },
      ]) {
        await page.setViewportSize(size);
        await app.screenshot(`budget-source-slice-synced-${size.width}`);
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
