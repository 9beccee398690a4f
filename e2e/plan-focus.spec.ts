/**
 * Focus never drops to the page (issue 28 item 3): the booking editor closes back to the timeline cell that opened it
 * — after booking with Enter, after Close, after Escape (which closes it) — and deleting a milestone leaves the focus
 * in the milestone list (the row that took its place), from its Delete button as from its form's Delete.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const cell = (page: Page, trackId: string, week: string) => page.locator(`[data-cell="track:${trackId}:${week}"]`);
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName);

test.beforeEach(async ({ page }) => {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Plan/ }).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
});

test('the booking editor gives the focus back to its cell after Book with Enter, Close and Escape', async ({ page }) => {
  const week = cell(page, 'track-vitaldb', '2026-W05');
  await week.focus();
  await page.keyboard.press('Enter');
  const editor = page.getByRole('region', { name: 'Booking' });
  await expect(editor).toContainText('New booking');
  await page.getByLabel('Hours this week').fill('20');
  await page.getByLabel('Hours this week').press('Enter');
  await expect(week).toHaveAttribute('aria-label', /20 h/);
  await expect(week).toBeFocused();

  // Enter opens the booking; Tab into it; Escape closes it and the cell has the focus again.
  await page.keyboard.press('Enter');
  await expect(editor).toContainText('Booking ·');
  await page.getByLabel('Hours this week').focus();
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);
  await expect(week).toBeFocused();

  // Close, pressed with the keyboard.
  await page.keyboard.press('Enter');
  await editor.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor).toHaveCount(0);
  await expect(week).toBeFocused();

  // Delete, then an empty week's Cancel.
  await page.keyboard.press('Enter');
  await editor.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await expect(week).toHaveAttribute('aria-label', /empty/);
  await expect(week).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(editor).toContainText('New booking');
  await editor.getByRole('button', { name: 'Cancel' }).focus();
  await page.keyboard.press('Enter');
  await expect(editor).toHaveCount(0);
  await expect(week).toBeFocused();
});

test('deleting a milestone leaves the focus in the milestone list, not on the page', async ({ page }) => {
  const list = page.getByRole('list', { name: 'Milestone list' });
  const rows = list.getByRole('listitem');
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(3);

  // Milestones are deleted last first: M2 comes after M1 and M3 after M2 (dependsOn), and a milestone another depends
  // on is not deleted. The list's own Delete button: with no row after it, the row before takes the focus.
  await list.getByRole('button', { name: /^Delete milestone M3/ }).focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(before - 1);
  await expect.poll(() => focusedLabel(page)).toMatch(/^Delete milestone M2/);

  // The milestone's form: Edit, then Delete in the dialog; the focus goes to the row before.
  await list.getByRole('button', { name: /^Edit milestone M2/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^Delete/ }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(before - 2);
  await expect.poll(() => focusedLabel(page)).toMatch(/^Edit milestone M1/);

  // The last one: the focus stays in the panel.
  await list.getByRole('button', { name: /^Delete milestone M1/ }).focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(before - 3);
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)).toBe(true);
});
