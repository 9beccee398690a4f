import type { Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from './fixtures';

async function openPlan(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Plan/ }).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
}
const kpi = (page: Page, label: string) => page.locator('.kpi').filter({ hasText: label });

test('storage and transfer: the example shows its dataset storage as its own weekly line; the lead adds model downloads with units and sees price, date and source', async ({
  app,
  page,
}) => {
  await openPlan(page);
  // The planned cost is all costs; its GPU part is said beside it.
  const planned = kpi(page, 'Planned cost');
  const totalBefore = (await planned.locator('.kpi-value').textContent())!.trim();
  const gpuCost = /GPU \$[\d,.]+/.exec((await planned.locator('.kpi-sub').textContent())!)![0];
  await expect(kpi(page, 'Storage & transfer')).toContainText(/storage \$2\.\d\d · transfer \$0\.00/);

  // The weekly totals have a Storage row and a Data transfer row, apart from the GPU cost row.
  const row = page.locator('.pt-totals').filter({ hasText: 'own line, not in the GPU cost' });
  await expect(row).toContainText('Storage');
  const transferRow = page.locator('.pt-totals').filter({ hasText: 'Data transfer' });
  const w03 = row.locator('[data-w="2026-W03"]');
  await expect(w03).toHaveText(/^\$0\.\d\d$/);
  await expect(w03).toHaveAttribute(
    'title',
    /storage \$0\.\d\d, data transfer \$0\.00; GPU cost .* \(separate\)[\s\S]*Google One 100 GB plan.*as of 2025-06-01/,
  );

  // The lines: each with its price, date and source one click away.
  const panel = page.getByRole('region', { name: 'Storage and transfer' });
  await expect(panel.getByRole('row', { name: /M3 dataset/ })).toContainText('24 GB held 2026-01-10 → 2026-01-31');
  await panel
    .getByRole('row', { name: /M3 dataset/ })
    .locator('summary')
    .click();
  await expect(panel.getByRole('row', { name: /M3 dataset/ })).toContainText(/as of 2025-06-01 .*one\.google\.com/);

  // Add model downloads: 500 GB per month on Azure egress (first 100 GB free): (500 − 100) × $0.087 = $34.80 in January.
  await panel.getByRole('button', { name: '+ Add storage or transfer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('What').selectOption('downloads');
  await dialog.getByLabel('Name').fill('Trained models downloaded');
  await dialog.getByLabel('Counted').selectOption('month');
  await dialog.getByLabel('Sent out (GB)').fill('');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Size in GB: a number such as 24 or 1.2.')).toBeVisible();
  await dialog.getByLabel('Sent out (GB)').fill('500');
  await dialog.getByLabel('Transfer price').selectOption('azure-egress-internet');
  await expect(dialog).toContainText('0–100 GB: free; 100–10240 GB: $0.087/GB');
  await expect(dialog).toContainText('as of 2024-11-01');
  await dialog.getByLabel('From', { exact: true }).fill('2026-01-01');
  await dialog.getByLabel('To', { exact: true }).fill('2026-01-31');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('row', { name: /Trained models downloaded/ })).toContainText('$34.80');
  await expect(kpi(page, 'Storage & transfer')).toContainText('transfer $34.80');
  await expect(transferRow.locator('[data-w="2026-W02"]')).toHaveText('$7.86'); // 7 of January's 31 days of $34.80
  // The GPU cost is unchanged: storage and transfer are never folded into it; the total (all costs) grows by the transfer.
  await expect(planned.locator('.kpi-sub')).toContainText(gpuCost);
  await expect(planned.locator('.kpi-value')).not.toHaveText(totalBefore);

  await transferRow.scrollIntoViewIfNeeded();
  const file = await app.screenshot('storage-costs-plan');
  const dir = '/tmp/shots/st19';
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(file, path.join(dir, 'storage-costs-plan.png'));
  await panel.scrollIntoViewIfNeeded();
  fs.copyFileSync(await app.screenshot('storage-costs-panel'), path.join(dir, 'storage-costs-panel.png'));

  // The budget overview sets the plan's storage and transfer lines beside the billed storage and network spend.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: /^Budget/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Budget' })).toBeVisible();
  const compare = page.getByRole('table', { name: 'Storage and network planned vs actual' });
  await expect(compare.getByRole('row', { name: /^Storage/ })).toContainText(/\$2\.70/);
  await expect(compare.getByRole('row', { name: /Network transfer/ })).toContainText('$34.80');
  await compare.scrollIntoViewIfNeeded();
  fs.copyFileSync(await app.screenshot('storage-costs-budget'), path.join(dir, 'storage-costs-budget.png'));
});
