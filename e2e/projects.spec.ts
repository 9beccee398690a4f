import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gpu-planner-e2e-projects-'));
test.afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const nav = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name });
async function openPlan(page: Page) {
  await nav(page, /^Plan/).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
}
const switcher = (page: Page) => page.getByRole('combobox', { name: 'Project' });
async function projectMenu(page: Page, item: string | RegExp) {
  await page.getByRole('button', { name: 'Project ▾' }).click();
  await page.getByRole('menu', { name: 'Project actions' }).getByRole('menuitem', { name: item }).click();
}
const kpi = (page: Page, label: string) =>
  page.locator('.kpi', { has: page.locator('.kpi-label', { hasText: label }) }).locator('.kpi-value');
/** `plan show` with ids normalized (copies re-key ids as `<project>~<id>`; estimates carry the moment they were computed). */
const normalized = (value: unknown, projectId: string) =>
  JSON.parse(JSON.stringify(value), (k, v: unknown) =>
    k === 'computedAt'
      ? 'T'
      : typeof v === 'string'
        ? v
            .replace(/p-[0-9a-f]{8}~/g, '')
            .replaceAll(projectId, 'P')
            .replace(/scenario-[0-9a-f]{8}|option-[a-z0-9-]+$/g, 'S')
        : v,
  ) as unknown;

test('a new blank project planned from scratch: wizard, tracks, an estimated milestone, bookings, a budget, then the PDF', async ({
  app,
  page,
}) => {
  await page.getByRole('button', { name: '+ New project' }).click();
  let dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Project name').fill('Sleep staging');
  await dialog.getByLabel('Start').fill('2026-03-02');
  await dialog.getByLabel('End').fill('2026-02-01');
  await dialog.getByLabel('Budget').fill('900');
  await dialog.getByLabel('Track name').fill('EEG model');
  await dialog.getByLabel('Owner').fill('Ana Souza');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByRole('alert')).toContainText('before the start');
  await app.screenshot('projects-new-wizard-error');
  await dialog.getByLabel('End').fill('2026-04-26');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Plan · Sleep staging' })).toBeVisible();
  await expect(switcher(page)).toHaveValue(/^p-/);
  const timeline = page.getByRole('grid', { name: 'Plan timeline' });
  await expect(timeline.getByText('Ana Souza')).toBeVisible();

  // A second track, and a milestone with hardware and a saved workload (estimated by the engine).
  const parts = page.getByRole('region', { name: 'Plan parts' });
  await parts.getByRole('button', { name: '+ Add track' }).click();
  dialog = page.getByRole('dialog', { name: 'Add track' });
  await dialog.getByLabel('Track name').fill('Report writing');
  await dialog.getByLabel('Owner').fill('Li Wei');
  await dialog.getByRole('button', { name: 'Add track' }).click();
  await expect(timeline.getByText('Li Wei')).toBeVisible();
  await parts.getByRole('button', { name: 'Add milestone to EEG model' }).click();
  dialog = page.getByRole('dialog', { name: 'Add milestone' });
  await dialog.getByLabel('Code').fill('S1');
  await dialog.getByLabel('Milestone name').fill('Baseline model');
  await dialog.getByLabel('Start').fill('2026-03-09');
  await dialog.getByLabel('End').fill('2026-03-29');
  await dialog.getByLabel('Offering (catalog)').selectOption('colab-pro-plus-l4-24gb');
  await dialog.getByLabel('Runs (low)').fill('2');
  await dialog.getByLabel('Runs (high)').fill('3');
  await dialog.getByLabel('Workload (saved in Estimate)').selectOption('vitaldb-m1');
  await dialog.getByRole('button', { name: 'Add milestone' }).click();
  await expect(dialog).toBeHidden();
  const milestones = page.getByRole('region', { name: 'Milestones' });
  await expect(milestones.getByText('S1 Baseline model')).toBeVisible();
  await expect(milestones.getByRole('row', { name: /S1 Baseline model/ })).toContainText(/app estimate [\d.]+ h/);

  // Bookings from the keyboard on the new track.
  const trackId = await page
    .locator('[data-cell^="track:"]')
    .first()
    .getAttribute('data-cell')
    .then((c) => c!.split(':')[1]!);
  // Enter on an empty week opens the booking editor on a draft (nothing is booked until Book; issue 19 item 18).
  for (const week of ['2026-W11', '2026-W12']) {
    const cellOf = page.locator(`[data-cell="track:${trackId}:${week}"]`);
    await cellOf.focus();
    await page.keyboard.press('Enter');
    const booking = page.getByRole('region', { name: 'Booking' });
    await expect(booking).toContainText('New booking');
    await expect(cellOf).toHaveAttribute('aria-label', /empty/);
    // The first draft takes the first catalog offering; the lead books the milestone's L4 instead (the next one follows it).
    if (week === '2026-W11') await booking.getByLabel('Offering').selectOption('colab-pro-plus-l4-24gb');
    await booking.getByRole('button', { name: 'Book' }).click();
    await expect(cellOf).toHaveAttribute('aria-label', /L4 1× [\d.]+ h/); // hours of one run of the milestone (issue 13's booking defaults)
  }
  await expect(page.locator(`[data-cell="track:${trackId}:2026-W12"]`)).toHaveAttribute('aria-label', /L4 1× [\d.]+ h/);
  await expect(kpi(page, 'GPU-hours booked')).toHaveText(/^[1-9][\d.,]* h$/); // two weeks of one run each
  await app.screenshot('projects-new-planned');

  // A budget for the track on the Budget screen (which follows the current project).
  await nav(page, /^Budget/).click();
  await page.getByRole('tab', { name: /Budgets/ }).click();
  await page.getByLabel('New budget scope').selectOption({ label: 'EEG model' });
  await page.getByLabel('New budget amount').fill('600');
  await page.getByRole('button', { name: 'Add / replace budget' }).click();
  await expect(page.getByRole('table', { name: 'Budgets' })).toContainText('EEG model');
  // One budget (issue 25 item 2): the wizard's 900 is the Budget screen's total; the track's 600 leaves 300 not split.
  await expect(page.getByTestId('budget-total')).toHaveText('$900.00');
  await expect(page.getByTestId('split-by-track')).toContainText('$600.00 of $900.00 · $300.00 not split');
  // The total raised here is the plan's budget.
  await page.getByLabel('Amount Project total').fill('950');
  await page
    .getByRole('row', { name: /Project.*Total/ })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(page.getByTestId('budget-total')).toHaveText('$950.00');
  await nav(page, /^Plan/).click();
  await expect(page.getByText(/of \$950\.00 budget/)).toBeVisible();
  await nav(page, /^Budget/).click();

  // The review PDF of the new project.
  await nav(page, /^Review/).click();
  await expect(page.getByTestId('review-preview')).toContainText('Sleep staging');
  await expect(page.getByTestId('review-preview')).toContainText('Ana Souza');
  const pdf = path.join(tmp, 'sleep.pdf');
  await app.stubSaveFile(pdf);
  await page.getByRole('button', { name: 'Export PDF…' }).click();
  await expect(page.getByText(/^Saved .*sleep\.pdf \(\d+ pages/)).toBeVisible({ timeout: 60_000 });
  expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
});

test('the example duplicated, renamed, archived and deleted with a confirmation naming what is lost, then undone', async ({
  app,
  page,
}) => {
  await openPlan(page);
  await expect(switcher(page).locator('option:checked')).toHaveText(/^VitalDB Training Infrastructure.* \(example\)$/);
  const cost = await kpi(page, 'Planned cost').textContent();
  await projectMenu(page, 'Duplicate');
  await expect(page.getByRole('heading', { level: 1, name: /Plan · Copy of VitalDB/ })).toBeVisible();
  await expect(kpi(page, 'Planned cost')).toHaveText(cost!);
  await expect(page.getByRole('grid', { name: 'Plan timeline' }).getByText('Aswanth Kumar')).toBeVisible();
  await expect(switcher(page).locator('option').first()).toHaveText(/^Copy of VitalDB/); // recent first
  // the copy is not an example: the four bundled examples (seeds 001–004) stay the only ones
  await expect(switcher(page).locator('option', { hasText: '(example)' })).toHaveCount(4);
  await expect(switcher(page).locator('option', { hasText: 'Copy of VitalDB' })).not.toHaveText(/\(example\)$/);

  await projectMenu(page, 'Rename…');
  const rename = page.getByRole('dialog', { name: 'Rename project' });
  await rename.getByLabel('Name').fill('VitalDB, my version');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plan · VitalDB, my version' })).toBeVisible();

  await projectMenu(page, 'Archive');
  await expect(switcher(page).locator('optgroup[label="Archived"] option')).toHaveText('VitalDB, my version');
  await projectMenu(page, 'Unarchive');
  await expect(switcher(page).locator('optgroup')).toHaveCount(0);

  await projectMenu(page, 'Delete…');
  const confirm = page.getByRole('dialog', { name: 'Delete project' });
  await expect(confirm).toContainText('2 tracks and 3 milestones');
  await expect(confirm).toContainText('15 weekly bookings');
  await expect(confirm).toContainText('3 scenarios');
  await app.screenshot('projects-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete “VitalDB, my version”' }).click();
  await expect(switcher(page).locator('option', { hasText: 'my version' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: /Plan · VitalDB Training/ })).toBeVisible();
  await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plan · VitalDB, my version' })).toBeVisible();
  await expect(kpi(page, 'Planned cost')).toHaveText(cost!);
  await app.screenshot('projects-switcher');
});

test('a scenario opened and edited on the timeline with undo, compared with the plan, promoted, and the promotion undone', async ({
  app,
  page,
}) => {
  await openPlan(page);
  const planCost = await kpi(page, 'Planned cost').textContent();
  const scenarios = page.getByRole('region', { name: 'Scenarios' });
  await scenarios.getByRole('button', { name: 'Open Option 2: Balanced (Recommended)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scenario · Option 2: Balanced (Recommended)' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'You are editing the scenario' })).toBeVisible();
  const scenarioCost = await kpi(page, 'Planned cost').textContent();

  // Edit: a booking one week later (keyboard), the same checks, undo and redo.
  const bar = page.locator('[data-cell^="track:track-vitaldb:"][aria-label*="×"]').last();
  const cellId = (await bar.getAttribute('data-cell'))!;
  await bar.focus();
  await page.keyboard.press('+');
  await expect(page.locator(`[data-cell="${cellId}"]`)).toHaveAttribute('aria-label', /\+?\d+ h/);
  await expect(kpi(page, 'Planned cost')).not.toHaveText(scenarioCost!);
  await page.getByRole('button', { name: '↶ Undo' }).click();
  await expect(kpi(page, 'Planned cost')).toHaveText(scenarioCost!);
  await page.getByRole('button', { name: '↷ Redo' }).click();
  const editedCost = (await kpi(page, 'Planned cost').textContent())!;
  expect(editedCost).not.toBe(scenarioCost);

  // Rename it; compare with the current plan: cost, finish, GPU-hours, problems, and the weeks that moved.
  await scenarios.getByRole('button', { name: 'Rename Option 2: Balanced (Recommended)' }).click();
  await scenarios.getByLabel('New scenario name').fill('Balanced, more M3');
  await scenarios.getByRole('button', { name: 'Save' }).click();
  await expect(scenarios.getByRole('row', { name: /Balanced, more M3/ })).toBeVisible();
  await scenarios.getByLabel('Compare Current plan').check();
  await scenarios.getByLabel('Compare Balanced, more M3').check();
  await scenarios.getByRole('button', { name: /Compare 2 side by side/ }).click();
  const comparison = page.getByLabel('Comparison');
  await expect(comparison.getByRole('row', { name: /Cost \(app, USD\)/ })).toContainText(editedCost);
  await expect(comparison.getByRole('row', { name: /Finish/ })).toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(comparison.getByRole('row', { name: /GPU-hours/ })).toBeVisible();
  await expect(comparison.getByRole('row', { name: /Problems/ })).toContainText(/\d+ errors? · \d+ warnings?/);
  await expect(comparison.locator('.sw-moves li').first()).toContainText(/→ [\d.]+ GPU-h/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await comparison.scrollIntoViewIfNeeded();
  const fits = await page.evaluate(() =>
    [...document.querySelectorAll('.sw-summary, .sw-weeks, .sw-table')].every((t) => t.getBoundingClientRect().right <= window.innerWidth),
  );
  expect(fits).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await app.screenshot('projects-scenario-compare-1280');

  // Promote: the scenario becomes the plan, the old plan a scenario; then undo.
  await scenarios.getByRole('button', { name: 'Promote Balanced, more M3' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Plan · VitalDB/ })).toBeVisible();
  await expect(kpi(page, 'Planned cost')).toHaveText(editedCost);
  await expect(scenarios.getByRole('row', { name: /Plan before "Balanced, more M3"/ })).toBeVisible();
  await expect(scenarios.getByRole('row', { name: /Balanced, more M3/ }).filter({ hasNotText: 'Plan before' })).toHaveCount(0);
  await app.screenshot('projects-promoted');
  await scenarios.getByRole('button', { name: 'Undo promote' }).click();
  await expect(kpi(page, 'Planned cost')).toHaveText(planCost!);
  await expect(scenarios.getByRole('row', { name: /Plan before/ })).toHaveCount(0);
  await expect(scenarios.getByRole('row', { name: /Balanced, more M3/ })).toBeVisible();
});

test.describe.serial('plan files', () => {
  const file = path.join(tmp, 'vitaldb.gpuplan');
  let exported: { show: unknown; figures: string[] } | null = null;
  const figures = async (page: Page) => [
    ...(await page.locator('.kpi').filter({ hasNotText: 'Today' }).locator('.kpi-value').allTextContents()),
    ...(await page
      .getByRole('region', { name: 'Scenarios' })
      .locator('tbody tr td:nth-child(3), tbody tr td:nth-child(5), tbody tr td:nth-child(6)')
      .allTextContents()),
  ];

  test('a project exported to a .gpuplan file…', async ({ app, page }) => {
    await openPlan(page);
    await app.stubSaveFile(file);
    await projectMenu(page, 'Export plan file…');
    await page.getByRole('dialog', { name: 'Export plan file' }).getByRole('button', { name: 'Choose where to save…' }).click();
    await expect(page.getByRole('status')).toContainText(/Saved .*vitaldb\.gpuplan \(\d+ KB, 3 scenarios\)/);
    exported = {
      show: app.context ? normalized(app.context.services.plan.show('vitaldb-2025'), 'vitaldb-2025') : null,
      figures: await figures(page),
    };
  });

  test('…imported on a fresh data folder with every figure equal', async ({ app, page }) => {
    test.skip(!exported, 'needs the export test');
    await app.stubOpenFile(file);
    await projectMenu(page, 'Import plan file as a new project…');
    // The fresh data folder holds the bundled example too: the copy gets a name of its own.
    await expect(page.getByRole('status')).toContainText(/a new project “VitalDB .*\(2\)” with 3 scenarios/);
    await expect(page.getByRole('heading', { level: 1, name: /Plan · VitalDB/ })).toBeVisible();
    const id = await switcher(page).inputValue();
    expect(id).toMatch(/^p-/);
    await expect.poll(() => figures(page)).toEqual(exported!.figures);
    if (app.context) {
      const shown = app.context.services.plan.show(id);
      expect(shown.project.name).toMatch(/ \(2\)$/);
      expect(normalized({ ...shown, project: { ...shown.project, name: shown.project.name.replace(/ \(2\)$/, '') } }, id)).toEqual(
        exported!.show,
      );
    }
    await app.screenshot('projects-imported');
  });

  test('bad plan files are refused with the reason, and nothing is half-created', async ({ app, page }) => {
    const good = fs.readFileSync(file, 'utf8');
    const count = async () => switcher(page).locator('option').count();
    const before = await count();
    const tables = () =>
      app.context?.db
        .prepare(
          'SELECT (SELECT COUNT(*) FROM projects) + (SELECT COUNT(*) FROM tracks) + (SELECT COUNT(*) FROM allocations) + (SELECT COUNT(*) FROM scenarios) AS n',
        )
        .get();
    const rows = tables();
    const attempt = async (name: string, text: string, reason: RegExp) => {
      const bad = path.join(tmp, name);
      fs.writeFileSync(bad, text);
      await app.stubOpenFile(bad);
      await projectMenu(page, 'Import plan file as a new project…');
      await expect(page.getByRole('alert')).toContainText(reason);
      expect(await count()).toBe(before);
      expect(tables()).toEqual(rows);
    };
    const doc = JSON.parse(good) as { schemaVersion: number; plan: { allocations: Array<Record<string, unknown>>; notes: string[] } };
    await attempt('truncated.gpuplan', good.slice(0, 4000), /truncated/);
    await app.screenshot('projects-bad-file');
    await attempt(
      'newer.gpuplan',
      JSON.stringify({ ...doc, schemaVersion: 2 }),
      /newer version of GPU Planner \(plan file schema 2; this version reads up to 1\)/,
    );
    const typed = JSON.parse(good) as typeof doc;
    typed.plan.allocations[2]!.gpuCount = 'two';
    await attempt('types.gpuplan', JSON.stringify(typed), /plan\.allocations\[2\]\.gpuCount/);
    const notes = JSON.parse(good) as typeof doc;
    notes.plan.notes.push('n'.repeat(50 * 1024 * 1024));
    await attempt('notes.gpuplan', JSON.stringify(notes), /MB; a plan file holds at most 32 MB/);
  });
});
