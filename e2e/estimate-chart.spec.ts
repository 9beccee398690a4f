import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function openEstimate(page: Page) {
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Estimate/ })
    .click();
  await expect(page.locator('[data-estimate-ready="true"]')).toBeVisible();
}

test('the time-cost chart keeps labelled axes and logs no console error on VitalDB M1, M2 and M3', async ({ app, page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await openEstimate(page);
  for (const id of ['vitaldb-m1', 'vitaldb-m2', 'vitaldb-m3']) {
    await page.getByLabel('Saved workloads').selectOption(id);
    await expect(page.getByLabel('Saved workloads')).toHaveValue(id);
    await expect(page.locator('.est-table[data-latency-ms]')).toBeVisible();
    const chart = page.getByLabel('Training time against cost');
    await expect(chart).toBeVisible();
    const svg = chart.locator('svg').first();
    await expect(svg).not.toContainText('NaN');
    // the time axis is labelled: at least two tick labels in minutes, hours or days
    const labels = await svg.locator('text').allTextContents();
    expect(labels.filter((t) => /^\d+(\.\d)? (min|h|d)$/.test(t)).length, `${id}: ${labels.join(' | ')}`).toBeGreaterThanOrEqual(2);
    // reserved full-term commitments are listed, not drawn: the cost axis stays under $30k
    await expect(chart.getByTestId('chart-reserved-note')).toContainText('reserved');
    expect(
      labels.filter((t) => /^\$(30|100),000$/.test(t)),
      `${id}: ${labels.join(' | ')}`,
    ).toEqual([]);
    await app.screenshot(`estimate-chart-${id}`);
  }
  await page.setViewportSize({ width: 1024, height: 700 });
  await app.screenshot('estimate-chart-m3-1024');
  expect(errors).toEqual([]);
});
