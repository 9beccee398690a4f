/** Project ▾ → "New project from a document…" on two of the origin documents (issue 28 item 11). */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, referenceDir, test } from './fixtures';

const seed = (name: string) => path.join(referenceDir, 'seeds', name);
const VITALDB = seed('001_243d45401a9fa866.txt');
const HARDWARE_NOTES = seed('000_2dc79939d094f8c3.txt');

async function openDialog(page: Page, narrow = false) {
  // The narrow layout (1,100 px or less) keeps the project switcher in a popover behind the sidebar's Project button.
  if (narrow) await page.getByRole('button', { name: /^Project: / }).click();
  await page.getByRole('button', { name: 'Project ▾' }).click();
  await page.getByRole('menu', { name: 'Project actions' }).getByRole('menuitem', { name: 'New project from a document…' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project from a document' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the VitalDB one-pager opened from a file: tracks, milestones, hardware and budget read; an owner fixed; the project opens', async ({
  app,
  page,
}) => {
  await expect(page.getByRole('combobox', { name: 'Project' })).toBeVisible();
  const dialog = await openDialog(page);
  await app.stubOpenFile(VITALDB);
  await dialog.getByRole('button', { name: 'Open a file…' }).click();
  await expect(dialog.getByTestId('fd-summary')).toContainText('2 tracks, 3 milestones');
  await expect(dialog.getByLabel('Project name')).toHaveValue('VitalDB Training Infrastructure (M1–M3)');
  await expect(dialog.getByLabel('Start')).toHaveValue('2025-12-11');
  await expect(dialog.getByLabel('End')).toHaveValue('2026-01-31');
  await expect(dialog.getByLabel('Budget', { exact: true })).toHaveValue('615');
  await expect(dialog.getByLabel('Track 1 owner')).toHaveValue('Aswanth Kumar');
  await expect(dialog.getByRole('region', { name: 'Milestones read' })).toContainText('M2');
  await expect(dialog.getByRole('region', { name: 'Hardware read' })).toContainText('L4');
  await expect(dialog.getByRole('list', { name: 'Not understood' })).toContainText('line 50');
  await app.screenshot('project-from-document-read-1440');

  await dialog.getByLabel('Project name').fill('VitalDB from the one-pager');
  await dialog.getByLabel('Track 2 owner').fill('J. Tatineni');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Plan · VitalDB from the one-pager' })).toBeVisible();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Plan timeline' }).getByText('J. Tatineni')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'from the document' })).toContainText('2 tracks, 3 milestones');
  await app.screenshot('project-from-document-created');
});

test.describe('in a 1024 × 700 window', () => {
  test.use({ viewport: { width: 1024, height: 700 } });

  test('notes pasted as text: what was not understood is listed, a refused field says why, the fixed project is created', async ({
    app,
    page,
  }) => {
    await expect(page.getByRole('button', { name: /^Project: / })).toBeVisible();
    const dialog = await openDialog(page, true);
    await dialog.getByRole('button', { name: 'Read the document' }).click();
    await expect(dialog.getByRole('alert')).toContainText('empty');

    await dialog.getByLabel(/^Plan document/).fill(fs.readFileSync(HARDWARE_NOTES, 'utf8'));
    await dialog.getByRole('button', { name: 'Read the document' }).click();
    await expect(dialog.getByTestId('fd-summary')).toContainText('1 track, 0 milestones');
    await expect(dialog.getByLabel('Project name')).toHaveValue('Hardware & Cost Notes');
    await expect(dialog.getByRole('region', { name: 'Hardware read' })).toContainText('p3.2xlarge');
    const unread = dialog.getByRole('list', { name: 'Not understood' });
    await expect(unread).toContainText('No tracks with owners');
    await expect(unread).toContainText('No budget in the document');
    await expect(dialog.getByLabel('Budget', { exact: true })).toHaveValue('');

    await dialog.getByLabel('End').fill('2020-01-01');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog.getByRole('alert').first()).toBeVisible();
    await app.screenshot('project-from-document-error-1024');

    await dialog.getByLabel('Start').fill('2026-02-02');
    await dialog.getByLabel('End').fill('2026-04-30');
    await dialog.getByLabel('Budget', { exact: true }).fill('3,000');
    await dialog.getByLabel('Track 1 owner').fill('Dana Lee');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Plan · Hardware & Cost Notes' })).toBeVisible();
    if (app.context) {
      const project = app.context.services.plan.projects.list().find((p) => p.name === 'Hardware & Cost Notes');
      expect(project).toMatchObject({ start: '2026-02-02', end: '2026-04-30', budget: '3000' });
    }
  });
});
