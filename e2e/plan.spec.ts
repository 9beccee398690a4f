import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, repoRoot, test } from './fixtures';

interface ExampleAllocation { trackId: string; week: string; gpuId: string; hours: number; gpuCount: number }
const example = JSON.parse(fs.readFileSync(path.join(repoRoot, 'resources', 'example', 'vitaldb-project.json'), 'utf8')) as { plan: { allocations: ExampleAllocation[] } };
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
  for (const m of ['M1 50 Cases, Proof of Concept', 'M2 200 Cases, Validation', 'M3 1000 Cases, Production']) await expect(milestones.getByText(m)).toBeVisible();
  await expect(timeline.locator('.pt-milestone')).toHaveCount(4); // M1, M2 experimentation + final run, M3
  for (const a of example.plan.allocations) {
    await expect(cell(page, a.trackId, a.week)).toHaveAttribute('aria-label', new RegExp(`${short[a.gpuId]} ${a.gpuCount}× ${a.hours} h`));
  }
  const problems = page.getByRole('region', { name: 'Problems' });
  await expect(problems.getByText(/M2 Experimentation: 120 l4-24gb GPU-hours/)).toBeVisible();
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

  // Keyboard: + adds 4 hours; Shift+→ extends the bar; Delete removes; Enter books an empty week.
  await cell(page, 'track-vitaldb', '2026-W01').focus();
  await page.keyboard.press('+');
  await expect(cell(page, 'track-vitaldb', '2026-W01')).toHaveAttribute('aria-label', /A100 1× 16 h/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, 'track-vitaldb', '2026-W05')).toBeFocused();
  await page.keyboard.press('Enter');
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
  if (saved) expect(saved.weeks.find((w) => w.week === '2026-W05')!.allocations).toEqual([expect.objectContaining({ gpuId: 'a100-sxm-40gb', gpuCount: 1, hours: 20 })]);
});

test('the Problems panel jumps to the cell; month zoom groups the weeks', async ({ app, page }) => {
  await openPlan(page);
  await page.getByRole('region', { name: 'Problems' }).getByRole('button', { name: /milestone short of hours/ }).click();
  await expect(page.locator('[data-cell="milestone:m2-experimentation"]')).toBeFocused();
  await page.getByRole('region', { name: 'Problems' }).getByRole('button', { name: /pool shared at once · 2026-W04/ }).click();
  await expect(page.locator('[data-cell="pool:pool-colab-pro-plus:2026-W04"]')).toBeFocused();
  await page.getByRole('button', { name: 'Months' }).click();
  const months = page.getByRole('table', { name: 'Plan by month' });
  await expect(months.getByRole('columnheader', { name: /Dec 2025/ })).toBeVisible();
  await expect(months.getByRole('columnheader', { name: /Jan 2026/ })).toBeVisible();
  await app.screenshot('plan-months');
});
