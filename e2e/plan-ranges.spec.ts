/**
 * Issue 29 item 5: ranges carried into the plan. The Plan screen shows each milestone's P10–P90 hours and cost and the
 * plan's total as a range with how likely the budget holds; the Budget screen's check gives the same probability.
 * Each figure's rules are one hover away (the same producer: the plan view's analysis.ranges).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function open(page: Page, section: RegExp) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: section }).click();
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
]) {
  test(`the Plan and Budget screens show ranges and the budget's probability (${viewport.width}×${viewport.height})`, async ({
    app,
    page,
  }) => {
    await page.setViewportSize(viewport);
    await open(page, /^Plan/);
    await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
    const kpi = page.getByTestId('plan-ranges');
    await expect(kpi).toContainText(/All costs P10–P90/);
    await expect(kpi).toContainText(/\$[\d,.]+–\$[\d,.]+/);
    await expect(kpi).toContainText(/the budget holds with probability (\d+|under 1|over 99) %/);
    await expect(kpi).toHaveAttribute('title', /two-piece lognormal/);
    await app.screenshot(`plan-ranges-kpi-${viewport.width}`);

    const milestones = page.getByRole('region', { name: 'Milestones' });
    const ranges = milestones.getByTestId('needed-range');
    await expect(ranges).toHaveCount(4); // M1, M2's two phases, M3
    for (const r of await ranges.all()) await expect(r).toContainText(/[\d.]+–[\d.]+ h \(P10–P90\)/);
    await expect(ranges.first()).toHaveAttribute('title', /P10–P90 from the estimator's range/);
    await milestones.scrollIntoViewIfNeeded();
    await app.screenshot(`plan-ranges-milestones-${viewport.width}`);

    const probability = (await kpi.textContent())!.match(/probability ((\d+|under 1|over 99) %)/)![1]!;
    await open(page, /^Budget/);
    await expect(page.getByRole('heading', { level: 1, name: 'Budget' })).toBeVisible();
    const check = page.getByTestId('budget-holds');
    await expect(check).toContainText(`the budget holds with probability ${probability}`); // one figure, one value
    await expect(check).toContainText(/\$[\d,.]+–\$[\d,.]+ \(P10–P90\)/);
    await check.getByText('How these ranges are made').click();
    await expect(check).toContainText(/share of the draws whose total is within the project's budget/);
    await app.screenshot(`budget-ranges-${viewport.width}`);
  });
}
