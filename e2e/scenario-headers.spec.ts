/**
 * Issue 28 item 9: the scenario list's headers read whole (none cut by its column), and the source document's cost
 * column is shown only for a plan read from a source document — not for a project the lead made.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

/** Headers whose text is wider than their cell (cut or overflowing). */
const cutHeaders = (page: Page) =>
  page
    .getByRole('region', { name: 'Scenarios' })
    .locator('table.sw-table thead th')
    .evaluateAll((ths) => ths.filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent));

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });
    test('the scenario headers read whole; the document column only where a document has figures', async ({ app, page }) => {
      await nav(page, /^Plan/).click();
      const scenarios = page.getByRole('region', { name: 'Scenarios' });
      await expect(scenarios.getByRole('columnheader', { name: "Source document's cost" })).toBeVisible();
      expect(await cutHeaders(page)).toEqual([]);
      await scenarios.scrollIntoViewIfNeeded();
      await app.screenshot(`scenarios-example-${viewport.width}`);

      // the narrow layout keeps the project switcher in a popover behind the sidebar's Project button
      if (viewport.width <= 1100) await page.getByRole('button', { name: /^Project: / }).click();
      await page.getByRole('button', { name: '+ New project' }).click();
      const dialog = page.getByRole('dialog', { name: 'New project' });
      await dialog.getByLabel('Project name').fill('Sleep staging');
      await dialog.getByLabel('Start').fill('2026-09-01');
      await dialog.getByLabel('End').fill('2026-12-18');
      await dialog.getByLabel('Budget').fill('900');
      await dialog.getByLabel('Track name').fill('EEG model');
      await dialog.getByLabel('Owner').fill('Ana Souza');
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await expect(dialog).toBeHidden();
      await expect(scenarios.locator('table.sw-table thead th').first()).toBeAttached();
      await expect(scenarios.getByRole('columnheader', { name: /source document|author/i })).toHaveCount(0);
      expect(await cutHeaders(page)).toEqual([]);
      await app.screenshot(`scenarios-own-${viewport.width}`);
    });
  });
}
