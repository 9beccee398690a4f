/**
 * The bundled examples of seeds 002–004: each opened from the project switcher (looked at), its checks shown; the
 * seed-003 run-rates; the Estimate screen's "cheapest reliable" ranking and guided HF Jobs flavour; a review PDF.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-e2e-examples-'));
test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });
const switcher = (page: Page) => page.getByRole('combobox', { name: 'Project' });

const EXAMPLES = [
  { id: 'seed-002-prs-med', heading: 'Plan · PRS-Med LoRA fine-tune across platforms' },
  { id: 'seed-003-small-lab', heading: 'Plan · Small lab on Azure — setups and run-rates' },
  { id: 'seed-004-hf-jobs', heading: 'Plan · Hugging Face Jobs — flavour by size, budget and training type' },
];

test('each new example opens from the project switcher, marked as an example, with its checks', async ({ app, page }) => {
  await nav(page, /^Plan/).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  for (const e of EXAMPLES) {
    await expect(switcher(page).locator(`option[value="${e.id}"]`)).toHaveText(/\(example\)$/);
    await switcher(page).selectOption(e.id);
    await expect(page.getByRole('heading', { level: 1, name: e.heading })).toBeVisible();
    await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Problems' })).toBeVisible();
    if (e.id === 'seed-003-small-lab') {
      const rates = page.getByRole('region', { name: 'Run-rates' });
      await expect(rates.locator('[data-run-rate="rr-startup-reserved"]')).toContainText('$244.42/month');
      await expect(rates.locator('[data-run-rate="rr-startup-reserved"]')).toContainText('$244.00 per month');
      await expect(rates.locator('[data-run-rate="rr-lab-mix"]')).toContainText('$1,550.00–$4,100.00 per year');
      await rates.scrollIntoViewIfNeeded();
    }
    const shot = await app.screenshot(`example-${e.id}`);
    fs.mkdirSync('/tmp/shots/r18c', { recursive: true });
    fs.copyFileSync(shot, `/tmp/shots/r18c/example-${e.id}.png`);
  }

  // the review PDF of the example open last (seed 004)
  await nav(page, /^Review/).click();
  await expect(page.getByTestId('review-preview')).toContainText('Hugging Face Jobs — flavour by size');
  const pdf = path.join(tmp, 'seed-004.pdf');
  await app.stubSaveFile(pdf);
  await page.getByRole('button', { name: 'Export PDF…' }).click();
  await expect(page.getByText(/^Saved .*seed-004\.pdf \(\d+ pages/)).toBeVisible({ timeout: 60_000 });
  expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  fs.copyFileSync(pdf, '/tmp/shots/r18c/seed-004.pdf');
});

test('Estimate: "cheapest reliable" ranking and the guided Hugging Face Jobs flavour for a 7B LoRA under $20', async ({ app, page }) => {
  await nav(page, /^Estimate/).click();
  await expect(page.locator('[data-estimate-ready="true"]')).toBeVisible();
  await page.getByLabel('Saved workloads').selectOption('mistral-7b-lora');
  await page.getByLabel('Epochs', { exact: true }).fill('1');
  await page.getByLabel('Rank by').selectOption('reliable');
  const table = page.getByRole('table', { name: 'Estimates by GPU and offering' });
  await expect(table).toContainText('★★★★');
  const guide = page.getByRole('region', { name: 'Which Hugging Face Jobs flavour' });
  await guide.getByLabel('Flavour guide: at most (USD)').fill('20');
  await guide.getByLabel('Training type').selectOption('development');
  await expect(guide.getByTestId('guided-answer')).toContainText('within $20');
  await expect(guide).toContainText('no estimate for TPUs — priced and listed in the catalog');
  await guide.scrollIntoViewIfNeeded();
  const shot = await app.screenshot('estimate-guided-flavour');
  fs.mkdirSync('/tmp/shots/r18c', { recursive: true });
  fs.copyFileSync(shot, '/tmp/shots/r18c/estimate-guided-flavour.png');
  await table.scrollIntoViewIfNeeded();
  fs.copyFileSync(await app.screenshot('estimate-reliable'), '/tmp/shots/r18c/estimate-reliable.png');
});
