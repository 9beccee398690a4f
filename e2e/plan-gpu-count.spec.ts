/**
 * Issue 17: a milestone phase's GPUs, nodes and software stack are set in the milestone editor and flow into the
 * plan's estimate, which counts every GPU of the run.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function openPlan(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Plan/ }).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
}

test('GPUs per run, nodes and stack of a milestone phase reach its estimate', async ({ app, page }) => {
  await openPlan(page);
  await page.getByRole('button', { name: /^Edit milestone M1 / }).click();
  const dialog = page.getByRole('dialog', { name: /Edit milestone · M1/ });
  await expect(dialog.getByLabel('GPUs per run')).toHaveValue('1');
  await expect(dialog.getByLabel('Nodes')).toHaveValue('1');
  await expect(dialog.getByLabel('Software stack')).toHaveValue('eager');

  // nodes that do not split the GPUs: the message sits at the field, nothing is saved
  await dialog.getByLabel('GPUs per run').fill('3');
  await dialog.getByLabel('Nodes').fill('2');
  await dialog.getByRole('button', { name: 'Save milestone' }).click();
  await expect(dialog.locator('[data-field="mf-0-nodes"]').getByRole('alert')).toHaveText('3 GPUs do not split evenly over 2 nodes.');

  await dialog.getByLabel('GPUs per run').fill('4');
  await dialog.getByLabel('Nodes').fill('1');
  await dialog.getByLabel('Software stack').selectOption('compiled');
  await app.screenshot('plan-milestone-gpus');
  await dialog.getByRole('button', { name: 'Save milestone' }).click();
  await expect(dialog).toBeHidden();

  if (app.context) {
    const context = app.context;
    const phase = async () => (await context.services.plan.getPlan()).plan.milestones.find((m) => m.code === 'M1')!.phases[0]!;
    expect((await phase()).workload).toMatchObject({ gpuCount: 4, nodeCount: 1, stack: 'compiled' });
    await expect.poll(async () => (await phase()).appEstimate?.gpus ?? null).toBe(4);
    expect((await phase()).appEstimate!.basis).toContain('4 GPUs ×');
  }
  // M1 runs on one L4 (Colab Pro+): a run on 4 GPUs is a warning in the Problems panel, the GPU named as a person reads it
  const warning = page.getByRole('region', { name: 'Problems' }).locator('[data-problem="run-over-offering-gpus"]');
  await expect(warning).toContainText('run needs more GPUs than the offering');
  await expect(warning).toContainText(/M1's run needs 4 GPUs in one machine, but .+ has 1× L4 24GB: the run cannot start as planned/);
  await warning.scrollIntoViewIfNeeded();
  await app.screenshot('plan-run-over-offering-gpus');
  await page.getByRole('button', { name: /^Edit milestone M1 / }).click();
  await expect(
    page
      .getByRole('dialog', { name: /Edit milestone · M1/ })
      .getByText(/4 GPUs ×/)
      .first(),
  ).toBeVisible();
  await app.screenshot('plan-milestone-gpus-estimate');
});
