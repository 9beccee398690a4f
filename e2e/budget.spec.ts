import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, referenceDir, test, type AppHarness } from './fixtures';
import type { Page } from '@playwright/test';

const samples = path.join(referenceDir, 'billing-samples');
const FOCUS_SAMPLE = path.join(samples, 'focus-sample-data', 'focus_sample.csv');
const AZURE_EA = path.join(samples, 'azure-finops-toolkit', 'EA_ActualCost_Small.csv');

/** The FOCUS sample's own header, so the files written here are FOCUS exactly as the sample is. */
const FOCUS_HEADER = fs.readFileSync(FOCUS_SAMPLE, 'utf8').split('\n')[0]!.trim();
const COLUMNS = FOCUS_HEADER.split(',').map((c) => c.replace(/"/g, ''));

function focusRow(values: Record<string, string>): string {
  return COLUMNS.map((c) => {
    const v = values[c];
    return v === undefined ? 'NULL' : `"${v.replace(/"/g, '""')}"`;
  }).join(',');
}

/** A December 2025 month of the example project's spend, as a FOCUS export with `track` tags. */
function decemberFocusFile(dir: string, broken = false): string {
  const line = (day: string, cost: string, currency: string, service: string, sku: string, tags: Record<string, string>, extra: Record<string, string> = {}) => focusRow({
    BilledCost: cost, EffectiveCost: cost, ListCost: cost, ContractedCost: cost, BillingAccountId: '999988887777', BillingAccountName: 'VitalDB lab', BillingCurrency: currency,
    BillingPeriodStart: '2025-12-01 00:00:00', BillingPeriodEnd: '2026-01-01 00:00:00', ChargeCategory: 'Usage', ChargeDescription: `${service} ${sku}`, ChargeFrequency: 'Usage-Based',
    ChargePeriodStart: `${day} 00:00:00`, ChargePeriodEnd: `${day} 23:59:59`, ConsumedQuantity: '8', ConsumedUnit: 'Hours', PricingCategory: 'Standard', PricingQuantity: '8', PricingUnit: 'Hours',
    ProviderName: 'AWS', PublisherName: 'Amazon Web Services, Inc.', InvoiceIssuerName: 'Amazon Web Services, Inc.', RegionId: 'us-east-1', RegionName: 'US East (N. Virginia)',
    ResourceId: `arn:aws:ec2:us-east-1:999988887777:instance/i-${day.replace(/-/g, '')}`, ResourceName: `vitaldb-${day}`, ResourceType: 'Instance', ServiceCategory: 'Compute',
    Id: `${day}-${sku}`, ServiceName: service, SkuId: sku, SkuPriceId: sku, SubAccountId: '999988887777', SubAccountName: 'VitalDB lab', Tags: JSON.stringify(tags), ...extra,
  });
  const rows = [
    line('2025-12-22', '12.40', 'USD', 'Amazon Elastic Compute Cloud', 'g6.xlarge', { track: 'vitaldb' }),
    line('2025-12-29', '28.90', 'USD', 'Amazon Elastic Compute Cloud', 'p4d.24xlarge', { track: 'vitaldb' }),
    line('2025-12-15', '3.25', 'USD', 'Amazon Elastic Compute Cloud', 't3.large', { track: 'multisensor' }),
    line('2025-12-20', '1.75', 'USD', 'Amazon Simple Storage Service', 'S3-Standard', {}),
    line('2025-12-23', '5.00', 'EUR', 'Amazon Elastic Compute Cloud', 'g6.xlarge', { track: 'vitaldb' }),
  ];
  if (broken) rows.splice(1, 1, rows[1]!.replace('"28.90"', '"twenty"'));
  const file = path.join(dir, broken ? 'december-broken-focus.csv' : 'december-2025-focus.csv');
  fs.writeFileSync(file, `${FOCUS_HEADER}\n${rows.join('\n')}\n`);
  return file;
}

async function openBudget(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Budget/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Budget' })).toBeVisible();
  await expect(page.getByTestId('kpi-budget')).toContainText('$615.00');
}

async function importThroughDialog(app: AppHarness, page: Page, file: string, dialect: string) {
  await app.stubOpenFile(file);
  const dialog = page.getByRole('dialog', { name: 'Import billing export' });
  await dialog.getByRole('button', { name: 'Choose file…' }).click();
  await expect(dialog.getByTestId('import-file-name')).toHaveText(path.basename(file));
  await expect(dialog.getByTestId('import-dialect')).toHaveText(dialect);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  return dialog;
}

test.describe('Budget screen', () => {
  test('imports real billing exports, allocates them with a rule, and sets the example project actual against plan and budget', async ({ app, page }) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-budget-'));
    await openBudget(page);
    await expect(page.getByTestId('kpi-actual')).toContainText('$0.00');
    await app.screenshot('budget-overview-before-import');

    // FOCUS sample through the button: the file's own total, exactly.
    await page.getByRole('button', { name: 'Import billing export…' }).click();
    let dialog = await importThroughDialog(app, page, FOCUS_SAMPLE, 'focus');
    await expect(dialog.getByTestId('import-summary')).toContainText('Imported 1,000 line(s)');
    await expect(dialog.getByTestId('import-total')).toHaveText('$20.52');
    await expect(dialog.getByTestId('import-total-exact')).toContainText('USD 20.52022672899');
    await app.screenshot('budget-import-summary');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Azure EA through the menu command.
    await app.menu({ command: 'import-billing' });
    dialog = await importThroughDialog(app, page, AZURE_EA, 'azure');
    await expect(dialog.getByTestId('import-total-exact')).toContainText('USD 8.5450077867419368');
    await expect(dialog.getByTestId('import-total')).toHaveText('$8.55');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // A rule, with the live preview before it is saved.
    await page.getByRole('tab', { name: 'Allocation rules' }).click();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const row = page.getByTestId('rule-row').nth(2);
    await row.getByLabel('Match on').selectOption('service');
    await row.getByLabel('Pattern').fill('Amazon Elastic Compute*');
    await row.getByLabel('Track').selectOption({ label: 'Multi-Sensor Development' });
    await expect(row.getByTestId('rule-count')).toHaveText('554');
    await expect(page.getByTestId('rule-unallocated')).toContainText('457');
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.getByTestId('rule-row')).toHaveCount(3);
    await expect(page.getByText('unsaved changes')).toHaveCount(0);
    await expect(page.getByTestId('rule-row').nth(2).getByTestId('rule-count')).toHaveText('554');
    await app.screenshot('budget-rules');

    // Spend explorer over the imported lines, grouped by track.
    await page.getByRole('tab', { name: 'Spend explorer' }).click();
    await page.getByLabel('Group by').selectOption('track');
    await expect(page.getByRole('table', { name: 'Spend by track' })).toContainText('Multi-Sensor Development');
    await expect(page.getByText(/1,011 line\(s\) match/)).toBeVisible();
    await app.screenshot('budget-spend');

    // A month of the example project's own spend: actual against plan and budget.
    await page.getByRole('button', { name: 'Import billing export…' }).click();
    dialog = await importThroughDialog(app, page, decemberFocusFile(tmp), 'focus');
    await expect(dialog.getByTestId('import-total-exact')).toContainText('EUR 5');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('kpi-actual')).toContainText('$44.55');
    await expect(page.getByTestId('kpi-actual')).toContainText('€5.00 not converted');
    await expect(page.getByTestId('unallocated')).toContainText('$1.75');
    await expect(page.getByRole('table', { name: 'Budget by track and month' })).toContainText('$41.30');

    // A dated rate brings the EUR line in; nothing was summed before.
    await page.getByRole('tab', { name: 'Budgets & rates' }).click();
    await page.getByLabel('Rate', { exact: true }).fill('1.05');
    await page.getByLabel('Rate as of').fill('2025-12-01');
    await page.getByLabel('Rate source').fill('ECB reference rate, 1 Dec 2025');
    await page.getByRole('button', { name: 'Add rate' }).click();
    await expect(page.getByRole('table', { name: 'Exchange rates' })).toContainText('ECB reference rate');
    await app.screenshot('budget-budgets-rates');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('kpi-actual')).toContainText('$49.80');
    await expect(page.getByTestId('kpi-actual')).not.toContainText('not converted');
    await expect(page.locator('.bu-status')).toContainText('forecast at completion');
    await app.screenshot('budget-overview');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('a broken file is refused whole with its errors (line, column, message), and nothing is imported', async ({ app, page }) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-budget-'));
    await openBudget(page);
    await page.getByRole('button', { name: 'Import billing export…' }).click();
    const dialog = await importThroughDialog(app, page, decemberFocusFile(tmp, true), 'focus');
    const errors = dialog.getByRole('table', { name: 'Import errors' });
    await expect(errors).toContainText('BilledCost');
    await expect(errors).toContainText('twenty');
    await expect(errors.locator('tbody tr').first().locator('td').first()).toHaveText('3');
    await app.screenshot('budget-import-errors');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: 'Imports' }).click();
    await expect(page.getByRole('table', { name: 'Import history' })).toContainText('No imports yet.');
    await expect(page.getByTestId('kpi-actual')).toHaveCount(0);
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});
