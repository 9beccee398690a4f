import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

test.describe('Catalog screen', () => {
  test.beforeEach(async ({ page }) => {
    await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('button', { name: /^Catalog/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Offerings and prices' }).locator('tbody tr[data-row-id]').first()).toBeVisible();
  });

  test('lists every provider with dated prices, sorts and filters', async ({ app, page }) => {
    const table = page.getByRole('region', { name: 'Offerings and prices' });
    await app.screenshot('catalog-offerings');
    await page.getByLabel('Provider').selectOption({ label: 'Microsoft Azure' });
    const rows = table.locator('tbody tr[data-row-id]');
    await expect(rows.first()).toContainText('Microsoft Azure');
    await expect(table).toContainText('NC6s v3');
    await expect(table).toContainText('$3.06/h');
    await expect(table).toContainText('2024-11-01');
    await page.getByLabel('Provider').selectOption({ label: 'All providers' });
    const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim());
    const column = (name: string) => rows.locator(`td:nth-child(${headers.findIndex((h) => h.startsWith(name)) + 1})`);
    await page.getByLabel('Minimum memory (GiB)').fill('48');
    // the memory of each GPU follows its name in the GPU column ("1× L40S · 48 GiB")
    for (const text of await column('GPU').allTextContents())
      expect(Number.parseFloat(text.split('·')[1] ?? '')).toBeGreaterThanOrEqual(48);
    await page.getByLabel('Minimum memory (GiB)').fill('');
    await table.getByRole('columnheader', { name: /As of/ }).click();
    const dates = await column('As of').allTextContents();
    expect(dates.length).toBeGreaterThan(10);
    expect([...dates].sort()).toEqual(dates);
    // sort on a numeric column: $/GPU-hour, in the direction the header announces
    const perGpuHeader = table.getByRole('columnheader', { name: /\$\/GPU-hour/ });
    await perGpuHeader.click();
    const direction = await perGpuHeader.getAttribute('aria-sort');
    const perGpuHour = (await column('$/GPU-hour').allTextContents())
      .map((t) => Number.parseFloat(t.replace(/[$,]/g, '')))
      .filter((n) => Number.isFinite(n));
    expect(perGpuHour.length).toBeGreaterThan(10);
    expect([...perGpuHour].sort((a, b) => (direction === 'descending' ? b - a : a - b))).toEqual(perGpuHour);
    // filter by GPU and price kind together
    await page.getByLabel('GPU', { exact: true }).selectOption('a100-sxm-40gb');
    await page.getByLabel('Price kind').selectOption('spot');
    for (const text of await column('GPU').allTextContents()) expect(text).toContain('A100 SXM4');
    for (const text of await column('GPU').allTextContents()) expect(text).toContain('· 40 GiB');
    for (const text of await column('Price kind').allTextContents()) expect(text).toMatch(/^Spot(flagged)?$/); // p4d's spot carries the app's flag
    await expect(table).toContainText('a2-highgpu-4g');
    await page.getByLabel('Maximum price per GPU-hour (USD)').fill('0.5');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('p4d.24xlarge'); // seed 002's $2–3/h spot over 8 GPUs
    await page.getByLabel('Maximum price per GPU-hour (USD)').fill('0.2');
    await expect(table).toContainText('No offering matches');
    await page.getByLabel('Maximum price per GPU-hour (USD)').fill('');
    await page.getByLabel('GPU', { exact: true }).selectOption('');
    await page.getByLabel('Price kind').selectOption('');
  });

  test('shows AWS g6e as L40S offerings with dated on-demand prices (issue 19 item 12)', async ({ app, page }) => {
    const table = page.getByRole('region', { name: 'Offerings and prices' });
    await page.getByLabel('GPU', { exact: true }).selectOption('l40s-48gb');
    const rows = table.locator('tbody tr[data-row-id]');
    await expect(rows).toHaveCount(3);
    for (const sku of ['g6e.xlarge', 'g6e.12xlarge', 'g6e.48xlarge']) await expect(table).toContainText(sku);
    await expect(table).toContainText('L40S');
    await expect(table).toContainText('$1.86/h');
    await expect(table).toContainText('2026-11-26');
    await app.screenshot('catalog-g6e-l40s');
    await page.getByLabel('GPU', { exact: true }).selectOption('');
  });

  test('inline price edit adds a dated row; invalid input is shown and not saved', async ({ app, page }) => {
    await page.getByLabel('Search').fill('p3.2xlarge');
    const table = page.getByRole('region', { name: 'Offerings and prices' });
    const row = table.locator('tbody tr[data-row-id="aws-p3-2xlarge/on-demand"]');
    await row.getByRole('button', { name: /\$3\.06/ }).click();
    const editor = page.getByRole('group', { name: 'Change price' });
    await editor.getByLabel('USD per hour').fill('-4');
    await editor.getByLabel('Source').fill('');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('alert').first()).toBeVisible();
    await app.screenshot('catalog-inline-edit-error');
    await editor.getByLabel('USD per hour').fill('3.20');
    await editor.getByLabel('As of').fill('2026-11-01');
    await editor.getByLabel('Source').fill('AWS pricing page, checked 2026-11-01');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('$3.20/h');
    await expect(row).toContainText('2026-11-01');
    await row.click();
    const history = page.getByRole('table', { name: 'Price history' });
    await expect(history.locator('tbody tr')).toHaveCount(3);
    await expect(history.locator('tbody tr').first()).toContainText('2026-11-01');
    await app.screenshot('catalog-price-history');
  });

  test('adds, edits and deletes your own offering', async ({ app, page }) => {
    await page.getByRole('button', { name: '+ Add offering' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name or SKU').fill('Lab box 2×RTX 4090');
    await dialog.getByLabel('GPU', { exact: true }).selectOption('rtx-4090-24gb');
    await dialog.getByLabel('GPUs').fill('0');
    await dialog.getByLabel('Power under load (W)').fill('1100');
    await dialog.getByLabel('Price (USD)').fill('6500');
    await dialog.getByLabel('Source').fill('lab invoice 2026-11');
    await dialog.getByRole('button', { name: 'Add offering' }).click();
    await expect(dialog.getByRole('alert').first()).toContainText(/at least one GPU/);
    await dialog.getByLabel('GPUs').fill('2');
    await app.screenshot('catalog-add-offering');
    await dialog.getByRole('button', { name: 'Add offering' }).click();
    await expect(dialog).toBeHidden();
    const detail = page.getByRole('complementary', { name: /Lab box/ });
    await expect(detail).toContainText('2 × ');
    await expect(detail).toContainText('1100 W');
    await page.getByLabel('Search').fill('Lab box');
    await expect(page.getByRole('region', { name: 'Offerings and prices' })).toContainText('$6,500');
    await app.screenshot('catalog-own-offering');
    await detail.getByRole('button', { name: 'Delete offering' }).click();
    await expect(page.getByRole('region', { name: 'Offerings and prices' })).toContainText('No offering matches');
  });

  test('exports the catalog as CSV and imports it back (round trip), refuses a broken file with line and column', async ({ app, page }) => {
    const file = path.join(app.dataDir, 'catalog.csv');
    await app.stubSaveFile(file);
    await page.getByRole('button', { name: 'Export CSV…' }).click();
    await expect(page.getByRole('status')).toContainText('Exported');
    const text = fs.readFileSync(file, 'utf8');
    expect(text.split('\r\n')[0]).toContain('offering_id,provider_id,sku,gpu_id');
    await app.stubOpenFile(file);
    await page.getByRole('button', { name: 'Import CSV…' }).click();
    await expect(page.getByRole('status')).toContainText('0 offerings and 0 prices added');
    const broken = path.join(app.dataDir, 'broken.csv');
    fs.writeFileSync(broken, text.replace(',on-demand,3.06,hour,', ',on-demand,abc,hour,'));
    await app.stubOpenFile(broken);
    await page.getByRole('button', { name: 'Import CSV…' }).click();
    await expect(page.getByRole('alert')).toContainText(/line \d+, usd/);
    await expect(page.getByRole('alert')).toContainText('Nothing was imported');
  });

  test('shows GPU datasheet figures and the seeds’ discrepancies', async ({ app, page }) => {
    await page.getByRole('tab', { name: 'GPUs' }).click();
    const gpus = page.getByRole('region', { name: 'GPUs' });
    await expect(gpus).toContainText('H100 SXM5 80GB');
    await expect(gpus).toContainText('3,350 GB/s');
    await app.screenshot('catalog-gpus');
    await page.getByRole('tab', { name: /Documents vs primary sources/ }).click();
    await expect(page.getByText('ResNet34-1D parameter count')).toBeVisible();
    await expect(page.getByText(/7,218,753/)).toBeVisible();
    await app.screenshot('catalog-discrepancies');
  });
});
