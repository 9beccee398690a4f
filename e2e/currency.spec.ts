/**
 * One plan in one currency (issue 25 item 1): the example switched to euros shows every amount of the Plan screen,
 * the Budget screen and the review PDF in euros, converted at the bundled ECB rates (named one hover away); a rate of
 * the lead's own, added in Settings, re-prices the plan.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-e2e-currency-'));
test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });
const kpi = (page: Page, label: string) => page.locator('.kpi').filter({ has: page.locator('.kpi-label', { hasText: label }) });

test('the example switched to EUR: the Plan screen, the Budget screen and the PDF in euros; a rate of my own re-prices it', async ({
  app,
  page,
}) => {
  await nav(page, /^Plan/).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  await expect(kpi(page, 'Planned cost').locator('.kpi-value')).toHaveText('$639.73');

  await page.getByRole('region', { name: 'Plan parts' }).getByRole('button', { name: 'Edit project' }).click();
  const form = page.getByRole('dialog', { name: 'Edit project' });
  await form.getByLabel('Currency').fill('EUR');
  await form.getByRole('button', { name: 'Save project' }).click();
  await expect(form).toBeHidden();

  const planned = kpi(page, 'Planned cost');
  await expect(planned.locator('.kpi-value')).toHaveText(/^€5\d\d\.\d\d$/);
  await expect(planned.locator('.kpi-sub')).toContainText(
    /GPU €[\d,.]+ \+ storage and transfer · of €[\d,.]+ budget · €[\d,.]+ (left|over)/,
  );
  await expect(planned).not.toContainText('$');
  await expect(planned).toHaveAttribute('title', /1 USD = 0\.8\d+ EUR \(ECB euro reference rate, 2025-1\d-\d\d/);
  const euros = (await planned.locator('.kpi-value').textContent())!;
  await app.screenshot('currency-plan-eur');

  // The Budget screen shows the same planned figure, in euros.
  await nav(page, /^Budget/).click();
  await expect(page.getByText(euros).first()).toBeVisible();
  await app.screenshot('currency-budget-eur');

  // The PDF: every plan amount in euros, the same total.
  await nav(page, /^Review/).click();
  await expect(page.getByTestId('review-preview')).toContainText(euros);
  const pdf = path.join(tmp, 'eur.pdf');
  await app.stubSaveFile(pdf);
  await page.getByRole('button', { name: 'Export PDF…' }).click();
  await expect(page.getByText(/^Saved .*eur\.pdf \(\d+ pages/)).toBeVisible({ timeout: 60_000 });
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Approve ${euros}`);
  expect(text).not.toContain('$639.73');

  // A rate of my own, in Settings, re-prices every figure.
  await page.getByRole('button', { name: 'Settings' }).click();
  const rates = page.getByRole('region', { name: 'Exchange rates' });
  await expect(rates.getByTestId('bundled-rates')).toContainText(/ECB euro reference rates \(month-end, 2010-01-29 to 2026-04-13\)/);
  await rates.getByLabel('Rate from').fill('USD');
  await rates.getByLabel('Rate to', { exact: true }).fill('EUR');
  await rates.getByLabel('Rate', { exact: true }).fill('0.5');
  await rates.getByLabel('Rate as of').fill('2025-01-01');
  await rates.getByLabel('Rate source').fill('my bank');
  await rates.getByRole('button', { name: 'Add rate' }).click();
  await expect(rates.getByRole('status')).toHaveText('Added 1 USD = 0.5 EUR from 2025-01-01.');
  await expect(rates.getByRole('table', { name: 'Your exchange rates' })).toContainText('my bank');
  await app.screenshot('currency-settings-rates');
  await page.keyboard.press('Escape');
  await nav(page, /^Plan/).click();
  await expect(kpi(page, 'Planned cost').locator('.kpi-value')).toHaveText(/^€3(19\.\d\d|20\.0\d)$/); // $639.73 × 0.5
});
