/** Issue 26 item 3: deleting a track its allocation rules (and spend) point to asks where they go; nothing is lost. */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function rulesOf(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const api = (
      window as unknown as {
        api: {
          budget: {
            listRules: (r: { projectId: string }) => Promise<{ ok: boolean; value?: { rules: Array<{ trackId: string }> } }>;
          };
        };
      }
    ).api;
    const r = await api.budget.listRules({ projectId: 'vitaldb-2025' });
    return r.ok && r.value ? r.value.rules.map((x) => x.trackId) : [];
  });
}

test('deleting a track with allocation rules asks where its spend and rules go, then moves them', async ({ app, page }) => {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Plan/ }).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  const timeline = page.getByRole('grid', { name: 'Plan timeline' });
  await expect(timeline.locator('.pt-lane')).toHaveCount(2);
  expect(await rulesOf(page)).toEqual(['track-vitaldb', 'track-multisensor']);

  await page.getByRole('button', { name: 'Edit track Multi-Sensor Development (timeline)' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Delete track/ }).click();
  // Refused with the question: nothing deleted yet.
  const question = dialog.getByRole('group', { name: 'Spend of the deleted track' });
  await expect(question).toContainText('Track "Multi-Sensor Development" has 1 allocation rule(s)');
  await expect(timeline.locator('.pt-lane')).toHaveCount(2);
  await expect(question.getByLabel('Its spend and allocation rules go to')).toHaveValue('track-vitaldb');
  await app.screenshot('track-removal-question');
  await question.getByRole('button', { name: 'Delete track and move its spend' }).click();
  await expect(dialog).toBeHidden();
  await expect(timeline.locator('.pt-lane')).toHaveCount(1);
  expect(await rulesOf(page)).toEqual(['track-vitaldb', 'track-vitaldb']);
});
