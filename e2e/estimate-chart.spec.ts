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

test('an example workload is saved as a copy; the lead is asked before replacing one of their own; the name follows', async ({ page }) => {
  await openEstimate(page);
  const saved = page.getByLabel('Saved workloads');
  const name = page.getByLabel('Workload name');
  await expect(saved).toHaveValue('vitaldb-m1');
  const m1Name = (await saved.locator('option:checked').textContent())!.trim();
  await expect(name).toHaveValue(m1Name);
  await expect(page.getByLabel('Dataset on disk (GB)')).not.toHaveValue('');
  await page.getByLabel('Model').selectOption('mistral-7b');
  // the dataset's figures of the 1-D convnet do not carry over to Mistral
  await expect(page.getByLabel('Dataset on disk (GB)')).toHaveValue('');
  await expect(name).toHaveValue(`${m1Name} (copy)`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('Saved');
  await expect(saved.locator('option:checked')).toHaveText(`${m1Name} (copy)`);
  // the example is unchanged
  await saved.selectOption('vitaldb-m1');
  await expect(page.getByLabel('Model')).toHaveValue('resnet34-1d');
  await expect(name).toHaveValue(m1Name);
  // typing the example's own name still saves a copy
  await page.getByLabel('Epochs', { exact: true }).fill('7');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('is an example');
  await expect(saved.locator('option:checked')).toHaveText(`${m1Name} (copy 2)`);
  // replacing the lead's other workload asks first
  await name.fill(`${m1Name} (copy)`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: 'Replace the saved workload?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(ask).toBeHidden();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await ask.getByRole('button', { name: 'Replace' }).click();
  await expect(ask).toBeHidden();
  await expect(saved.locator('option:checked')).toHaveText(`${m1Name} (copy)`);
});
