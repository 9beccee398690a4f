/**
 * Issue 28 item 5: the As-of column shows the whole "stale" badge, the Source column a readable name, at 1440 and 1024
 * wide; the offering detail's run limits and notes wrap inside their panel.
 */
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
      // the table fits the window: no sideways scrolling (issue 28: 11 columns scrolled at 1440 × 900)
      const overflow = await table.evaluate((region) => {
        const els = [region, ...Array.from(region.querySelectorAll<HTMLElement>('*'))].filter((el) => {
          const o = getComputedStyle(el).overflowX;
          return o === 'auto' || o === 'scroll';
        });
        return els.map((el) => el.scrollWidth - el.clientWidth);
      });
      expect(Math.max(0, ...overflow)).toBeLessThanOrEqual(1);
      if (viewport.width > 1100) {
        const sources = await table.locator('.source-text').allTextContents();
        expect(sources.length).toBeGreaterThan(0);
        expect(sources.filter((s) => /^See\b/.test(s.trim()) || s.trim().length < 4)).toEqual([]);
        // a long source may end in an ellipsis, but shows at least ~25 characters (150 px) of its name
        const cutShort = (await fits(table.locator('.source-text'))).filter((s) => s.clipped && s.visible < 150);
        expect(cutShort, JSON.stringify(cutShort.slice(0, 3))).toEqual([]);
      } else {
        // a narrow window leaves the source to the offering's detail, where it reads whole
        await table.locator('tbody tr[data-row-id]').first().click();
        await expect(
          page
            .locator('.offering-detail .price-list')
            .getByText(/^Source: .{4,}/)
            .first(),
        ).toBeVisible();
        // beside the detail, the offering and its GPU still read whole
        const cut = await table.locator('tbody tr[data-row-id] td .ellipsis').evaluateAll((els) =>
          els
            .slice(0, 20)
            .filter((el) => el.scrollWidth > el.clientWidth + 1)
            .map((el) => el.textContent),
        );
        expect(cut.length, JSON.stringify(cut.slice(0, 3))).toBeLessThanOrEqual(4);
      }
      await app.screenshot(`catalog-readable-${viewport.width}`);
    });

    test("the offering detail's run limits and notes wrap inside their panel", async ({ app, page }) => {
      await nav(page, /^Catalog/).click();
      const table = page.getByRole('region', { name: 'Offerings and prices' });
      // Colab: a long note; AWS g4dn.xlarge spot: run limits whose source is a long documentation address
      for (const [name, row] of [
        ['colab', /Colab Pro — T4/],
        ['aws', /g4dn\.xlarge/],
      ] as const) {
        await table.locator('tbody tr[data-row-id]', { hasText: row }).first().click();
        const detail = page.locator('.offering-detail');
        await expect(detail.getByTestId('run-limits')).toBeVisible();
        await expect(detail.locator('dd.notes')).toBeVisible();
        const overflowing = await detail.evaluate((aside) => {
          const right = aside.getBoundingClientRect().right;
          return Array.from(aside.querySelectorAll<HTMLElement>('.facts dd'))
            .filter((dd) => dd.scrollWidth > dd.clientWidth + 1 || dd.getBoundingClientRect().right > right + 0.5)
            .map((dd) => dd.textContent?.slice(0, 60));
        });
        expect(overflowing, name).toEqual([]);
        expect(await detail.evaluate((aside) => aside.scrollWidth - aside.clientWidth), name).toBeLessThanOrEqual(1);
        await app.screenshot(`catalog-offering-detail-${name}-${viewport.width}`);
      }
    });
  });
}
