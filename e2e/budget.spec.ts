import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { BILLING_SAMPLES, independentTotals, sampleFile } from '../electron/test-support/billing-samples';
import { expect, referenceDir, repoRoot, test, type AppHarness } from './fixtures';
import type { Locator, Page } from '@playwright/test';

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
  const line = (
    day: string,
    cost: string,
    currency: string,
    service: string,
    sku: string,
    tags: Record<string, string>,
    extra: Record<string, string> = {},
  ) =>
    focusRow({
      BilledCost: cost,
      EffectiveCost: cost,
      ListCost: cost,
      ContractedCost: cost,
      BillingAccountId: '999988887777',
      BillingAccountName: 'VitalDB lab',
      BillingCurrency: currency,
      BillingPeriodStart: '2025-12-01 00:00:00',
      BillingPeriodEnd: '2026-01-01 00:00:00',
      ChargeCategory: 'Usage',
      ChargeDescription: `${service} ${sku}`,
      ChargeFrequency: 'Usage-Based',
      ChargePeriodStart: `${day} 00:00:00`,
      ChargePeriodEnd: `${day} 23:59:59`,
      ConsumedQuantity: '8',
      ConsumedUnit: 'Hours',
      PricingCategory: 'Standard',
      PricingQuantity: '8',
      PricingUnit: 'Hours',
      ProviderName: 'AWS',
      PublisherName: 'Amazon Web Services, Inc.',
      InvoiceIssuerName: 'Amazon Web Services, Inc.',
      RegionId: 'us-east-1',
      RegionName: 'US East (N. Virginia)',
      ResourceId: `arn:aws:ec2:us-east-1:999988887777:instance/i-${day.replace(/-/g, '')}`,
      ResourceName: `vitaldb-${day}`,
      ResourceType: 'Instance',
      ServiceCategory: 'Compute',
      Id: `${day}-${sku}`,
      ServiceName: service,
      SkuId: sku,
      SkuPriceId: sku,
      SubAccountId: '999988887777',
      SubAccountName: 'VitalDB lab',
      Tags: JSON.stringify(tags),
      ...extra,
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
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Budget/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Budget' })).toBeVisible();
  await expect(page.getByTestId('kpi-budget')).toContainText('$615.00');
}

/** `1,000` as the dialog writes counts. */
const count = (n: number) => n.toLocaleString('en-US');

/**
 * A real drop on `target`: a DataTransfer built in the page holding Files with these names (their paths come from
 * app.registerDroppedFile, as webUtils.getPathForFile gives them in Electron) and/or text.
 */
async function drop(page: Page, target: Locator, content: { files?: string[]; text?: string }) {
  const dataTransfer = await page.evaluateHandle(
    ({ files, text }) => {
      const dt = new DataTransfer();
      for (const name of files) dt.items.add(new File(['(the bytes stay on disk; main reads the path)'], name, { type: 'text/csv' }));
      if (text) dt.setData('text/plain', text);
      return dt;
    },
    { files: content.files ?? [], text: content.text ?? '' },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
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
  test('imports real billing exports, allocates them with a rule, and sets the example project actual against plan and budget', async ({
    app,
    page,
  }) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-budget-'));
    await openBudget(page);
    await expect(page.getByTestId('kpi-actual')).toContainText('$0.00');
    await app.screenshot('budget-overview-before-import');

    // FOCUS sample through the button: the file's own total, exactly.
    await page.getByRole('button', { name: 'Import billing export…' }).click();
    let dialog = await importThroughDialog(app, page, FOCUS_SAMPLE, 'focus');
    await expect(dialog.getByTestId('import-summary')).toContainText('Imported 1,000 line item(s) of 1,000 row(s) read');
    await expect(dialog.getByTestId('import-total')).toHaveText('$20.52');
    await expect(dialog.getByTestId('import-total-exact-USD')).toHaveText('USD 20.52022672899');
    // September 2024: none of it in the example project's dates (issue 19 item 19).
    await expect(dialog.getByTestId('import-reach')).toContainText(
      /^None of this file falls in .*'s dates \(\d{4}-\d\d-\d\d → \d{4}-\d\d-\d\d\)\.$/,
    );
    await app.screenshot('budget-import-summary');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Azure EA through the menu command.
    await app.menu({ command: 'import-billing' });
    dialog = await importThroughDialog(app, page, AZURE_EA, 'azure');
    await expect(dialog.getByTestId('import-total-exact-USD')).toHaveText('USD 8.5450077867419368');
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
    // A second new rule left empty: nothing is saved, the error sits at its field in words (issue 19 item 2).
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('button', { name: 'Save rules' }).click();
    await expect(page.locator('#rule-3-pattern-error')).toHaveText('Rule 4: enter a pattern (use * to match anything).');
    const stored = await page.evaluate(async () => {
      const api = (
        window as unknown as {
          api: { budget: { listRules: (r: { projectId: string }) => Promise<{ ok: boolean; value?: { rules: unknown[] } }> } };
        }
      ).api;
      const r = await api.budget.listRules({ projectId: 'vitaldb-2025' });
      return r.ok && r.value ? r.value.rules.length : -1;
    });
    expect(stored).toBe(2);
    await app.screenshot('budget-rules-error');
    await page.getByTestId('rule-row').nth(3).getByRole('button', { name: 'Delete rule' }).click();
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
    await expect(dialog.getByTestId('import-total-exact-EUR')).toHaveText('EUR 5');
    await expect(dialog.getByTestId('import-total-exact-USD')).toHaveText('USD 46.3');
    await expect(dialog.getByTestId('import-reach')).toContainText(/^\$46\.30 \+ €5\.00|^€5\.00 \+ \$46\.30/);
    await expect(dialog.getByTestId('import-reach')).toContainText(/falls in .*'s dates .* of it is assigned to tracks/);
    await app.screenshot('budget-import-reach');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('tab', { name: 'Overview' }).click();
    // The EUR line is converted at once at the bundled ECB rate of its date (1 EUR = 1.1566 USD, 2025-11-28, the newest
    // month-end before 2025-12-23): $44.55 + €5.00 × 1.1566 = $50.33 — never left out, never at 1.0.
    await expect(page.getByTestId('kpi-actual')).toContainText('$50.33');
    await expect(page.getByTestId('kpi-actual')).not.toContainText('not converted');
    await expect(page.getByTestId('unallocated')).toContainText('$1.75');
    // VitalDB's December: $41.30 in USD lines + the EUR line's $5.78 at the ECB rate.
    await expect(page.getByRole('table', { name: 'Budget by track and month' })).toContainText('$47.08');

    // A rate of the lead's own for the date comes before the bundled one: $44.55 + €5.00 × 1.05.
    await page.getByRole('tab', { name: 'Budgets & rates' }).click();
    await page.getByLabel('Rate', { exact: true }).fill('1.05');
    await page.getByLabel('Rate as of').fill('2025-12-01');
    await page.getByLabel('Rate source').fill('ECB reference rate, 1 Dec 2025');
    await page.getByRole('button', { name: 'Add rate' }).click();
    await expect(page.getByRole('table', { name: 'Your exchange rates' })).toContainText('ECB reference rate');
    await app.screenshot('budget-budgets-rates');
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect(page.getByTestId('kpi-actual')).toContainText('$49.80');
    await expect(page.getByTestId('kpi-actual')).not.toContainText('not converted');
    await expect(page.locator('.bu-status')).toContainText('forecast at completion');
    // One forecast (issue 25 item 3): the card's figure is the method's, stated in words under the burn-up.
    const forecastCard = (await page.getByTestId('kpi-forecast').locator('.kpi-value').textContent()) ?? '';
    await expect(page.getByTestId('forecast-method')).toContainText(/so the (plan|burn rate) is used/);
    await expect(page.getByTestId('forecast-method')).toContainText(forecastCard);
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

  test('19 rows missing the same fields give one warning with its count and first lines (issue 19 item 19)', async ({ app, page }) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-budget-'));
    const file = path.join(tmp, 'short-rows.csv');
    const header = 'BilledCost,BillingCurrency,ChargePeriodStart,ProviderName,ServiceName,Tags';
    const short = Array.from({ length: 19 }, (_, i) => `${i + 1}.25,USD,2025-12-15 00:00:00,AWS`);
    fs.writeFileSync(file, [header, '1,USD,2025-12-15 00:00:00,AWS,Amazon EC2,{}', ...short].join('\n'));
    await openBudget(page);
    await page.getByRole('button', { name: 'Import billing export…' }).click();
    const dialog = await importThroughDialog(app, page, file, 'focus');
    await expect(dialog.getByTestId('import-warning')).toHaveCount(1);
    await expect(dialog.getByTestId('import-warning')).toHaveText(
      'ServiceName: a row has 4 of 6 fields; the missing fields are read as empty — 19 lines (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, …)',
    );
    await app.screenshot('budget-import-folded-warning');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('every billing sample imports through the dialog with its exact total per currency', async ({ app, page }) => {
    test.setTimeout(300_000);
    await openBudget(page);
    await page.getByRole('button', { name: 'Import billing export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import billing export' });
    const importButton = dialog.getByRole('button', { name: 'Import', exact: true });
    let first = true;
    for (const sample of BILLING_SAMPLES) {
      const file = sampleFile(sample);
      const expected = await independentTotals(sample);
      await app.stubOpenFile(file);
      await dialog.getByRole('button', { name: first ? 'Choose file…' : 'Import another file…' }).click();
      first = false;
      await expect(importButton, sample.path).toBeVisible();
      await expect(dialog.getByTestId('import-file-name')).toHaveText(path.basename(file));
      const dialect = (await dialog.getByTestId('import-dialect').textContent()) ?? '';
      expect(dialect, `${sample.path}: recognised dialect`).toMatch(/^(focus|aws-cur|aws-athena|aws-cost-explorer|azure|gcp)$/);
      await importButton.click();
      if (sample.invalidRows) {
        // Refused whole, every error shown; then the valid rows only.
        const errors = dialog.getByRole('table', { name: 'Import errors' });
        await expect(errors.locator('tbody tr'), sample.path).toHaveCount(sample.invalidRows);
        await expect(dialog.getByTestId('import-error')).toContainText('nothing was imported');
        await app.screenshot('budget-import-invalid-rows');
        await dialog.getByRole('button', { name: 'Import the valid rows only' }).click();
      }
      const summary = dialog.getByTestId('import-summary');
      // The 119,307-row Parquet sample takes more than the default 10 s on a loaded 2-core machine.
      await expect(summary, sample.path).toBeVisible({ timeout: 90_000 });
      const currencies = Object.keys(expected.totals);
      if (currencies.length === 0) {
        await expect(summary).toContainText(`No line items in ${path.basename(file)}`);
        await expect(summary).toContainText('Nothing was added to the spend');
        continue;
      }
      const imported = expected.rows - (sample.invalidRows ?? 0);
      await expect(summary).toContainText(`Imported ${count(imported)} line item(s) of ${count(expected.rows)} row(s) read`);
      await expect(summary).toContainText(`(${dialect},`);
      if (sample.invalidRows) await expect(summary).toContainText(`${sample.invalidRows} invalid row(s) skipped`);
      const totals = dialog.getByRole('table', { name: 'Import totals' });
      await expect(totals.locator('tbody tr'), `${sample.path}: currencies`).toHaveCount(currencies.length);
      for (const currency of currencies) {
        const exact = expected.totals[currency]!;
        await expect(dialog.getByTestId(`import-total-exact-${currency}`), `${sample.path} ${currency}`).toHaveText(
          currency === '(none)' ? exact : `${currency} ${exact}`,
        );
      }
      await expect(dialog.getByTestId('import-periods')).toContainText('→');
      if (sample.path.endsWith('.parquet')) await app.screenshot('budget-import-summary-parquet');
    }
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('tab', { name: 'Imports' }).click();
    await expect(page.getByRole('table', { name: 'Import history' }).locator('tbody tr')).toHaveCount(BILLING_SAMPLES.length);
  });

  test('a file dropped on the Budget screen or on the open dialog starts the import; a folder, text or a file not on disk is named', async ({
    app,
    page,
  }) => {
    test.skip(app.mode === 'electron', 'a drop cannot be faked in Electron (webUtils gives no path for a File built in JS)');
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-drop-'));
    const folder = path.join(tmp, 'billing-exports');
    fs.mkdirSync(folder);
    await openBudget(page);
    await app.registerDroppedFile('focus_sample.csv', FOCUS_SAMPLE);
    await app.registerDroppedFile('EA_ActualCost_Small.csv', AZURE_EA);
    await app.registerDroppedFile('billing-exports', folder);
    const screen = page.locator('.budget-screen');

    // The hover state while a file is dragged over the screen.
    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['x'], 'focus_sample.csv', { type: 'text/csv' }));
      return dt;
    });
    await screen.dispatchEvent('dragenter', { dataTransfer });
    await expect(page.getByTestId('budget-drop-overlay')).toContainText('Drop the billing export to import it');
    await app.screenshot('budget-drop-hover');
    await screen.dispatchEvent('dragleave', { dataTransfer });
    await expect(page.getByTestId('budget-drop-overlay')).toHaveCount(0);

    // Dropped on the screen: the dialog opens on the file's preview.
    await drop(page, screen, { files: ['focus_sample.csv'] });
    const dialog = page.getByRole('dialog', { name: 'Import billing export' });
    await expect(dialog.getByTestId('import-file-name')).toHaveText('focus_sample.csv');
    await expect(dialog.getByTestId('import-dialect')).toHaveText('focus');
    await expect(dialog.getByLabel('First rows of the file')).toContainText('BilledCost');

    // Wrong drops on the open dialog are answered, and the preview stays.
    await drop(page, dialog, { text: 'https://console.aws.amazon.com/billing/home' });
    await expect(dialog.getByTestId('import-drop-message')).toContainText('That drop held no file');
    await drop(page, dialog, { files: ['focus_sample.csv', 'EA_ActualCost_Small.csv'] });
    await expect(dialog.getByTestId('import-drop-message')).toContainText('2 files were dropped: drop one');
    await drop(page, dialog, { files: ['downloaded-from-a-web-page.csv'] });
    await expect(dialog.getByTestId('import-drop-message')).toContainText('is not a file on disk');
    await drop(page, dialog, { files: ['billing-exports'] });
    await expect(dialog.getByTestId('import-error')).toContainText('billing-exports is a folder');
    await expect(dialog.getByTestId('import-file-name')).toHaveText('focus_sample.csv');

    // Another file dropped on the open dialog replaces the preview, then imports as chosen files do.
    await drop(page, dialog, { files: ['EA_ActualCost_Small.csv'] });
    await expect(dialog.getByTestId('import-file-name')).toHaveText('EA_ActualCost_Small.csv');
    await expect(dialog.getByTestId('import-dialect')).toHaveText('azure');
    await expect(dialog.getByTestId('import-drop-message')).toHaveCount(0);
    await expect(dialog.getByTestId('import-error')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByTestId('import-total-exact-USD')).toHaveText('USD 8.5450077867419368');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The dialog opened empty shows its drop zone, highlighted while a file is over it.
    await page.getByRole('button', { name: 'Import billing export…' }).click();
    await dialog.dispatchEvent('dragenter', { dataTransfer });
    await expect(dialog.getByTestId('import-drop-zone')).toHaveClass(/over/);
    await expect(dialog.getByTestId('import-drop-zone')).toContainText('Release to preview this file');
    await app.screenshot('budget-import-drop-zone');
    await drop(page, dialog, { files: ['focus_sample.csv'] });
    await expect(dialog.getByTestId('import-dialect')).toHaveText('focus');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('any CSV through the column-mapping dialog: rows read live, saved by name, applied to the next file, exported for the CLI', async ({
    app,
    page,
  }) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-mapping-'));
    // An internal GPU ledger as a spreadsheet in a German locale writes it: ';', dd.mm.yyyy, decimal commas, a credit as a negative.
    const header = 'Datum;Betrag;Währung;Maschine;Beschreibung;Projekt';
    const december = path.join(tmp, 'gpu-ledger-2025-12.csv');
    fs.writeFileSync(
      december,
      [
        header,
        '01.12.2025;12,40;EUR;vast-4090-a;RTX 4090 x1 on-demand;vitaldb',
        '03.12.2025;1.234,56;EUR;vast-h100-b;H100 SXM x8 reserved;vitaldb',
        '05.12.2025;0,0000004;EUR;storage-1;Disk 100 GB;',
        '10.12.2025;-5,00;EUR;;Credit: referral bonus;',
        '15.12.2025;7,25;USD;runpod-a100;A100 80GB x1;multisensor',
        '',
      ].join('\n'),
    );
    const january = path.join(tmp, 'gpu-ledger-2026-01.csv');
    fs.writeFileSync(
      january,
      [header, '02.01.2026;99,99;EUR;vast-h100-b;H100 SXM x8 reserved;vitaldb', '31.01.2026;-0,01;EUR;;Rounding credit;', ''].join('\n'),
    );

    await openBudget(page);
    await page.getByRole('button', { name: 'Import billing export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import billing export' });
    await app.stubOpenFile(december);
    await dialog.getByRole('button', { name: 'Choose file…' }).click();
    await expect(dialog.getByTestId('import-dialect')).toHaveText('unknown — map the columns');
    await expect(dialog.getByLabel('First rows of the file')).toContainText('1.234,56');
    const mapping = dialog.getByRole('group', { name: 'Column mapping' });
    const asRead = mapping.getByRole('table', { name: 'Rows as they will be imported' });

    // The user's choices; a wrong decimal separator shows in the rows as read before anything is imported.
    await mapping.getByLabel('Date column').selectOption('Datum');
    await mapping.getByLabel('Date format').selectOption('DD.MM.YYYY');
    await mapping.getByLabel('Cost column').selectOption('Betrag');
    await mapping.getByLabel('Decimal separator').selectOption('.');
    await expect(mapping.getByTestId('mapping-preview-status')).toContainText('cannot be read with this mapping');
    await expect(asRead.locator('tr.bu-row-error').first()).toContainText('Betrag');
    await mapping.getByLabel('Decimal separator').selectOption(',');
    await mapping.getByLabel('Sign').selectOption('as-is');
    await mapping.getByLabel('Currency column').selectOption('Währung');
    await mapping.getByLabel('Provider column').selectOption('');
    await mapping.getByLabel('Provider (fixed)').fill('vast.ai');
    await mapping.getByLabel('Service column').selectOption('Beschreibung');
    await mapping.getByLabel('Resource column').selectOption('Maschine');
    await mapping.getByRole('group', { name: 'Tag columns' }).getByLabel('Projekt').check();
    await expect(mapping.getByTestId('mapping-preview-status')).toContainText('every row reads');
    await expect(asRead.locator('tbody tr').nth(1)).toContainText('2025-12-03');
    await expect(asRead.locator('tbody tr').nth(1)).toContainText('1,234.56');
    await expect(asRead.locator('tbody tr').nth(1)).toContainText('Projekt=vitaldb');
    await expect(asRead.locator('tbody tr').nth(3)).toContainText('−5');
    await expect(asRead.locator('tbody tr').nth(3)).toContainText('vast.ai');

    // Saved by name, exported as JSON for `gpu-planner import --mapping`.
    await mapping.getByLabel('Name').fill('vast-ledger');
    await mapping.getByRole('button', { name: 'Save mapping' }).click();
    await expect(mapping.getByTestId('mapping-note')).toContainText('Saved as “vast-ledger”');
    const exported = path.join(tmp, 'vast-ledger.mapping.json');
    await app.stubSaveFile(exported);
    await mapping.getByRole('button', { name: 'Export for the CLI…' }).click();
    await expect(mapping.getByTestId('mapping-exported')).toContainText(`--mapping ${exported}`);
    expect(JSON.parse(fs.readFileSync(exported, 'utf8'))).toMatchObject({
      name: 'vast-ledger',
      dateColumn: 'Datum',
      dateFormat: 'DD.MM.YYYY',
      costColumn: 'Betrag',
      decimalSeparator: ',',
      provider: 'vast.ai',
      tagColumns: ['Projekt'],
    });
    await app.screenshot('budget-import-mapping');
    await asRead.scrollIntoViewIfNeeded();
    await app.screenshot('budget-import-mapping-rows');

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByTestId('import-summary')).toContainText('Imported 5 line item(s) of 5 row(s) read');
    await expect(dialog.getByTestId('import-summary')).toContainText('through the mapping "vast-ledger"');
    await expect(dialog.getByTestId('import-total-exact-EUR')).toHaveText('EUR 1241.9600004');
    await expect(dialog.getByTestId('import-total-exact-USD')).toHaveText('USD 7.25');
    await expect(dialog.getByTestId('import-periods')).toContainText('2025-12-01 → 2026-01-01');
    await app.screenshot('budget-import-mapping-summary');

    // The next month's file with the same header: the saved mapping is applied by itself.
    await app.stubOpenFile(january);
    await dialog.getByRole('button', { name: 'Import another file…' }).click();
    await expect(dialog.getByTestId('import-file-name')).toHaveText('gpu-ledger-2026-01.csv');
    await expect(mapping.getByTestId('mapping-note')).toContainText('Applied your saved mapping “vast-ledger”');
    await expect(mapping.getByLabel('Saved mapping')).toHaveValue('vast-ledger');
    await expect(mapping.getByTestId('mapping-preview-status')).toContainText('every row reads');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(dialog.getByTestId('import-total-exact-EUR')).toHaveText('EUR 99.98');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The exported mapping reads both files on the command line with the same totals.
    const db = path.join(tmp, 'cli.sqlite');
    for (const [file, totals] of [
      [december, { EUR: '1241.9600004', USD: '7.25' }],
      [january, { EUR: '99.98' }],
    ] as const) {
      const run = spawnSync(
        process.execPath,
        [path.join(repoRoot, 'bin', 'gpu-planner.cjs'), 'import', file, '--mapping', exported, '--db', db, '--json'],
        { encoding: 'utf8', cwd: repoRoot },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ format: 'generic', errors: [], totals });
    }
    await page.getByRole('tab', { name: 'Imports' }).click();
    await expect(page.getByRole('table', { name: 'Import history' })).toContainText('gpu-ledger-2026-01.csv');
    await expect(page.getByRole('table', { name: 'Import history' }).locator('tr', { hasText: 'gpu-ledger-2026-01.csv' })).toContainText(
      'mapping “vast-ledger”',
    );
    await app.screenshot('budget-imports-history');
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  test('a long import shows its progress and can be cancelled, leaving nothing', async ({ app, page }) => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-progress-'));
    // 3 million line items in ~30 MB: gzip members of the same 10,000 rows one after the other (a multi-member .gz reads as
    // one file). Far longer to import than the test needs to watch its progress and cancel it, however fast the importer gets.
    const big = path.join(tmp, 'big-focus-2025-12.csv.gz');
    const out = fs.openSync(big, 'w');
    fs.writeSync(
      out,
      zlib.gzipSync(
        'BilledCost,BillingAccountId,BillingCurrency,BillingPeriodStart,BillingPeriodEnd,ChargePeriodStart,ProviderName,ServiceName,ResourceId\n',
      ),
    );
    const rows = Array.from(
      { length: 10_000 },
      (_, i) =>
        `0.${String((i * 7919) % 1_000_003).padStart(7, '0')},999988887777,USD,2025-12-01,2026-01-01,2025-12-${String(1 + (i % 28)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:00:00,AWS,Amazon Elastic Compute Cloud,i-${((i * 2654435761) % 4294967296).toString(16)}\n`,
    );
    const member = zlib.gzipSync(rows.join(''), { level: 1 });
    for (let i = 0; i < 300; i += 1) fs.writeSync(out, member);
    fs.closeSync(out);
    await openBudget(page);
    await page.getByRole('button', { name: 'Import billing export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import billing export' });
    await app.stubOpenFile(big);
    await dialog.getByRole('button', { name: 'Choose file…' }).click();
    await expect(dialog.getByTestId('import-dialect')).toHaveText('focus');
    await app.screenshot('budget-import-preview');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
    await expect(bar).toBeVisible();
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(dialog.getByTestId('import-progress-text')).toContainText(/[1-9][\d,]* rows read/, { timeout: 30_000 });
    await app.screenshot('budget-import-progress');
    await dialog.getByRole('button', { name: 'Cancel import' }).click();
    await expect(dialog.getByTestId('import-error')).toContainText(/cancel/i);
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('tab', { name: 'Imports' }).click();
    await expect(page.getByRole('table', { name: 'Import history' })).toContainText('No imports yet.');
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});
