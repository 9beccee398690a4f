/**
 * A 1024 × 700 window (issue 19 item 17): the sidebar collapses to icons with their labels, no screen scrolls the
 * whole page sideways, the Estimate table keeps its key columns in view, and the plan shows its weeks with scrolling.
 * Screenshots of the five screens land in test-results/screens/small-*.png. Every test starts the app at that size.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });

// The window is this small from the first paint (a fresh data folder), as a lead on a laptop starts the app.
test.use({ viewport: { width: 1024, height: 700 } });

test('from a fresh start at 1024 × 700 the example plan opens (issue 28 item 1)', async ({ page }) => {
  await expect(page.getByText('Opening the project…')).toHaveCount(0);
  await nav(page, /^Plan/).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Project: VitalDB/ })).toBeVisible();
});

test('at 1024 × 700 the sidebar collapses to icons and every screen fits the window', async ({ app, page }) => {
  const sidebar = page.getByRole('navigation', { name: 'Sections' });
  await expect(sidebar).toBeVisible();
  expect((await sidebar.boundingBox())!.width).toBeLessThanOrEqual(80);
  for (const label of ['Catalog', 'Estimate', 'Plan', 'Budget', 'Review']) {
    await nav(page, new RegExp(`^${label}`)).click();
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(label) })).toBeVisible();
    // Nothing pushes the page sideways: wide parts scroll inside their own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${label} scrolls the page sideways`).toBeLessThanOrEqual(0);
    await app.screenshot(`small-${label.toLowerCase()}`);
  }
});

test('at 1024 × 700 the Estimate table keeps its key columns, and the plan its weeks with scrolling', async ({ page }) => {
  await nav(page, /^Estimate/).click();
  const table = page.getByRole('table', { name: 'Estimates by GPU and offering' });
  await table.scrollIntoViewIfNeeded();
  await expect(table).toBeVisible();
  const headers = await table.getByRole('columnheader').allInnerTexts();
  // The key columns are there and start inside the window (the table scrolls inside its own box for the rest).
  for (const column of [/^GPU/, /Offer|Provider/i, /cost|\$/i, /hours|time/i]) {
    const name = headers.find((h) => column.test(h.trim()));
    expect(name, `a ${column} column among ${headers.join(' | ')}`).toBeDefined();
    const box = (await table.getByRole('columnheader', { name: name!.trim() }).first().boundingBox())!;
    expect(box.x, `${name} starts inside the window`).toBeLessThan(1024);
  }
  await nav(page, /^Plan/).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  const scroller = page.locator('.pt-scroll');
  const weeks = page.getByRole('columnheader', { name: /W\d{2}/ });
  await expect(weeks.first()).toBeVisible();
  expect(await weeks.count()).toBeGreaterThanOrEqual(4);
  const sideways = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight);
  expect(sideways, 'the weeks scroll inside the timeline').toBe(true);
});

test('at 1024 × 700 the project switcher opens from its icon', async ({ page }) => {
  const project = page.getByRole('button', { name: /^Project: / });
  await project.click();
  await expect(page.getByLabel('Project', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
});

test('at 1024 × 700 the project popover closes on a click outside it and on Escape; arrow keys move in the Project menu (issue 28 item 9)', async ({
  app,
  page,
}) => {
  const project = page.getByRole('button', { name: /^Project: / });
  const switcher = page.getByLabel('Project', { exact: true });
  await project.click();
  await expect(switcher).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await expect(switcher).toBeHidden();

  await project.click();
  const menuButton = page.getByRole('button', { name: 'Project ▾' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Project actions' });
  const items = menu.getByRole('menuitem');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toBeFocused();
  await app.screenshot('small-project-menu');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(items.first()).toBeFocused();
  await page.keyboard.press('End');
  await expect(items.last()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(switcher).toBeHidden();
});
