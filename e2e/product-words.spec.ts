/**
 * Words a lead uses (issue 28 item 4): on every screen of every bundled example, and in the review preview, no
 * "seed", no source file names with their hashes, no repository paths, no database schema number. (Project ids in a
 * CLI command, "seed-003-small-lab", are allowed: they are what the lead types.)
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });
const switcher = (page: Page) => page.getByRole('combobox', { name: 'Project' });

const FORBIDDEN: Array<[string, RegExp]> = [
  ['"seed"', /\bseeds?\b(?!-)/i],
  ['a source file name', /\b\d{3}_[0-9a-f]{8,}/],
  ['a repository path', /(\.\.\/)?\b(shared|electron|renderer)\/[\w/-]+/],
  ['a source file', /\b[\w-]+\.tsx?\b/],
  ['the database schema', /\bschema \d+/i],
];

async function offenders(page: Page, where: string): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  const found: string[] = [];
  for (const [what, re] of FORBIDDEN)
    for (const m of text.matchAll(new RegExp(re.source, `${re.flags}g`))) {
      const at = m.index ?? 0;
      found.push(`${where}: ${what}: …${text.slice(Math.max(0, at - 50), at + 50).replace(/\s+/g, ' ')}…`);
    }
  return found;
}

test('no developer words on any screen of any example', async ({ page }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  await nav(page, /^Plan/).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  const ids = await switcher(page)
    .locator('option')
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  for (const id of ids) {
    await nav(page, /^Plan/).click();
    await switcher(page).selectOption(id);
    await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
    found.push(...(await offenders(page, `${id} Plan`)));
    await nav(page, /^Budget/).click();
    await expect(page.getByRole('tablist').first()).toBeVisible();
    for (const tab of await page.getByRole('tablist').first().getByRole('tab').all()) {
      await tab.click();
      found.push(...(await offenders(page, `${id} Budget › ${await tab.innerText()}`)));
    }
    await nav(page, /^Review/).click();
    await expect(page.getByTestId('review-preview')).toBeVisible();
    await expect(page.getByTestId('review-preview')).not.toBeEmpty();
    found.push(...(await offenders(page, `${id} Review`)));
  }
  await nav(page, /^Estimate/).click();
  await expect(page.locator('[data-estimate-ready="true"]')).toBeVisible();
  found.push(...(await offenders(page, 'Estimate')));
  await nav(page, /^Catalog/).click();
  const tabs = page.getByRole('tablist', { name: 'Catalog views' });
  for (const tab of await tabs.getByRole('tab').all()) {
    await tab.click();
    found.push(...(await offenders(page, `Catalog › ${await tab.innerText()}`)));
  }
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  found.push(...(await offenders(page, 'Settings')));
  expect(found).toEqual([]);
});
