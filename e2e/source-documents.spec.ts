/**
 * Issue 31 item 1: the source documents have a screen of their own — every claim of the five documents, also those
 * of “Hardware & Cost Notes”, which belongs to no project — reached from the sidebar, the View menu and a project's
 * claims panel, and linked back to the example project made from each document.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';

// The screen computes every claim of five documents (the estimator over the catalog): allow for a busy machine.
test.describe.configure({ timeout: 120_000 });

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

test('every document and its claims, with both figures, the basis and the inputs; no axe violation', async ({ app, page }) => {
  await nav(page, /^Documents/).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Source documents' })).toBeVisible();
  await expect(page.locator('[data-documents-ready="true"]')).toBeVisible();
  await expect(page.locator('section[data-document]')).toHaveCount(5);
  await expect(page.getByText(/^\d+ claims in 5 documents, the app's figures computed .* UTC/)).toBeVisible();
  // What the verdicts rest on, counted live (issue 31 item 10): the README states the same counts.
  await expect(page.getByTestId('claim-bases')).toHaveText(/^\d+ from the estimator, \d+ from the catalog, .*none stored$/);

  const notes = page.getByRole('region', { name: 'Source document 000' });
  await expect(notes.getByRole('heading', { name: '“Hardware & Cost Notes”' })).toBeVisible();
  await expect(notes.getByText('5 claims:')).toBeVisible();
  await expect(notes.getByText('No example project: its claims are checked here only.')).toBeVisible();
  await expect(notes.locator('tbody tr')).toHaveCount(5);
  const p3 = notes.locator('tr', { hasText: 'p3.2xlarge (V100)' });
  await expect(p3).toContainText('3.06 USD/h');
  await expect(p3).toContainText(/catalog: p3\.2xlarge on-demand/);
  await expect(p3).toContainText('Inputs: catalog price');
  await expect(notes.getByText(/\(lines \d+ and \d+\)/).first()).toBeVisible();

  // One document by its tab; the screen looked at.
  await page.getByRole('tab', { name: 'Training Hardware Recommendations and Azure Costing' }).click();
  await expect(page.locator('section[data-document]')).toHaveCount(1);
  await expect(page.locator('section[data-document="003"]')).toBeVisible();
  expect(await axeViolations(page, 'body')).toEqual([]);
  await app.screenshot('source-documents-003');

  // Back to its example project.
  await page.getByRole('button', { name: /^Open the example project/ }).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Claims to check' })).toBeVisible();
});

test("a project's claims panel opens its document's tab; the View menu reaches the screen", async ({ app, page }) => {
  await nav(page, /^Plan/).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  const claims = page.getByRole('region', { name: 'Claims to check' });
  await claims.getByRole('button', { name: "The whole document's claims…" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Source documents' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'VitalDB Training Infrastructure - One-Pager' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('section[data-document="001"]')).toBeVisible();
  await expect(page.locator('section[data-document]')).toHaveCount(1);

  await nav(page, /^Catalog/).click();
  await app.menu({ command: 'navigate', screen: 'documents' });
  await expect(page.getByRole('heading', { level: 1, name: 'Source documents' })).toBeVisible();
});

test.describe('at 1024 × 700', () => {
  test.use({ viewport: { width: 1024, height: 700 } });
  test('the screen fits the window', async ({ app, page }) => {
    await nav(page, /^Documents/).click();
    await expect(page.locator('[data-documents-ready="true"]')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await app.screenshot('small-source-documents');
  });
});
