/**
 * Storage and transfer prices in the catalog (issue 19 item 15): seen and edited in the Catalog's "Storage & transfer"
 * tab (errors at the field, axe-clean), and the Budget screen of seed 003's example counting its storage as its own
 * burn-up series and in the planned total.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';

const SHOTS = '/tmp/shots/fig';
const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }).click();

test('the catalog lists storage and transfer prices with date and source, and takes a newer price at its fields', async ({ page }) => {
  await nav(page, /^Catalog/);
  await page.getByRole('tab', { name: 'Storage & transfer' }).click();
  const p20 = page.locator('tr[data-rate="azure-premium-ssd-p20"]');
  await expect(p20).toContainText('$73.22 per disk per month (512 GB disk)');
  await expect(p20).toContainText('2024-11-01');
  await expect(page.locator('tr[data-rate="azure-egress-internet"]')).toContainText('0–100 GB: free');
  await expectAccessible(page, '.catalog-screen', 'catalog storage & transfer tab');
  await page.screenshot({ path: `${SHOTS}/catalog-storage-rates.png`, fullPage: true });

  await page.getByRole('button', { name: 'New price for Blob Storage, Hot tier' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Price, USD per GB-month').fill('0.0200');
  await dialog.getByLabel('Checked on').fill('2099-01-01');
  await dialog.getByLabel('Source (price page address)').fill('https://azure.microsoft.com/pricing/details/storage/blobs/');
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(dialog.locator('[data-field="rate-as-of"]')).toContainText(/after today|between/);
  await expectAccessible(page, '[role="dialog"]', 'storage price dialog with an error');
  await dialog.getByLabel('Checked on').fill('2025-06-01');
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(dialog).toHaveCount(0);
  const hot = page.locator('tr[data-rate="azure-blob-hot"]');
  await expect(hot).toContainText('$0.0200 per GB-month');
  await expect(hot).toContainText('2025-06-01 (entered here)');
});

test('seed 003’s Budget screen counts its storage in the planned total and draws it as its own burn-up series', async ({ page }) => {
  await page.getByRole('combobox', { name: 'Project' }).selectOption('seed-003-small-lab');
  await nav(page, /^Budget/);
  const planned = page.getByTestId('kpi-planned');
  await expect(planned).toContainText(/GPU \$[\d,.]+ \+ storage \$1,[\d,.]+ \+ transfer \$0\.00/);
  await expect(page.locator('.bu-legend')).toContainText('Planned storage & transfer');
  await expectAccessible(page, '.screen', 'budget of seed 003');
  await page.screenshot({ path: `${SHOTS}/budget-seed-003.png`, fullPage: true });
});
