import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';

test.describe('Review screen', () => {
  test('menu command → Review with a live preview → Export PDF… writes a PDF', async ({ app, page }) => {
    await app.menu({ command: 'export-pdf' });
    await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
    const preview = page.getByTestId('review-preview');
    await expect(preview).toContainText('Executive summary');
    await expect(preview).toContainText('Aswanth Kumar');
    await expect(preview).toContainText('Jayanth Tatineni');
    // the hardware section says its hours are wall-clock, with the GPU-only hours beside them (issue 29 item 1)
    await expect(preview).toContainText('Hours are wall-clock time to a trained model');
    await expect(preview).toContainText('Wall-clock h (GPU only)');
    // a GPU with no measurement of its own says its range is widened, and to what (issue 29 item 3)
    await expect(preview.getByTestId('report-no-measurement').first()).toContainText(
      /^No measurement on this GPU \(.+\): range widened to ×0\.\d\d–×\d\.\d\d/,
    );
    await expect(page.getByRole('button', { name: 'Export PDF…' })).toBeFocused();
    await app.screenshot('review-preview');

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-e2e-pdf-')), 'review.pdf');
    await app.stubSaveFile(file);
    await page.getByRole('radio', { name: 'Letter' }).check();
    await page.getByRole('button', { name: 'Export PDF…' }).click();
    await expect(page.getByText(/^Saved .*review\.pdf \(\d+ pages/)).toBeVisible({ timeout: 30_000 });
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    if (process.env.KEEP_REVIEW_PDF) fs.copyFileSync(file, process.env.KEEP_REVIEW_PDF);
    await app.screenshot('review-exported');
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  test('sections toggle the preview; CSV export through the save dialog', async ({ app, page }) => {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: /^Review/ })
      .click();
    const preview = page.getByTestId('review-preview');
    await expect(preview).toContainText('Catalog prices used');
    await page.getByRole('checkbox', { name: 'Catalog prices used' }).uncheck();
    await expect(preview.locator('[data-section="prices"]')).toHaveCount(0);

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-e2e-csv-')), 'allocations.csv');
    await app.stubSaveFile(file);
    await page.getByLabel('CSV table').selectOption('allocations');
    await page.getByRole('checkbox', { name: /byte-order mark/ }).check();
    await page.getByRole('button', { name: 'Export CSV…' }).click();
    await expect(page.getByText(/^Saved .*allocations\.csv \(\d+ rows\)/)).toBeVisible();
    const text = fs.readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFFweek,track,gpu,gpuId,gpuCount,offering,offeringId,hours,cost,note,currency\r\n')).toBe(true);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
