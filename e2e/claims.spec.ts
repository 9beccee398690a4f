import { expect, test } from './fixtures';

test("the plan's claims show the author's figure beside the app's, computed now, with no stale claim", async ({ app, page }) => {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Plan/ }).click();
  await expect(page.locator('[data-plan-ready="true"]')).toBeVisible();
  const claims = page.getByRole('region', { name: 'Claims to check' });
  await claims.scrollIntoViewIfNeeded();
  await expect(claims.getByText(/App's figures computed .* UTC from the current catalog, estimator and plan checks/)).toBeVisible();

  const params = claims.locator('tr[data-claim-id="claim-params"]');
  await expect(params).toContainText('21 M parameters');
  await expect(params).toContainText(/7\.22 M parameters/);
  await expect(params.locator('.badge').first()).toHaveText('doubtful');

  const l4 = claims.locator('tr[data-claim-id="claim-l4-4x-t4"]');
  await expect(l4).toContainText(/estimator: [\d.]+ h on NVIDIA T4 16GB .* ÷ [\d.]+ h on NVIDIA L4 24GB/);
  await expect(l4.locator('.badge').first()).toHaveText('wrong');

  await expect(claims.locator('tr[data-claim-id="claim-m3-window"]')).toContainText('192 GPU-h between 2026-01-10 and 2026-01-17');
  await expect(claims.locator('tr[data-claim-id="claim-m2-exp-fits"] [data-checks-say="true"]')).toContainText(
    "the text says the plan's check milestone-short-hours on m2 does not flag it: true today",
  );
  await expect(claims.locator('tr[data-stale="true"]')).toHaveCount(0);
  await expect(claims.getByText(/stale/)).toHaveCount(0);

  await claims.locator('tr[data-claim-id="claim-params"]').scrollIntoViewIfNeeded();
  await app.screenshot('plan-claims');
});
