/** Issue 28 item 5: the As-of column shows the whole "stale" badge, the Source column a readable name, at 1440 and 1024 wide. */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

/** The element's content fits its box (not clipped by an ellipsis or the cell). */
const fits = (locator: Locator) =>
  locator.evaluateAll((els) =>
    els.slice(0, 40).map((el) => {
      const td = el.closest('td')!;
      // the content box: text-overflow cuts at the padding, not at the border
      const right = td.getBoundingClientRect().right - parseFloat(getComputedStyle(td).paddingRight);
      const box = el.getBoundingClientRect();
      const visible = Math.min(box.right, right) - box.left;
      return { text: el.textContent, visible, clipped: box.right > right + 0.5 };
    }),
  );

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
]) {
  test.describe(`${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });
    test('the stale badge and the source read whole', async ({ app, page }) => {
      await nav(page, /^Catalog/).click();
      const table = page.getByRole('region', { name: 'Offerings and prices' });
      await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible();
      await expect(table.getByText('stale').first()).toBeVisible();
      const badges = await fits(table.locator('td .badge', { hasText: 'stale' }));
      expect(badges.length).toBeGreaterThan(0);
      expect(badges.filter((b) => b.clipped)).toEqual([]);
      const sources = await table.locator('.source-text').allTextContents();
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.filter((s) => /^See\b/.test(s.trim()) || s.trim().length < 4)).toEqual([]);
      // a long source may end in an ellipsis, but shows at least ~25 characters (150 px) of its name
      const cutShort = (await fits(table.locator('.source-text'))).filter((s) => s.clipped && s.visible < 150);
      expect(cutShort, JSON.stringify(cutShort.slice(0, 3))).toEqual([]);
      await app.screenshot(`catalog-readable-${viewport.width}`);
    });
  });
}
