/**
 * Every dialog and editor panel, in the states the other specs reach (empty, filled, refused with field errors), under
 * axe-core's WCAG 2.1 A/AA rules: any serious or critical violation fails (issue 19, items 16, 18 and 20). And the
 * keyboard contract of a dialog: focus moves in, Tab stays inside, Escape closes, focus returns to the opener.
 */
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });
async function openPlan(page: Page) {
  await nav(page, /^Plan/).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
}

/** Tab from the last control wraps to the first (and Shift+Tab back); Escape closes; focus returns to `opener`. */
async function expectDialogKeyboard(page: Page, dialog: Locator, opener: Locator) {
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `Tab ${i + 1} left the dialog`).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('plan dialogs and the booking editor: axe clean empty and with field errors; keyboard contract', async ({ app, page }) => {
  await openPlan(page);
  const parts = page.getByRole('region', { name: 'Plan parts' });

  const addTrack = parts.getByRole('button', { name: '+ Add track' });
  await addTrack.click();
  let dialog = page.getByRole('dialog', { name: 'Add track' });
  await expectAccessible(page, '[role="dialog"]', 'add track, empty');
  await dialog.getByRole('button', { name: 'Add track' }).click();
  await expect(dialog.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, '[role="dialog"]', 'add track, refused');
  await app.screenshot('dialog-add-track-errors');
  await expectDialogKeyboard(page, dialog, addTrack);

  const editMilestone = parts.getByRole('button', { name: 'Edit milestone M2 200 Cases, Validation' });
  await editMilestone.click();
  dialog = page.getByRole('dialog', { name: /Edit milestone · M2/ });
  await expectAccessible(page, '[role="dialog"]', 'edit milestone');
  await expectDialogKeyboard(page, dialog, editMilestone);

  const addPool = parts.getByRole('button', { name: '+ Add pool' });
  await addPool.click();
  dialog = page.getByRole('dialog', { name: /pool/i });
  await dialog.getByRole('button', { name: 'Add pool' }).click();
  await expectAccessible(page, '[role="dialog"]', 'add pool, refused');
  await expectDialogKeyboard(page, dialog, addPool);

  const editProject = parts.getByRole('button', { name: 'Edit project' });
  await editProject.click();
  dialog = page.getByRole('dialog', { name: 'Edit project' });
  await dialog.getByLabel('Total budget').fill('-5');
  await dialog.getByLabel('End').fill('2025-01-01');
  await dialog.getByRole('button', { name: 'Save project' }).click();
  await expect(dialog.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, '[role="dialog"]', 'edit project, negative budget');
  await app.screenshot('dialog-edit-project-errors');
  await expectDialogKeyboard(page, dialog, editProject);

  // The booking editor on an empty week's draft, with every field's error at once.
  const empty = page.locator('[data-cell="track:track-vitaldb:2026-W05"]');
  await empty.focus();
  await page.keyboard.press('Enter');
  const booking = page.getByRole('region', { name: 'Booking' });
  await page.getByLabel('Hours this week').fill('');
  await page.getByLabel('GPUs').fill('-1');
  await booking.getByRole('button', { name: 'Book' }).click();
  await expect(booking.getByRole('alert')).toHaveCount(2);
  await expectAccessible(page, '.pt-editor', 'booking draft, refused');
  await booking.screenshot({ path: 'test-results/screens/booking-draft-errors.png' });

  // Suggest schedule, as it opens.
  await page.getByRole('button', { name: 'Suggest schedule…' }).click();
  await expectAccessible(page, '[aria-label="Suggest schedule"]', 'suggest schedule');
});

test('new project wizard, project rename and export dialogs: axe clean, keyboard contract', async ({ app, page }) => {
  const opener = page.getByRole('button', { name: '+ New project' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await expectAccessible(page, '[role="dialog"]', 'wizard, empty');
  await dialog.getByLabel('Project name').fill('Sleep staging');
  await dialog.getByLabel('Start').fill('2026-03-02');
  await dialog.getByLabel('End').fill('2026-02-01');
  await dialog.getByLabel('Budget').fill('-900');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, '[role="dialog"]', 'wizard, refused');
  await app.screenshot('dialog-new-project-errors');
  await expectDialogKeyboard(page, dialog, opener);

  for (const item of ['Rename…', /Export/]) {
    await page.getByRole('button', { name: 'Project ▾' }).click();
    await page.getByRole('menu', { name: 'Project actions' }).getByRole('menuitem', { name: item }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]', `project ${String(item)}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
});

test('catalog offering dialog and price editor, budget import dialog: axe clean with errors; keyboard contract', async ({ app, page }) => {
  await nav(page, /^Catalog/).click();
  const add = page.getByRole('button', { name: '+ Add offering' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add your own offering' });
  await expectAccessible(page, '[role="dialog"]', 'offering, empty');
  await dialog.getByRole('button', { name: 'Add offering' }).click();
  await expect(dialog.getByRole('alert').first()).toBeVisible();
  await expectAccessible(page, '[role="dialog"]', 'offering, refused');
  await app.screenshot('dialog-offering-errors');
  await expectDialogKeyboard(page, dialog, add);

  await page.getByLabel('Search').fill('p3.2xlarge');
  const row = page.getByRole('region', { name: 'Offerings and prices' }).locator('tbody tr[data-row-id="aws-p3-2xlarge/on-demand"]');
  await row.getByRole('button', { name: /\$3\.06/ }).click();
  const editor = page.getByRole('group', { name: 'Change price' });
  await editor.getByLabel('USD per hour').fill('1e308');
  await editor.getByLabel('Source').fill('');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('alert').first()).toBeVisible();
  await expect(editor).not.toContainText(/NaN|received|expected number/);
  await expectAccessible(page, '[role="group"][aria-label="Change price"]', 'price editor, refused');
  await editor.screenshot({ path: 'test-results/screens/price-editor-errors.png' });

  await nav(page, /^Budget/).click();
  const importButton = page.getByRole('button', { name: 'Import billing export…' });
  await importButton.click();
  const importDialog = page.getByRole('dialog', { name: 'Import billing export' });
  await expectAccessible(page, '[role="dialog"]', 'import dialog');
  await expectDialogKeyboard(page, importDialog, importButton);
});
