import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { insertProject } from '../electron/db/queries/plan';
import { syntheticPlan } from '../shared/domain/plan/synthetic';
import { expect, repoRoot, test } from './fixtures';

interface ExampleAllocation {
  trackId: string;
  week: string;
  gpuId: string;
  hours: number;
  gpuCount: number;
}
const example = JSON.parse(fs.readFileSync(path.join(repoRoot, 'resources', 'example', 'vitaldb-project.json'), 'utf8')) as {
  plan: { allocations: ExampleAllocation[] };
};
const short: Record<string, string> = { 't4-16gb': 'T4', 'l4-24gb': 'L4', 'a100-sxm-40gb': 'A100' };

async function openPlan(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Plan/ }).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
}
const cell = (page: Page, trackId: string, week: string) => page.locator(`[data-cell="track:${trackId}:${week}"]`);

test('the VitalDB example opens with its 2 tracks, 3 milestones, the seed’s weekly bookings and its problems', async ({ app, page }) => {
  await openPlan(page);
  await expect(page.getByRole('heading', { level: 1, name: /Plan · VitalDB/ })).toBeVisible();
  const timeline = page.getByRole('grid', { name: 'Plan timeline' });
  await expect(timeline.locator('.pt-lane')).toHaveCount(2);
  await expect(timeline.getByText('Aswanth Kumar')).toBeVisible();
  await expect(timeline.getByText('Jayanth Tatineni')).toBeVisible();
  const milestones = page.getByRole('region', { name: 'Milestones' });
  for (const m of ['M1 50 Cases, Proof of Concept', 'M2 200 Cases, Validation', 'M3 1000 Cases, Production'])
    await expect(milestones.getByText(m)).toBeVisible();
  await expect(timeline.locator('.pt-milestone')).toHaveCount(4); // M1, M2 experimentation + final run, M3
  for (const a of example.plan.allocations) {
    await expect(cell(page, a.trackId, a.week)).toHaveAttribute('aria-label', new RegExp(`${short[a.gpuId]} ${a.gpuCount}× ${a.hours} h`));
  }
  const problems = page.getByRole('region', { name: 'Problems' });
  // The seed's M2 experimentation (4-7 runs × 24-36 h) cannot fit Dec 24-28 on one L4; the app's estimate from the
  // saved workload sits beside the author's figures and is what the check uses.
  const m2 = page.getByRole('region', { name: 'Milestones' }).getByRole('row', { name: /Experimentation/ });
  await expect(m2).toContainText(/app estimate [\d.]+ h, \$[\d.]+ \(estimator: .* on L4 24GB/);
  await expect(m2).toContainText('author: 96–252 h');
  await expect(page.getByRole('region', { name: 'Claims to check' }).getByText(/Dec 24-28 holds at most 120 h of one L4/)).toBeVisible();
  await expect(problems.getByText('pool shared at once · 2026-W03')).toBeVisible();
  await expect(problems.getByText('over the budget · 2026-W04')).toBeVisible();
  await expect(page.locator('[data-cell="pool:pool-colab-pro-plus:2026-W03"]')).toHaveClass(/turns/);
  await app.screenshot('plan-timeline');
  await page.locator('main.content').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await page.getByRole('region', { name: 'Scenarios' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('region', { name: 'Scenarios' }).getByText('Option 1: Cost-Optimized (T4 Only)')).toBeVisible();
  await app.screenshot('plan-scenarios');
  await page.getByRole('region', { name: 'Problems' }).scrollIntoViewIfNeeded();
  await app.screenshot('plan-problems');
});

test('bars move with the mouse and the keyboard; undo and redo with buttons and Ctrl+Z / Ctrl+Shift+Z', async ({ app, page }) => {
  await openPlan(page);
  // Mouse: drag Jayanth's L4 bar (2026-W02 … W04) one week to the right.
  const bar = page.locator('[data-run="track-multisensor:l4-24gb:2026-W02"]');
  const box = (await bar.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 30 + 60, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 30 + 112, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(cell(page, 'track-multisensor', '2026-W05')).toHaveAttribute('aria-label', /L4 1× 20 h/);
  await expect(cell(page, 'track-multisensor', '2026-W02')).toHaveAttribute('aria-label', /T4 1× 10 h$/);
  await page.getByRole('button', { name: '↶ Undo' }).click();
  await expect(cell(page, 'track-multisensor', '2026-W05')).toHaveAttribute('aria-label', /empty/);
  await expect(cell(page, 'track-multisensor', '2026-W02')).toHaveAttribute('aria-label', /L4 1× 10 h/);

  // Mouse: drag the right edge of Aswanth's A100 bar one week longer.
  const a100 = page.locator('[data-run="track-vitaldb:a100-sxm-40gb:2026-W01"]');
  const abox = (await a100.boundingBox())!;
  await page.mouse.move(abox.x + abox.width - 3, abox.y + abox.height / 2);
  await page.mouse.down();
  await page.mouse.move(abox.x + abox.width - 3 + 112, abox.y + abox.height / 2, { steps: 6 });
  await page.mouse.up();
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toHaveAttribute('aria-label', /A100 1× 72 h/);
  await page.keyboard.press('Control+z');
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toHaveAttribute('aria-label', /empty/);

  // Keyboard: Alt+→ moves the week-6 A100 booking, Ctrl+Z undoes, Ctrl+Shift+Z redoes.
  await cell(page, 'track-vitaldb', '2026-W04').click();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toHaveAttribute('aria-label', /A100 1× 72 h/);
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toBeFocused();
  await page.keyboard.press('Control+z');
  await expect(cell(page, 'track-vitaldb', '2026-W04')).toHaveAttribute('aria-label', /A100 1× 72 h/);
  await page.keyboard.press('Control+Shift+z');
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toHaveAttribute('aria-label', /A100 1× 72 h/);
  await page.getByRole('button', { name: '↶ Undo' }).click();
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toHaveAttribute('aria-label', /empty/);

  // Keyboard: + adds 4 hours; Shift+→ extends the bar; Delete removes; Enter on an empty week opens the booking editor
  // on a draft and books nothing by itself (issue 19, item 18); the draft is booked by its Book button.
  await cell(page, 'track-vitaldb', '2026-W01').focus();
  await page.keyboard.press('+');
  await expect(cell(page, 'track-vitaldb', '2026-W01')).toHaveAttribute('aria-label', /A100 1× 16 h/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toBeFocused();
  await page.keyboard.press('Enter');
  const draft = page.getByRole('region', { name: 'Booking' });
  await expect(draft).toContainText('New booking');
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toHaveAttribute('aria-label', /empty/);
  // An empty "Hours this week" is an error at its field, not 0; every field's error shows at once.
  await page.getByLabel('Hours this week').fill('');
  await page.getByLabel('GPUs').fill('0');
  await draft.getByRole('button', { name: 'Book' }).click();
  await expect(draft.locator('[data-field="pt-hours"] [role="alert"]')).toHaveText(
    /Enter the hours this week \(0 to 168\); an empty field is not 0/,
  );
  await expect(draft.locator('[data-field="pt-gpus"] [role="alert"]')).toHaveText('Book at least 1 GPU, as a whole number.');
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toHaveAttribute('aria-label', /empty/);
  await app.screenshot('plan-draft-errors');
  await page.getByLabel('Hours this week').fill('20');
  await page.getByLabel('GPUs').fill('1');
  await draft.getByRole('button', { name: 'Book' }).click();
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toHaveAttribute('aria-label', /A100 1× 20 h/);
  await expect(page.getByRole('region', { name: 'Booking' })).toBeVisible();
  await app.screenshot('plan-keyboard-edit');

  // A refused edit: the message sits at the field, nothing is saved.
  await page.getByLabel('Hours this week').fill('-5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Booking' }).getByRole('alert')).toHaveText('Hours cannot be negative.');
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toHaveAttribute('aria-label', /A100 1× 20 h/);
  await page.getByLabel('GPUs').fill('4');
  await page.getByLabel('Hours this week').fill('10');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Booking' }).getByRole('alert')).toContainText('has 1 GPU');
  await app.screenshot('plan-validation');
  const saved = app.context?.services.plan.show();
  if (saved)
    expect(saved.weeks.find((w) => w.week === '2026-W05')!.allocations).toEqual([
      expect.objectContaining({ gpuId: 'a100-sxm-40gb', gpuCount: 1, hours: 20 }),
    ]);
});

test('the Problems panel jumps to the cell; month zoom groups the weeks', async ({ app, page }) => {
  await openPlan(page);
  await page
    .getByRole('region', { name: 'Problems' })
    .getByRole('button', { name: /outside the track's dates · 2026-W04/ })
    .click();
  await expect(cell(page, 'track-multisensor', '2026-W04')).toBeFocused();
  await page
    .getByRole('region', { name: 'Milestones' })
    .getByRole('row', { name: /Experimentation/ })
    .click();
  await expect(page.locator('[data-cell="milestone:m2-experimentation"]')).toBeFocused();
  await page
    .getByRole('region', { name: 'Problems' })
    .getByRole('button', { name: /pool shared at once · 2026-W04/ })
    .click();
  await expect(page.locator('[data-cell="pool:pool-colab-pro-plus:2026-W04"]')).toBeFocused();
  await page.getByRole('button', { name: 'Months' }).click();
  const months = page.getByRole('table', { name: 'Plan by month' });
  await expect(months.getByRole('columnheader', { name: /Dec 2025/ })).toBeVisible();
  await expect(months.getByRole('columnheader', { name: /Jan 2026/ })).toBeVisible();
  await app.screenshot('plan-months');
});

test('tracks, milestones, pools and the project are added and edited in forms; a bad range is refused at the field; undo/redo', async ({
  app,
  page,
}) => {
  await openPlan(page);
  const timeline = page.getByRole('grid', { name: 'Plan timeline' });
  const parts = page.getByRole('region', { name: 'Plan parts' });

  // An existing milestone's form: two phases, each with the author's figures beside the app's estimate.
  await parts.getByRole('button', { name: 'Edit milestone M2 200 Cases, Validation' }).click();
  let dialog = page.getByRole('dialog', { name: /Edit milestone · M2/ });
  await expect(dialog.getByRole('group', { name: 'Phase 2' })).toContainText("Author's estimate");
  await expect(dialog.getByRole('group', { name: 'Phase 1' })).toContainText(/App's estimate\s*[\d.]+ GPU-h/);
  await app.screenshot('plan-edit-milestone-estimates');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Add a track.
  await parts.getByRole('button', { name: '+ Add track' }).click();
  dialog = page.getByRole('dialog', { name: 'Add track' });
  await dialog.getByLabel('Track name').fill('Foundation model probe');
  await dialog.getByLabel('Owner').fill('Priya Raman');
  await dialog.getByLabel('Focus').fill('Linear probes on PPG embeddings');
  await dialog.getByLabel('Colour', { exact: true }).fill('#7c3aed');
  await app.screenshot('plan-add-track');
  await dialog.getByRole('button', { name: 'Add track' }).click();
  await expect(dialog).toBeHidden();
  await expect(timeline.locator('.pt-lane')).toHaveCount(3);
  await expect(timeline.getByText('Priya Raman')).toBeVisible();

  // Add a milestone to it, on an offering from the catalog.
  await parts.getByRole('button', { name: 'Add milestone to Foundation model probe' }).click();
  dialog = page.getByRole('dialog', { name: 'Add milestone' });
  await expect(dialog.getByLabel('Track')).toHaveValue(/track-/);
  await dialog.getByLabel('Code').fill('P1');
  await dialog.getByLabel('Milestone name').fill('Probe baseline');
  await dialog.getByLabel('Start').fill('2025-12-15');
  await dialog.getByLabel('End').fill('2025-12-28');
  await dialog.getByLabel('Runs (low)').fill('2');
  await dialog.getByLabel('Runs (high)').fill('4');
  await app.screenshot('plan-add-milestone');
  await dialog.getByRole('button', { name: 'Add milestone' }).click();
  await expect(dialog).toBeHidden();
  await expect(parts.getByRole('list', { name: 'Milestone list' }).getByText('Probe baseline')).toBeVisible();
  await expect(timeline.locator('.pt-milestone')).toHaveCount(5);

  // Edit its dates into an invalid range: the message sits at the End field, nothing is saved.
  await parts.getByRole('button', { name: 'Edit milestone P1 Probe baseline' }).click();
  dialog = page.getByRole('dialog', { name: /Edit milestone · P1/ });
  await dialog.getByLabel('End').fill('2025-12-01');
  await dialog.getByRole('button', { name: 'Save milestone' }).click();
  await expect(dialog.locator('[data-field="mf-0-end"]').getByRole('alert')).toHaveText(
    'The end (2025-12-01) is before the start (2025-12-15).',
  );
  await expect(dialog.getByLabel('End')).toHaveClass(/invalid/);
  await app.screenshot('plan-milestone-invalid');
  const stored = () => app.context?.services.plan.show().milestones.find((m) => m.code === 'P1');
  if (app.context) expect(stored()).toMatchObject({ start: '2025-12-15', end: '2025-12-28' });
  // A valid range saves.
  await dialog.getByLabel('End').fill('2026-01-04');
  await dialog.getByRole('button', { name: 'Save milestone' }).click();
  await expect(dialog).toBeHidden();
  await expect(parts.getByText('2025-12-15 → 2026-01-04')).toBeVisible();
  if (app.context) expect(stored()).toMatchObject({ end: '2026-01-04' });

  // Undo the date change, the milestone, the track; redo them back.
  const undo = page.getByRole('button', { name: '↶ Undo' });
  const redo = page.getByRole('button', { name: '↷ Redo' });
  await undo.click();
  await expect(parts.getByText('2025-12-15 → 2025-12-28')).toBeVisible();
  await undo.click();
  await expect(parts.getByText('Probe baseline')).toHaveCount(0);
  await undo.click();
  await expect(timeline.locator('.pt-lane')).toHaveCount(2);
  await redo.click();
  await expect(timeline.locator('.pt-lane')).toHaveCount(3);
  await redo.click();
  await redo.click();
  await expect(parts.getByText('2025-12-15 → 2026-01-04')).toBeVisible();

  // A pool and the project through their forms; a bad budget is refused at the field.
  await parts.getByRole('button', { name: '+ Add pool' }).click();
  dialog = page.getByRole('dialog', { name: 'Add capacity pool' });
  await dialog.getByLabel('Pool name').fill('Lab workstation');
  await dialog.getByLabel('Capacity').fill('2');
  await dialog.getByRole('button', { name: 'Add pool' }).click();
  await expect(dialog.locator('[data-field="cf-offerings"]').getByRole('alert')).toHaveText(
    'Say which offerings or GPU types the pool admits.',
  );
  await dialog.getByLabel(/GPU types admitted/).selectOption(['l4-24gb']);
  await dialog.getByRole('button', { name: 'Add pool' }).click();
  await expect(dialog).toBeHidden();
  await expect(timeline.getByText('Lab workstation')).toBeVisible();
  await parts.getByRole('button', { name: 'Edit project' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit project' });
  await dialog.getByLabel('Total budget').fill('-10');
  await dialog.getByRole('button', { name: 'Save project' }).click();
  await expect(dialog.locator('[data-field="pf-budget"]').getByRole('alert')).toContainText('An amount of 0 or more');
  await dialog.getByLabel('Total budget').fill('800');
  await dialog.getByRole('button', { name: 'Save project' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/of \$800\.00 budget/)).toBeVisible();
  await parts.scrollIntoViewIfNeeded();
  await app.screenshot('plan-parts');

  // Duplicate into a scenario: it shows in the comparison.
  const scenarios = page.getByRole('region', { name: 'Scenarios' });
  await scenarios.getByLabel('Scenario name').fill('With the probe track');
  await scenarios.getByRole('button', { name: 'Duplicate plan into a scenario' }).click();
  await expect(scenarios.getByRole('row', { name: /With the probe track/ })).toBeVisible();
  await scenarios.getByRole('row', { name: /With the probe track/ }).scrollIntoViewIfNeeded();
  await app.screenshot('plan-scenarios-compare');
  await scenarios.getByRole('button', { name: 'Delete scenario With the probe track' }).click();
  await scenarios.getByRole('button', { name: 'Delete “With the probe track”' }).click(); // the confirmation (issue 12)
  await expect(scenarios.getByRole('row', { name: /With the probe track/ })).toHaveCount(0);
  await expect(scenarios.getByRole('row', { name: /Option 2: Balanced/ })).toBeVisible();
});

test('a 20-track × 104-week plan mounts only the weeks and rows in view; keys, wheel and problem jumps reach cells out of it', async ({
  app,
  page,
}) => {
  test.skip(!app.context, 'inserts the synthetic plan through the browser-bridge context');
  const { plan } = syntheticPlan({ tracks: 20, weeks: 104, pools: 10 });
  const db = app.context!.db;
  db.transaction(() => insertProject(db, plan, { isExample: false, at: new Date().toISOString() }))();
  await page.reload(); // the shell loaded the project list before the insert
  await expect(page.locator('.app-shell[data-ready="true"]')).toBeVisible();
  await openPlan(page);
  await page.getByRole('combobox', { name: 'Project' }).selectOption('synthetic');
  const timeline = page.getByRole('grid', { name: 'Plan timeline' });
  await expect(timeline.locator('.pt-lane')).toHaveCount(20);
  await expect(cell(page, 'track-0', '2026-W01')).toHaveAttribute('aria-label', /^Track 0, 2026-W01: /);
  // Windowed: every lane's label, but cells only near the viewport (20 × 104 = 2,080 track cells in all).
  expect(await timeline.locator('.pt-cell').count()).toBeLessThan(200);
  await expect(cell(page, 'track-19', '2027-W52')).toHaveCount(0);

  // Keyboard: the focus walks out of the first window to the right and down; the window follows.
  await cell(page, 'track-0', '2026-W01').focus();
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
  await expect(cell(page, 'track-0', '2026-W31')).toBeFocused();
  for (let i = 0; i < 15; i++) await page.keyboard.press('ArrowDown');
  await expect(cell(page, 'track-15', '2026-W31')).toBeFocused();
  await expect(cell(page, 'track-15', '2026-W31')).toHaveAttribute('aria-label', /^Track 15, 2026-W31: \S+ \d× \d+ h/);

  // The wheel: whatever ends up in the middle of the timeline is a mounted cell or bar of the right week.
  const box = (await timeline.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(4000, 900);
  await expect.poll(() => timeline.evaluate((el) => el.scrollLeft)).toBeGreaterThan(3000);
  const hit = await page.evaluate(
    ([x, y]) => {
      const el = document.elementFromPoint(x!, y!)?.closest<HTMLElement>('[data-cell], .pt-bar');
      return el?.dataset.cell ?? el?.dataset.run ?? null;
    },
    [box.x + 220 + (box.width - 220) / 2, box.y + box.height / 2],
  );
  expect(hit).toMatch(/^(track:|pool:|totals:|milestone:)|:\d{4}-W\d\d$/);
  await app.screenshot('plan-large-scrolled');

  // Problems: the timeline at its far right end, a jump to an early week mounts that week's cell and focuses it.
  await timeline.evaluate((el) => el.scrollTo({ left: el.scrollWidth, top: 0 }));
  const problem = page
    .getByRole('region', { name: 'Problems' })
    .locator('button.pt-problem:not([data-problem^="milestone"])', {
      has: page.locator('.pt-problem-kind', { hasText: /· 2026-W(0[2-9]|1\d)$/ }),
    })
    .first();
  const week = /· (\d{4}-W\d\d)$/.exec((await problem.locator('.pt-problem-kind').textContent())!)![1]!;
  await expect(timeline.locator(`[data-cell$=":${week}"]`)).toHaveCount(0);
  await problem.click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-cell') ?? '')).toMatch(new RegExp(`:${week}$`));
  await app.screenshot('plan-large-jump');
});
