/**
 * Issue 28 item 5: "+ Add price" on an offering's detail adds a dated price, typed in USD or in another currency
 * converted with the app's rates (the rate and its date shown, the amount entered kept in the notes); bad input is
 * refused on its field; the new price shows in the offering's prices and in the Estimate screen's ranking.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });
    test('a price in euros is added to an offering, converted at a named rate, and ranks in the estimate', async ({ app, page }) => {
      await nav(page, /^Catalog/).click();
      await page.getByLabel('Search').fill('l4x1');
      const table = page.getByRole('region', { name: 'Offerings and prices' });
      await table.locator('tbody tr[data-row-id="hf-jobs-l4x1/on-demand"]').click();
      const detail = page.getByRole('complementary', { name: 'Offering l4x1' });
      await detail.getByRole('button', { name: '+ Add price' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a price to l4x1' });
      await expect(dialog).toBeVisible();

      // refused on its fields, nothing saved
      await dialog.getByLabel('Price (USD)').fill('abc');
      await dialog.getByRole('button', { name: 'Add price' }).click();
      await expect(dialog.locator('#price-usd-error')).toContainText('number above 0');
      await dialog.getByLabel('Currency').selectOption('EUR');
      await dialog.getByLabel('Price (EUR)').fill('0.20');
      await dialog.getByLabel('As of').fill('2009-06-01');
      await expect(dialog.locator('#price-currency-error')).toContainText('No exchange rate from EUR to USD on or before 2009-06-01');
      await dialog.getByLabel('As of').fill('2026-04-01');
      await dialog.getByLabel('Source').fill('');
      await dialog.getByRole('button', { name: 'Add price' }).click();
      await expect(dialog.locator('#price-source-error')).toBeVisible();
      await dialog.getByLabel('Source').fill('Quote from the reseller, April 2026');
      // the rate and its date before saving
      const conversion = dialog.getByTestId('price-conversion');
      await expect(conversion).toContainText(/= \$0\.2\d+ per hour at 1 EUR = 1\.\d+ USD \(ECB euro reference rate, 2026-03-31\)/);
      await app.screenshot(`catalog-add-price-${viewport.width}`);
      const usd = (await conversion.locator('strong').textContent())!.trim();
      await dialog.getByRole('button', { name: 'Add price' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'New on-demand price for l4x1' })).toContainText(
        'Entered as 0.20 EUR per hour',
      );

      // in the offering's prices and its history, with the amount as entered
      const prices = detail.locator('.price-list li').first();
      await expect(prices).toContainText(`${usd.replace(/0+$/, '')}`);
      await expect(prices).toContainText('as of 2026-04-01');
      await expect(prices).toContainText('Entered as 0.20 EUR per hour; converted at 1 EUR =');
      await expect(page.getByRole('table', { name: 'Price history' }).locator('tbody tr').first()).toContainText('2026-04-01');
      await app.screenshot(`catalog-added-price-${viewport.width}`);

      // in the estimate's ranking: the L4 offering at the new price, now the cheapest run
      await nav(page, /^Estimate/).click();
      await expect(page.locator('[data-estimate-ready="true"]')).toBeVisible();
      const ranking = page.getByRole('region', { name: 'Estimates by GPU and offering' });
      await ranking.scrollIntoViewIfNeeded();
      const first = ranking.locator('tbody tr[data-row-id]').first();
      await expect(first).toContainText('l4x1');
      await expect(first).toContainText(/on-demand \$0\.2\d*\/h · 2026-04-01/);
      await expect(page.getByLabel('Cheapest that finishes by date')).toContainText('l4x1');
      await app.screenshot(`estimate-added-price-${viewport.width}`);
    });
  });
}
