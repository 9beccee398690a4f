import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function openScreen(page: Page, name: RegExp) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name }).click();
}
const catalogRow = (page: Page) => page.locator('tr[data-row-id="local-highend-rtx-4090/purchase"]');

test('a settings change (electricity price) changes the catalog’s $/GPU-hour of a bought machine, and says so', async ({ app, page }) => {
  await openScreen(page, /^Catalog/);
  await expect(catalogRow(page)).toBeVisible();
  await expect(page.getByTestId('settings-note').first()).toContainText('at $0.12/kWh, 3 y × 2,000 h/y');
  const before = await catalogRow(page).innerText();
  await page.getByTestId('settings-note').first().getByRole('button', { name: 'change in Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Electricity price/).fill('-1');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel(/Electricity price/).fill('0.6');
  await app.screenshot('settings-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('settings-note').first()).toContainText('at $0.6/kWh');
  // $4,000 over 6,000 h = $0.67 + 500 W × $0.12 = $0.06 → $0.727; at $0.60/kWh: + $0.30 → $0.967
  await expect(catalogRow(page)).not.toHaveText(before);
  await expect(catalogRow(page)).toContainText('$0.967');
  await app.screenshot('settings-catalog-after');
  const stored = await app.context!.handlers.invoke('settings:get', {});
  expect(stored.ok && stored.value.cost.electricityUsdPerKwh).toBe(0.6);
  await app.context!.handlers.invoke('settings:update', { cost: {}, reset: true });
});

test('buy or rent: break-evens, seed 003’s rule and 36 months of cumulative cost for a bought RTX 4090 box', async ({ app, page }) => {
  await openScreen(page, /^Estimate/);
  await expect(page.locator('[data-estimate-ready="true"]')).toBeVisible();
  await page.getByRole('radio', { name: 'Buy' }).click();
  const table = page.getByRole('region', { name: 'Estimates by GPU and offering' });
  await table.getByText('High-end workstation', { exact: false }).first().click();
  const panel = page.getByRole('region', { name: 'Buy or rent' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('Buy or rent: High-end workstation');
  await expect(panel.getByTestId('seed-rule')).toContainText(/(Holds|Does not hold) for High-end workstation/);
  await expect(panel.getByLabel('Cumulative cost, buy against rent')).toBeVisible();
  const caption = panel.getByTestId('cumulative-caption');
  await expect(caption).toContainText(
    /Cumulative cost \d{4}-\d{2} to \d{4}-\d{2} at 10 runs a month: High-end workstation .* \$4,0\d\d\.\d\d/,
  );
  await expect(panel.locator('svg').first()).toContainText('cumulative cost (USD)');
  await expect(panel.locator('svg').first()).toContainText('month (YYYY-MM, end of month)');
  await panel.getByLabel('Runs a month').fill('200');
  await expect(caption).toContainText('at 200 runs a month');
  // the machine's electricity follows the settings: the estimate is re-run and the local line rises
  const before = await caption.innerText();
  await panel.getByRole('button', { name: 'change in Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel(/Electricity price/).fill('0.5');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toContainText('at $0.5/kWh, 3 y × 2,000 h/y');
  await expect(caption).not.toHaveText(before);
  await app.screenshot('buy-or-rent-after-settings');
  await app.context!.handlers.invoke('settings:update', { cost: {}, reset: true });
  await page.reload();
  await openScreen(page, /^Estimate/);
  await page.getByRole('radio', { name: 'Buy' }).click();
  await table.getByText('High-end workstation', { exact: false }).first().click();
  await panel.getByLabel('Runs a month').fill('200');
  await panel.scrollIntoViewIfNeeded();
  await app.screenshot('buy-or-rent');
});

test('buy or rent against the rental the lead names, at the lead’s hours: seed 003’s RTX 4090 box against the NC6s v3 (issue 31 item 8)', async ({
  app,
  page,
}) => {
  await openScreen(page, /^Estimate/);
  await expect(page.locator('[data-estimate-ready="true"]')).toBeVisible();
  await page.getByRole('radio', { name: 'Buy' }).click();
  const table = page.getByRole('region', { name: 'Estimates by GPU and offering' });
  await table.getByText('High-end workstation', { exact: false }).first().click();
  const panel = page.getByRole('region', { name: 'Buy or rent' });
  await panel.getByLabel('Rent instead').selectOption('azure-nc6s-v3');
  await panel.getByLabel('Your hours a run').fill('13');
  await panel.getByLabel('On the rental').fill('10');
  const breakEvens = panel.locator('.est-breakevens li');
  await expect(breakEvens).toHaveCount(2);
  await expect(breakEvens.nth(0)).toContainText(
    'Against Microsoft Azure NC6s v3 (on-demand, your 10 h a run) at $30.60 a run: buying pays off from 3.7 runs a month',
  );
  await expect(breakEvens.nth(1)).toContainText('(spot, your 10 h a run) at $6.15 a run: buying pays off from 20.7 runs a month');
  await expect(panel).toContainText('13.00 h a run (your figure)');
  await panel.getByLabel('Your hours a run').fill('-1');
  await expect(panel.getByRole('alert')).toContainText('hours above 0');
  await panel.getByLabel('Your hours a run').fill('13');
  for (const [width, height] of [
    [1440, 900],
    [1024, 700],
  ] as const) {
    await page.setViewportSize({ width, height });
    await panel.scrollIntoViewIfNeeded();
    await app.screenshot(`buy-or-rent-rental-${width}x${height}`);
  }
});

test('a reserved offer carries its commitment and never ranks first for a short run', async ({ app, page }) => {
  await openScreen(page, /^Estimate/);
  await expect(page.locator('[data-estimate-ready="true"]')).toBeVisible();
  const table = page.getByRole('region', { name: 'Estimates by GPU and offering' });
  await page.getByLabel('Price kind').selectOption('reserved-1y');
  await table.locator('tbody tr[data-row-id]').first().click();
  await expect(page.getByLabel('Explanation').getByTestId('reserved-note')).toContainText(
    /1-y commitment \$[\d,]+\.\d\d, [\d.]+% used · beats on-demand above \d+%/,
  );
  await expect(table.locator('.est-reserved-mark').first()).toHaveAttribute('title', /1-y commitment/);
  await app.screenshot('estimate-reserved');
  await page.getByLabel('Price kind').selectOption('');
  const first = table.locator('tbody tr[data-row-id]').first();
  await expect(first).not.toHaveAttribute('data-row-id', /reserved/);
});
