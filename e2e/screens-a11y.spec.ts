/**
 * The five screens of the example project, in the states the other specs reach (Estimate with a result and its
 * explanation; Plan with its timeline, problems, claims and run-rates; Budget after a billing import; Review with its
 * preview), under axe-core's WCAG 2.2 A/AA rules (target size included) on the whole page, sidebar included: any serious or critical
 * violation fails (issue 19, item 20). Dialogs are in dialogs-a11y.spec.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations, emptyTableHeaders } from './axe';
import { expect, referenceDir, test } from './fixtures';

const FOCUS_SAMPLE = path.join(referenceDir, 'billing-samples', 'focus-sample-data', 'focus_sample.csv');
const SHOTS = '/tmp/shots/axe';

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

/** Every serious or critical violation on the whole page, reported per state; soft so each screen is measured. */
async function expectPageAccessible(page: Page, state: string) {
  const violations = await axeViolations(page, 'body');
  console.log(`[axe] ${state}: ${violations.length} serious/critical violating element(s)`);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${state.replace(/\W+/g, '-')}.png`), fullPage: true });
  expect.soft(violations, state).toEqual([]);
  expect.soft(await emptyTableHeaders(page, 'body'), `${state}: empty table headers`).toEqual([]);
}

test.describe.configure({ timeout: 240_000 });

test('Catalog and Estimate (a result, its chart and the explanation open): no serious or critical axe violation', async ({ app, page }) => {
  await nav(page, /^Catalog/).click();
  await expect(page.getByRole('region', { name: 'Offerings and prices' }).locator('tbody tr[data-row-id]').first()).toBeVisible();
  await expectPageAccessible(page, 'catalog');

  await nav(page, /^Estimate/).click();
  await expect(page.locator('[data-estimate-ready="true"]')).toBeVisible();
  await expect(page.getByLabel('Training time against cost')).toBeVisible();
  await expect(page.getByLabel('Explanation')).toContainText('Step time');
  // The chart's text alternative carries its key figures (the fastest and the cheapest offer, in hours and dollars).
  await expect(page.locator('.est-chart svg > title')).toHaveText(/priced offerings that fit.*fastest .* \$[\d.,]+.*cheapest .* \$[\d.,]+/);
  await expectPageAccessible(page, 'estimate');
});

test('Plan of the VitalDB example and of seed 003 (timeline, problems, claims, run-rates): no serious or critical axe violation', async ({
  app,
  page,
}) => {
  await nav(page, /^Plan/).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Problems' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Claims to check' })).toBeVisible();
  await expect(page.locator('.pt-chart svg > title')).toHaveText(
    /2025-W50 to 2026-W05: 556(\.\d+)? GPU-hours in all.*planned cost \(GPU, storage and transfer\) \$639\.73 against a budget of \$615\.00/,
  );
  await expectPageAccessible(page, 'plan-vitaldb');

  await page.getByRole('combobox', { name: 'Project' }).selectOption('seed-003-small-lab');
  await expect(page.getByRole('heading', { level: 1, name: /Small lab on Azure/ })).toBeVisible();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Run-rates' })).toBeVisible();
  await expectPageAccessible(page, 'plan-seed-003');
});

test('Budget after a billing import (overview, spend explorer): no serious or critical axe violation', async ({ app, page }) => {
  await nav(page, /^Budget/).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Budget' })).toBeVisible();
  await page.getByRole('button', { name: 'Import billing export…' }).click();
  await app.stubOpenFile(FOCUS_SAMPLE);
  const dialog = page.getByRole('dialog', { name: 'Import billing export' });
  await dialog.getByRole('button', { name: 'Choose file…' }).click();
  await expect(dialog.getByTestId('import-dialect')).toHaveText('focus');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('import-summary')).toContainText('Imported 1,000 line item(s)');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.bu-chart svg > title')).toHaveText(
    /Burn-up by ISO week, 2025-W50 to 2026-W05: planned \$639\.73 in all \(of it storage and transfer \$2\.70\).*budget \$615\.00/, // GPU $637.03 + storage $2.70
  );
  await expectPageAccessible(page, 'budget-overview');
  await page.getByRole('tab', { name: 'Spend explorer' }).click();
  await expectPageAccessible(page, 'budget-spend-explorer');
});

test('Budget’s allocation rules (their live preview scrolls) and import history: no serious or critical axe violation', async ({
  page,
}) => {
  // Issue 28, item 13: the preview is a scrolling region a keyboard can reach; the action columns have a header.
  await nav(page, /^Budget/).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Budget' })).toBeVisible();
  await page.getByRole('tab', { name: 'Allocation rules' }).click();
  await expect(page.getByRole('region', { name: 'Preview of the lines each rule takes' })).toBeVisible();
  await expectPageAccessible(page, 'budget-rules');
  await page.getByRole('tab', { name: 'Imports' }).click();
  await expect(page.getByRole('table', { name: 'Import history' })).toBeVisible();
  await expectPageAccessible(page, 'budget-imports');
});

test('Review with its preview: no serious or critical axe violation', async ({ page }) => {
  await nav(page, /^Review/).click();
  await expect(page.getByTestId('review-preview')).toContainText('Executive summary');
  await expectPageAccessible(page, 'review');
});
