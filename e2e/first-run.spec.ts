/** The first-run guide (issue 28, item 10): what the example is and what to do first, dismissed once for good. */
import { expect, test } from './fixtures';

test.use({ firstRunGuide: true });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    test('a first start shows the guide; dismissed, it stays hidden after a reload', async ({ app, page }) => {
      const guide = page.getByRole('region', { name: 'Welcome to GPU Planner' });
      await expect(guide).toBeVisible();
      await expect(guide).toContainText('example project');
      await expect(guide).toContainText('New project');
      await app.screenshot(`first-run-guide-${viewport.width}x${viewport.height}`);
      // Its links go where they say.
      await guide.getByRole('button', { name: 'Estimate', exact: true }).click();
      await expect(page.locator('.nav-item.active')).toContainText('Estimate');
      await guide.getByRole('button', { name: 'Got it, hide this' }).click();
      await expect(guide).toHaveCount(0);
      await page.reload();
      await page.locator('.app-shell[data-ready="true"]').waitFor();
      await expect(page.locator('.nav-item').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Welcome to GPU Planner' })).toHaveCount(0);
    });
  });
}
